package dev.fluxbench.harness;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged harness, run as a user runs it ({@code java -jar}), against the packaged
 * stacks at a tiny scale. The reactor builds the app jars first; failsafe passes where
 * they are.
 */
class HarnessIT {

	@TempDir
	Path temporary;

	/**
	 * Seed 001's mixed run, as the quick scenario at a tiny scale: every stack under one
	 * load at the same time on the machine's PostgreSQL, each with one of the three
	 * users. The other ITs run their stacks one after the other. Unpinned: three JVMs
	 * that start on one core start slowly, and the test is about what runs when, not how
	 * fast.
	 */
	@Test
	void mixedRunShouldLoadEveryStackAtOnceOnOnePostgresAndRecordSamplesMetricsAndTheDatabasesOwnLoad()
			throws Exception {
		Path out = this.temporary.resolve("results");
		Path console = this.temporary.resolve("console.txt");
		Process harness = PackagedHarness.start(console,
				PackagedHarness.fromAotCache("run", "--stacks", "mvc,mvc-vt,webflux", "--db", "postgres", "--mixed",
						"--users", "3", "--hold", "3s", "--warmup", "1s", "--no-pinning", "--out", out.toString()));
		assertThat(harness.waitFor(8, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		assertThat(lines).last().isEqualTo("results: " + out);
		assertThat(lines)
			.anySatisfy((line) -> assertThat(line).contains("mvc+mvc-vt+webflux trial 1/1 load 1 users each"));
		ResultsDirectory results = new ResultsDirectory(out);
		List<List<Sample>> samples = new ArrayList<>();
		for (String stack : List.of("mvc", "mvc-vt", "webflux")) {
			LoadKey key = new LoadKey("quick", 1, stack, 1);
			samples.add(SamplesCsv.read(results.samplesCsv(key)));
			assertThat(samples.getLast()).as("samples of %s", stack)
				.isNotEmpty()
				.anySatisfy((sample) -> assertThat(sample.label()).isEqualTo("passthrough"))
				.anySatisfy((sample) -> assertThat(sample.label()).isEqualTo("artists-list"))
				.allSatisfy((sample) -> assertThat(sample.success()).as("%s", sample).isTrue());
			assertThat(Files.readAllLines(results.metricsCsv(key))).as("metrics of %s", stack)
				.anySatisfy((line) -> assertThat(line).contains(",app,jvm_memory_used_bytes,"))
				.anySatisfy((line) -> assertThat(line).contains(",app,rss_bytes,"))
				.anySatisfy((line) -> assertThat(line).contains(",generator,cpu_time_seconds,"))
				.anySatisfy((line) -> assertThat(line).contains(",app,jit_cpu_seconds,"));
			assertThat(results.stackDirectory(1, stack).resolve("info.json")).content().contains("\"fluxbench\"");
			// A JVM that cannot map its cache says so on its console, at error level,
			// and starts without it.
			assertThat(Files.readAllLines(results.stackDirectory(1, stack).resolve("app.log"),
					StandardCharsets.ISO_8859_1))
				.as("console of %s", stack)
				.noneMatch((line) -> line.contains("[error][aot"));
		}
		if (Launcher.canUseAotCache()) {
			assertThat(RunJson.read(results.runJson()).appJvmFlags())
				.anyMatch((flag) -> flag.startsWith("-XX:AOTCache="));
		}
		// All at once: each stack's samples began before every other's ended.
		for (List<Sample> one : samples) {
			for (List<Sample> other : samples) {
				assertThat(first(one)).isBefore(last(other));
			}
		}
		// PostgreSQL's own count, read beside the first stack's metrics only: it is one
		// for all of them.
		assertThat(Files.readAllLines(results.metricsCsv(new LoadKey("quick", 1, "mvc", 1))))
			.anySatisfy((line) -> assertThat(line).contains(",database,pg_stat_database_numbackends,"))
			.anySatisfy((line) -> assertThat(line).contains(",database,pg_stat_database_xact_commit_total,"));
		assertThat(Files.readAllLines(results.metricsCsv(new LoadKey("quick", 1, "webflux", 1))))
			.noneSatisfy((line) -> assertThat(line).contains(",database,"));
		// A second of warm-up is shorter than the 5 s a target must be steady over: each
		// ran to its maximum and says it never became steady.
		RunJson run = RunJson.read(results.runJson());
		assertThat(run.targetRuns()).hasSize(3).allSatisfy((target) -> {
			Warmup warmup = target.warmup().orElseThrow();
			assertThat(warmup.maximum()).isEqualTo(Duration.ofSeconds(1));
			assertThat(warmup.steady()).isFalse();
			assertThat(warmup.samples()).isPositive();
		});
		assertThat(run.mixed()).hasValueSatisfying((mixed) -> {
			assertThat(mixed.targets()).containsExactly("mvc", "mvc-vt", "webflux");
			assertThat(mixed.split()).startsWith("each target ran 1/3 of every load's users");
		});
		assertThat(lines).anySatisfy((line) -> assertThat(line).contains("warm-up: never steady in"));
		assertThat(Files.readAllLines(results.summaryCsv())).filteredOn((line) -> line.contains(",*,")).hasSize(3);
		assertThat(results.runJson()).content()
			.contains("\"status\": \"finished\"", "\"scale\": 1.0", "-XX:ActiveProcessorCount=", "\"commit\"",
					"\"jmeter-java-dsl\": \"2.2\"");
		assertThat(lines).contains("report: " + out.resolve("report.html"));
		assertThat(out.resolve("report.md")).content()
			.contains("# fluxbench report: quick", "Status: finished", "(a mixed run)", "## Database",
					"| Mixed run | mvc, mvc-vt, webflux under each load at the same time")
			// A warm-up of a second may leave the JIT compiling into the loads, which
			// marks them.
			.containsPattern("\\| mvc-vt \\| 1( \\(not steady\\))? \\| passthrough \\|")
			.containsPattern("\\| 1 \\| mvc, mvc-vt, webflux \\| 1[^|]*\\| [1-9]\\d* \\| [\\d.]*[1-9][\\d.]* \\|");
		assertThat(out.resolve("summary.json")).content().contains("\"complete\": true");
	}

	@Test
	void thesisRunOnTwoNodesShouldAuthenticateAgainstTheDirectoryCacheInRedisAndSpreadOverBothNodes() throws Exception {
		Path out = this.temporary.resolve("thesis");
		Path console = this.temporary.resolve("thesis-console.txt");
		// Scaled so that the thesis' 60 s ramp-up takes 3 s: 40 users become 2, a 40 s
		// hold 2 s. One trial of the scenario's three, unpinned, because the test is
		// about what each stack answers, and a JVM pinned to one core starts slowly. Each
		// stack runs as the thesis ran it, two nodes behind a balancer.
		Process harness = PackagedHarness.start(console,
				PackagedHarness.fromAotCache("run", "--scenario", "thesis-normal", "--stacks", "mvc-redis,webflux",
						"--users", "40", "--hold", "40s", "--scale", "0.05", "--warmup", "1s", "--trials", "1",
						"--no-pinning", "--nodes", "2", "--out", out.toString()));
		// Six JVM start-ups: on a busy machine they may take minutes, so the bound only
		// catches a harness that hangs.
		assertThat(harness.waitFor(15, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		ResultsDirectory results = new ResultsDirectory(out);
		for (String stack : List.of("mvc-redis", "webflux")) {
			LoadKey key = new LoadKey("thesis-normal", 2, stack, 1);
			// Every lookup got past LDAP and the requester check and said "success":
			// true.
			assertThat(SamplesCsv.read(results.samplesCsv(key))).as("samples of %s", stack)
				.isNotEmpty()
				.allSatisfy((sample) -> {
					assertThat(sample.label()).isEqualTo("unit-lookup");
					assertThat(sample.success()).as("%s", sample).isTrue();
				});
			assertThat(Files.readAllLines(results.metricsCsv(key))).as("metrics of %s", stack)
				.anySatisfy((line) -> assertThat(line).contains(",ldap,cpu_time_seconds,"));
		}
		assertThat(Files.readAllLines(results.metricsCsv(new LoadKey("thesis-normal", 2, "mvc-redis", 1))))
			.anySatisfy((line) -> assertThat(line).contains("cache_gets_total").contains("result=\"\"hit\"\""));
		assertThat(results.stackDirectory(1, "mvc-redis").resolve("info.json")).content().contains("distributed");
		// nginx spread the load: each node of each stack served requests of its own.
		assertThat(out.resolve("report.md")).content()
			.containsPattern("\\| 2 \\| mvc-redis \\| 1[^|]*\\| node 1: [1-9]\\d* \\([^)]*\\), node 2: [1-9]\\d* \\(")
			.containsPattern("\\| 2 \\| webflux \\| 1[^|]*\\| node 1: [1-9]\\d* \\([^)]*\\), node 2: [1-9]\\d* \\(");
		assertThat(results.stackDirectory(1, "webflux").resolve("app-2.log")).isNotEmptyFile();
		assertThat(results.stackDirectory(1, "webflux").resolve("nginx/nginx.conf")).content()
			.contains("upstream nodes", "keepalive 512;");
		assertThat(results.runJson()).content()
			// Every key is always there, null when it does not apply: these must hold
			// something.
			.contains("\"directory\": {", "\"redis\": {", "\"bodyPattern\": \"", "\"Authorization\"", "\"cluster\": {",
					"\"nodes\": 2")
			.doesNotContain("bG9hZHRlc3Q6bG9hZHRlc3Qtc2VjcmV0");
	}

	private static Instant first(List<Sample> samples) {
		return samples.stream().map(Sample::timestamp).min(Comparator.naturalOrder()).orElseThrow();
	}

	private static Instant last(List<Sample> samples) {
		return samples.stream().map(Sample::timestamp).max(Comparator.naturalOrder()).orElseThrow();
	}

}

package dev.fluxbench.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 001's mixed run, as a user runs it: two stacks under one load at the same time, on
 * the PostgreSQL server the machine runs, each with half of the users.
 */
class MixedIT {

	@TempDir
	Path temporary;

	@Test
	void mixedRunShouldLoadEveryStackAtOnceOnOnePostgresAndReportTheDatabasesOwnLoad() throws Exception {
		Path out = this.temporary.resolve("results");
		Path console = this.temporary.resolve("console.txt");
		// Unpinned: two JVMs pinned to one core start slowly, and the test is about what
		// runs when, not how fast.
		Process harness = PackagedHarness.start(console, "run", "--stacks", "mvc,webflux", "--db", "postgres",
				"--mixed", "--users", "4", "--hold", "4s", "--warmup", "1s", "--trials", "1", "--no-pinning", "--out",
				out.toString());
		// Two JVM start-ups: on a busy machine they may take minutes, so the bound only
		// catches a harness that hangs.
		assertThat(harness.waitFor(10, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		ResultsDirectory results = new ResultsDirectory(out);
		// Each stack had 2 of the 4 users, and both were under load at once: each one's
		// samples began before the other's ended.
		List<Sample> mvc = SamplesCsv.read(results.samplesCsv(new LoadKey("quick", 2, "mvc", 1)));
		List<Sample> webflux = SamplesCsv.read(results.samplesCsv(new LoadKey("quick", 2, "webflux", 1)));
		assertThat(mvc).isNotEmpty().allSatisfy((sample) -> assertThat(sample.success()).as("%s", sample).isTrue());
		assertThat(webflux).isNotEmpty().allSatisfy((sample) -> assertThat(sample.success()).as("%s", sample).isTrue());
		assertThat(first(mvc)).isBefore(last(webflux));
		assertThat(first(webflux)).isBefore(last(mvc));
		assertThat(lines).anySatisfy((line) -> assertThat(line).contains("mvc+webflux trial 1/1 load 2 users each"));
		RunJson run = RunJson.read(results.runJson());
		assertThat(run.status()).isEqualTo(RunJson.Status.FINISHED);
		assertThat(run.mixed()).hasValueSatisfying((mixed) -> {
			assertThat(mixed.targets()).containsExactly("mvc", "webflux");
			assertThat(mixed.split()).startsWith("each target ran 1/2 of every load's users");
		});
		// PostgreSQL's own count, read beside the first stack's metrics.
		assertThat(Files.readAllLines(results.metricsCsv(new LoadKey("quick", 2, "mvc", 1))))
			.anySatisfy((line) -> assertThat(line).contains(",database,pg_stat_database_numbackends,"))
			.anySatisfy((line) -> assertThat(line).contains(",database,pg_stat_database_xact_commit_total,"));
		assertThat(out.resolve("report.md")).content()
			.contains("(a mixed run)", "## Database", "| Mixed run | mvc, webflux under each load at the same time")
			.containsPattern("\\| 2 \\| mvc, webflux \\| 1[^|]*\\| [1-9]\\d* \\| [\\d.]*[1-9][\\d.]* \\|");
	}

	private static Instant first(List<Sample> samples) {
		return samples.stream().map(Sample::timestamp).min(Comparator.naturalOrder()).orElseThrow();
	}

	private static Instant last(List<Sample> samples) {
		return samples.stream().map(Sample::timestamp).max(Comparator.naturalOrder()).orElseThrow();
	}

}

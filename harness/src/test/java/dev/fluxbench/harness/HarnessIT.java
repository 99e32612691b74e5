package dev.fluxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.awaitility.Awaitility;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.fluxbench.harness.results.FaultsJson;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.MetricsCsv;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.SummaryJson;
import dev.fluxbench.harness.results.Warmup;

/**
 * The packaged harness, run as a user runs it ({@code java -jar}), against the packaged
 * stacks at a tiny scale. The reactor builds the app jars first; failsafe passes where
 * they are.
 */
class HarnessIT {

	private static final Path PROJECT_ROOT = Path.of(System.getProperty("fluxbench.home", "..")).toAbsolutePath();

	private static final Path HARNESS_JAR = Path
		.of(System.getProperty("fluxbench.harness.jar", "target/fluxbench-harness.jar"))
		.toAbsolutePath();

	/**
	 * mvc's first trial in a load table; without a warm-up, its JIT may still compile
	 * during the load, which marks it not steady.
	 */
	private static final String MVC_TRIAL_1_ALL = "\\| mvc \\| 1( \\(not steady\\))? \\| all \\|";

	@TempDir
	Path temporary;

	@Test
	void runRecordsSamplesMetricsAndSummariesForEveryStack() throws Exception {
		Path out = this.temporary.resolve("results");
		Path console = this.temporary.resolve("console.txt");
		Process harness = start(console, "run", "--stacks", "mvc,mvc-vt,webflux", "--users", "2", "--hold", "2s",
				"--warmup", "1s", "--out", out.toString());
		assertThat(harness.waitFor(6, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		assertThat(lines).last().isEqualTo("results: " + out);
		ResultsDirectory results = new ResultsDirectory(out);
		for (String stack : List.of("mvc", "mvc-vt", "webflux")) {
			LoadKey key = new LoadKey("quick", 2, stack, 1);
			assertThat(SamplesCsv.read(results.samplesCsv(key))).as("samples of %s", stack)
				.isNotEmpty()
				.anySatisfy((sample) -> assertThat(sample.label()).isEqualTo("passthrough"))
				.anySatisfy((sample) -> assertThat(sample.label()).isEqualTo("artists-list"));
			assertThat(Files.readAllLines(results.metricsCsv(key))).as("metrics of %s", stack)
				.anySatisfy((line) -> assertThat(line).contains(",app,jvm_memory_used_bytes,"))
				.anySatisfy((line) -> assertThat(line).contains(",app,rss_bytes,"))
				.anySatisfy((line) -> assertThat(line).contains(",generator,cpu_time_seconds,"))
				.anySatisfy((line) -> assertThat(line).contains(",app,jit_cpu_seconds,"));
			assertThat(results.stackDirectory(1, stack).resolve("info.json")).content().contains("\"fluxbench\"");
		}
		// A second of warm-up is shorter than the 5 s a target must be steady over: each
		// ran to its maximum and says it never became steady.
		assertThat(RunJson.read(results.runJson()).targetRuns()).hasSize(3).allSatisfy((target) -> {
			Warmup warmup = target.warmup().orElseThrow();
			assertThat(warmup.maximum()).isEqualTo(Duration.ofSeconds(1));
			assertThat(warmup.steady()).isFalse();
			assertThat(warmup.samples()).isPositive();
		});
		assertThat(lines).anySatisfy((line) -> assertThat(line).contains("warm-up: never steady in"));
		assertThat(Files.readAllLines(results.summaryCsv())).filteredOn((line) -> line.contains(",*,")).hasSize(3);
		assertThat(results.runJson()).content()
			.contains("\"status\": \"finished\"", "\"scale\": 1.0", "-XX:ActiveProcessorCount=", "\"commit\"",
					"\"jmeter-java-dsl\": \"2.2\"");
		assertThat(lines).contains("report: " + out.resolve("report.html"));
		assertThat(out.resolve("report.md")).content()
			.contains("# fluxbench report: quick", "Status: finished")
			// A warm-up of a second may leave the JIT compiling into the loads, which
			// marks them.
			.containsPattern("\\| mvc-vt \\| 1( \\(not steady\\))? \\| passthrough \\|");
		assertThat(out.resolve("summary.json")).content().contains("\"complete\": true");
	}

	@Test
	void thesisRunAuthenticatesAgainstTheDirectoryAndCachesInRedis() throws Exception {
		Path out = this.temporary.resolve("thesis");
		Path console = this.temporary.resolve("thesis-console.txt");
		// Scaled so that the thesis' 60 s ramp-up takes 3 s: 40 users become 2, a 40 s
		// hold 2 s. One trial of the scenario's three, unpinned, because the test is
		// about what each stack answers, and a JVM pinned to one core starts slowly.
		Process harness = start(console, "run", "--scenario", "thesis-normal", "--stacks", "mvc-redis,webflux",
				"--users", "40", "--hold", "40s", "--scale", "0.05", "--warmup", "1s", "--trials", "1", "--no-pinning",
				"--out", out.toString());
		// Four JVM start-ups: on a busy machine they may take minutes, so the bound only
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
		assertThat(results.runJson()).content()
			// Every key is always there, null when it does not apply: these must hold
			// something.
			.contains("\"directory\": {", "\"redis\": {", "\"bodyPattern\": \"", "\"Authorization\"")
			.doesNotContain("bG9hZHRlc3Q6bG9hZHRlc3Qtc2VjcmV0");
	}

	/**
	 * Seed 003's breaker in every stack, as the harness sees it: the downstream fails
	 * every answer for 8 s in the middle of a steady load, and the scraped Resilience4j
	 * series must show each stack's breaker open during that phase and closed again after
	 * it. The apps run their own breaker settings (Hystrix's: a 10 s window, 20 calls, 5
	 * s open), so the phases leave room for them.
	 */
	@Test
	void everyStacksBreakerOpensUnderTheFailingPhaseAndClosesAfterIt() throws Exception {
		Path scenario = Files.writeString(this.temporary.resolve("breaker.yaml"), """
				version: 1
				name: breaker
				load:
				  open:
				    stages: [{rate: 20, hold: 26s}]
				    maxThreads: 200
				journey:
				  - request:
				      label: chain
				      path: /chain/${__Random(1,1000)}?depth=1&delay=10
				      checks: [{jsonPath: $.id}]
				faults:
				  - {hold: 4s}
				  - {hold: 8s, status: 503}
				  - {hold: 14s}
				""");
		Path out = this.temporary.resolve("breaker");
		Path console = this.temporary.resolve("breaker-console.txt");
		Process harness = start(console, "run", "--scenario-file", scenario.toString(), "--stacks",
				"mvc,mvc-vt,webflux", "--warmup", "2s", "--no-pinning", "--out", out.toString());
		assertThat(harness.waitFor(8, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		ResultsDirectory results = new ResultsDirectory(out);
		for (String stack : List.of("mvc", "mvc-vt", "webflux")) {
			LoadKey key = new LoadKey("breaker", 20, stack, 1);
			Instant started = FaultsJson.read(results.faultsJson(key)).orElseThrow().started().orElseThrow();
			Instant failingFrom = started.plusSeconds(4);
			Instant failingTo = started.plusSeconds(12);
			List<MetricsCsv.Line> states = MetricsCsv.read(results.metricsCsv(key))
				.stream()
				.filter((line) -> line.metric().equals("resilience4j_circuitbreaker_state") && line.value() == 1)
				.toList();
			assertThat(states).as("%s's breaker open while the downstream failed", stack).anySatisfy((line) -> {
				assertThat(line.tags()).contains("state=\"open\"");
				assertThat(line.at()).isBetween(failingFrom, failingTo.plusSeconds(1));
			});
			Instant lastOpen = states.stream()
				.filter((line) -> line.tags().contains("state=\"open\""))
				.map(MetricsCsv.Line::at)
				.max(Instant::compareTo)
				.orElseThrow();
			assertThat(states).as("%s's breaker closed after the failing phase", stack).anySatisfy((line) -> {
				assertThat(line.tags()).contains("state=\"closed\"");
				assertThat(line.at()).isAfter(lastOpen).isAfter(failingTo);
			});
			// Every request was answered, whole or degraded: the stack itself failed
			// none.
			assertThat(SamplesCsv.read(results.samplesCsv(key))).as("samples of %s", stack)
				.isNotEmpty()
				.allSatisfy((sample) -> assertThat(sample.success()).as("%s", sample).isTrue());
		}
		SummaryJson summary = SummaryJson.read(out.resolve("summary.json"));
		assertThat(summary.faults().orElseThrow().breakers()).hasSize(3).allSatisfy((breaker) -> {
			assertThat(breaker.phases()).extracting(SummaryJson.BreakerPhase::outcome).containsExactly("opened");
			assertThat(breaker.recovery()).map(SummaryJson.BreakerRecovery::outcome).hasValue("closed");
		});
	}

	@Test
	void interruptedRunLeavesNoChildAndKeepsTheFinishedLoad() throws Exception {
		Path out = this.temporary.resolve("results");
		Path console = this.temporary.resolve("console.txt");
		Process harness = start(console, "run", "--stacks", "mvc", "--users", "1,2", "--hold", "3s", "--warmup", "0s",
				"--no-pinning", "--out", out.toString());
		ResultsDirectory results = new ResultsDirectory(out);
		LoadKey finished = new LoadKey("quick", 1, "mvc", 1);
		LoadKey running = new LoadKey("quick", 2, "mvc", 1);
		Awaitility.await("the second load")
			.atMost(Duration.ofMinutes(3))
			.until(() -> Files.exists(results.samplesCsv(running)) || !harness.isAlive());
		assertThat(Files.exists(results.samplesCsv(running)))
			.as("second load started; output:%n%s", Files.exists(console) ? Files.readString(console) : "")
			.isTrue();
		List<ProcessHandle> children = new ArrayList<>(harness.descendants().toList());
		assertThat(children).as("downstream and app").hasSizeGreaterThanOrEqualTo(2);
		// What Ctrl-C sends to the harness.
		harness.destroy();
		assertThat(harness.waitFor(12, TimeUnit.SECONDS)).as("harness ended").isTrue();
		try {
			Awaitility.await("children gone after SIGTERM")
				.atMost(Duration.ofSeconds(10))
				.until(() -> children.stream().noneMatch(ProcessHandle::isAlive));
		}
		finally {
			children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
		}
		assertThat(SamplesCsv.read(results.samplesCsv(finished))).isNotEmpty();
		assertThat(Files.readAllLines(results.summaryCsv()))
			.anySatisfy((line) -> assertThat(line).startsWith("quick,1,mvc,1,*,"));
		assertThat(results.runJson()).content().contains("\"status\": \"interrupted\"");

		Path reportConsole = this.temporary.resolve("report.txt");
		Process report = start(reportConsole, "report", out.toString());
		assertThat(report.waitFor(1, TimeUnit.MINUTES)).as("report finished in time").isTrue();
		assertThat(report.exitValue()).as("report exit code; output:%n%s", Files.readString(reportConsole)).isZero();
		assertThat(out.resolve("report.md")).content()
			.contains("INTERRUPTED, PARTIAL RESULTS")
			.containsPattern(MVC_TRIAL_1_ALL);
	}

	@Test
	void aKilledHarnessLeavesNoChildNorPortAndItsFinishedLoadsReport() throws Exception {
		Path out = this.temporary.resolve("killed");
		Path console = this.temporary.resolve("killed-console.txt");
		Process harness = start(console, "run", "--stacks", "mvc", "--users", "1,2", "--hold", "3s", "--warmup", "0s",
				"--no-pinning", "--out", out.toString());
		ResultsDirectory results = new ResultsDirectory(out);
		LoadKey running = new LoadKey("quick", 2, "mvc", 1);
		Awaitility.await("the second load")
			.atMost(Duration.ofMinutes(3))
			.until(() -> Files.exists(results.samplesCsv(running)) || !harness.isAlive());
		assertThat(Files.exists(results.samplesCsv(running)))
			.as("second load started; output:%n%s", Files.readString(console))
			.isTrue();
		List<ProcessHandle> children = new ArrayList<>(harness.descendants().toList());
		List<Integer> ports = new ArrayList<>();
		Matcher port = Pattern.compile("\"port\": (\\d+)").matcher(Files.readString(results.runJson()));
		while (port.find()) {
			ports.add(Integer.parseInt(port.group(1)));
		}
		assertThat(ports).as("downstream and app ports in run.json").hasSizeGreaterThanOrEqualTo(2);
		// SIGKILL: no shutdown hook runs, so only the children's own watch on their
		// parent can end them.
		harness.destroyForcibly();
		assertThat(harness.waitFor(10, TimeUnit.SECONDS)).isTrue();
		try {
			Awaitility.await("children and their ports gone").atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
				assertThat(children).noneMatch(ProcessHandle::isAlive);
				assertThat(ports).noneMatch(HarnessIT::accepts);
			});
		}
		finally {
			children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
		}
		Path reportConsole = this.temporary.resolve("killed-report.txt");
		Process report = start(reportConsole, "report", out.toString());
		assertThat(report.waitFor(1, TimeUnit.MINUTES)).as("report finished in time").isTrue();
		assertThat(report.exitValue()).as("report exit code; output:%n%s", Files.readString(reportConsole)).isZero();
		assertThat(out.resolve("report.md")).content().contains("PARTIAL RESULTS").containsPattern(MVC_TRIAL_1_ALL);
	}

	private static boolean accepts(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static Process start(Path console, String... args) throws IOException {
		List<String> command = new ArrayList<>(List
			.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", HARNESS_JAR.toString()));
		command.addAll(List.of(args));
		if (args[0].equals("run")) {
			command.addAll(List.of("--project-root", PROJECT_ROOT.toString()));
		}
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
	}

}

package dev.fluxbench.harness.results;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import dev.fluxbench.contract.fault.FaultPhase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RunJsonTests {

	private static final Instant START = Instant.parse("2026-11-22T06:00:00.123456789Z");

	@Test
	void runJsonShouldReadBackAsTheRecordItWasWrittenFrom(@TempDir Path directory) {
		RunJson run = everyKey();
		Path file = directory.resolve(ResultsDirectory.RUN_JSON);
		run.write(file);
		assertThat(RunJson.read(file)).isEqualTo(run);
	}

	@Test
	void runJsonShouldBeIndentedForPeopleWithKeysInRecordOrder(@TempDir Path directory) throws IOException {
		Path file = directory.resolve(ResultsDirectory.RUN_JSON);
		everyKey().write(file);
		String text = Files.readString(file, StandardCharsets.UTF_8);
		assertThat(text).startsWith("{\n  \"formatVersion\": 1,\n  \"fluxbench\": \"0.1.0\",\n")
			.contains("  \"failedAssertions\": [\"mvc trial 1 load 10: p99 was 320 ms\"],\n")
			.contains("  \"faults\": {\n    \"phases\": [{\n      \"hold\": \"PT1M\",\n      \"status\": null,\n"
					+ "      \"rate\": null,\n      \"stall\": null\n    }, {\n      \"hold\": \"PT30S\",\n"
					+ "      \"status\": 503,\n      \"rate\": 0.5,\n      \"stall\": null\n    }],\n"
					+ "    \"downstream\": \"http://127.0.0.1:8090\"\n  },\n  \"maxInFlight\": 400,\n"
					+ "  \"calibration\": {\n    \"formatVersion\": 1,\n")
			.contains("\"status\": \"finished\"", "\"scale\": 0.5", "\"started\": \"2026-11-22T06:00:00.123456789Z\"",
					"\"warmup\": \"PT10S\"", "\"loads\": [10, 20]", "\"kind\": \"given\"",
					"\"failure\": \"never started\"", "\"baseUri\": null", "\"dirty\": true",
					"\"info\": {\n      \"build\": {")
			.doesNotContain("\" :", "\r");
		assertThat(text.indexOf("\"targets\"")).isLessThan(text.indexOf("\"targetRuns\""));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("laterKeys")
	void runJsonWhenALaterKeyDoesNotApplyShouldWriteItAsNullAndReadBackTheSame(String key,
			UnaryOperator<RunJson> without, @TempDir Path directory) throws IOException {
		RunJson run = without.apply(everyKey());
		Path file = directory.resolve(ResultsDirectory.RUN_JSON);
		run.write(file);
		assertThat(RunJson.read(file)).isEqualTo(run).isNotEqualTo(everyKey());
		assertThat(Files.readString(file, StandardCharsets.UTF_8)).containsPattern("\n  \"" + key + "\": null,?\n");
	}

	static Stream<Arguments> laterKeys() {
		return Stream.of(
				Arguments.of("calibration", (UnaryOperator<RunJson>) (run) -> run.withCalibration(Optional.empty())),
				Arguments.of("prometheus", (UnaryOperator<RunJson>) (run) -> run.withPrometheus(Optional.empty())),
				Arguments.of("engines", (UnaryOperator<RunJson>) (run) -> run.withEngines(Optional.empty())),
				Arguments.of("cluster", (UnaryOperator<RunJson>) (run) -> run.withCluster(Optional.empty())),
				Arguments.of("mixed", (UnaryOperator<RunJson>) (run) -> run.withMixed(Optional.empty())));
	}

	@Test
	void runJsonWhenWrittenBeforePrometheusShouldReadWithoutOne(@TempDir Path directory) throws IOException {
		Path file = Files.writeString(directory.resolve(ResultsDirectory.RUN_JSON),
				"{\"formatVersion\": 1, \"status\": \"finished\", \"maxInFlight\": 400}\n", StandardCharsets.UTF_8);
		assertThat(RunJson.read(file).prometheus()).isEmpty();
	}

	@Test
	void prometheusInARunJsonShouldKeepWhereItWasAndTheScrapesItMissed(@TempDir Path directory) throws IOException {
		Path file = directory.resolve(ResultsDirectory.RUN_JSON);
		everyKey().write(file);
		assertThat(RunJson.read(file).prometheus()).hasValueSatisfying((prometheus) -> {
			assertThat(prometheus.address()).isEqualTo("http://127.0.0.1:41234");
			assertThat(prometheus.config()).isEqualTo("prometheus/prometheus.yml");
			assertThat(prometheus.scrapeInterval()).isEqualTo(Duration.ofSeconds(5));
			assertThat(prometheus.gaps()).hasValueSatisfying((gaps) -> {
				assertThat(gaps.missedScrapes()).isEqualTo(2);
				assertThat(gaps.targets()).singleElement().satisfies((target) -> {
					assertThat(target.labels()).containsEntry("stack", "mvc");
					assertThat(target.gaps())
						.containsExactly(new PrometheusJson.Gap(START.plusSeconds(10), START.plusSeconds(25), 2));
				});
			});
		});
		assertThat(Files.readString(file, StandardCharsets.UTF_8))
			.contains("  \"prometheus\": {\n    \"address\": \"http://127.0.0.1:41234\",\n");
	}

	private static PrometheusJson prometheus() {
		PrometheusJson.Target mvc = new PrometheusJson.Target("fluxbench-app", "127.0.0.1:8080",
				Map.of("stack", "mvc", "trial", "1"), START, START.plusSeconds(60), 9, 1, 2,
				Optional.of(Duration.ofMillis(40)),
				List.of(new PrometheusJson.Gap(START.plusSeconds(10), START.plusSeconds(25), 2)));
		return new PrometheusJson("http://127.0.0.1:41234", "2.42.0+ds", "/usr/bin/prometheus", 4244,
				"prometheus/prometheus.yml", "prometheus/data", "prometheus/prometheus.log", Duration.ofSeconds(5),
				Optional.of(PrometheusJson.Gaps.of(List.of(mvc))));
	}

	@Test
	void runJsonWhenWrittenBeforeCalibrationShouldReadWithoutOne(@TempDir Path directory) throws IOException {
		Path file = Files.writeString(directory.resolve(ResultsDirectory.RUN_JSON),
				"{\"formatVersion\": 1, \"status\": \"finished\", \"maxInFlight\": 400}\n", StandardCharsets.UTF_8);
		RunJson run = RunJson.read(file);
		assertThat(run.calibration()).isEmpty();
		assertThat(run.maxInFlight()).hasValue(400);
	}

	@Test
	void calibrationInARunJsonShouldKeepEveryFigure(@TempDir Path directory) {
		Path file = directory.resolve(ResultsDirectory.RUN_JSON);
		everyKey().write(file);
		assertThat(RunJson.read(file).calibration()).hasValueSatisfying((calibration) -> {
			assertThat(calibration.points()).singleElement().satisfies((point) -> {
				assertThat(point.connections()).isEqualTo(10);
				assertThat(point.cpuRatio()).hasValue(3.0);
				assertThat(point.harness().p99()).isEqualTo(Duration.ofMillis(9));
				assertThat(point.wrk().throughput()).isEqualTo(1500.0);
			});
		});
	}

	private static CalibrationJson calibration() {
		CalibrationJson.Side harness = CalibrationJson.Side.of(29_000, 0, Duration.ofSeconds(20),
				Duration.ofMillis(8_700), Duration.ofMillis(2), Duration.ofMillis(9));
		CalibrationJson.Side wrk = CalibrationJson.Side.of(30_000, 0, Duration.ofSeconds(20), Duration.ofMillis(3_000),
				Duration.ofMillis(1), Duration.ofMillis(4));
		return new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.of(START), "http://127.0.0.1:8080/",
				Optional.of("mvc"), "app on 0, generator and downstream on 1", "wrk 4.1.0", Duration.ofSeconds(20),
				Duration.ofSeconds(10), List.of(CalibrationJson.Point.of(10, harness, wrk)));
	}

	@Test
	void runJsonWhenAnOlderHarnessWroteItShouldReadWithTodaysNames(@TempDir Path directory) throws IOException {
		Path file = Files.writeString(directory.resolve(ResultsDirectory.RUN_JSON), """
				{
				  "fluxbench": "0.0.9",
				  "started": "2026-11-22T06:00:00Z",
				  "status": "running",
				  "scenario": {"name": "quick", "requests": ["passthrough: POST /passthrough/message -> 200"],
				    "somethingNew": [1, 2]},
				  "stacks": ["mvc", "webflux"],
				  "stackRuns": [{"stack": "mvc", "trial": 1, "startup": "PT5S", "info": {"app": "mvc"},
				    "loads": [{"load": 10, "started": "2026-11-22T06:00:00Z", "finished": "2026-11-22T06:00:08Z"},
				              {"load": 20, "started": "2026-11-22T06:00:10Z"}]}],
				  "aKeyFromTheFuture": {"x": 1}
				}
				""", StandardCharsets.UTF_8);
		RunJson run = RunJson.read(file);
		assertThat(run.formatVersion()).isZero();
		assertThat(run.status()).isEqualTo(RunJson.Status.RUNNING);
		assertThat(run.ended()).isEmpty();
		assertThat(run.targets()).containsExactly("mvc", "webflux");
		assertThat(run.scenario().requests()).singleElement().satisfies((request) -> {
			assertThat(request.label()).isEqualTo("passthrough: POST /passthrough/message -> 200");
			assertThat(request.method()).isEmpty();
			assertThat(request.floor()).isZero();
		});
		assertThat(run.scenario().round()).isEmpty();
		assertThat(run.targetRuns()).singleElement().satisfies((targetRun) -> {
			assertThat(targetRun.target()).isEqualTo("mvc");
			assertThat(targetRun.startup()).hasValue(Duration.ofSeconds(5));
			assertThat(targetRun.info().path("app").asText()).isEqualTo("mvc");
			assertThat(targetRun.loads()).extracting(RunJson.LoadRun::finished)
				.containsExactly(Optional.of(Instant.parse("2026-11-22T06:00:08Z")), Optional.empty());
			assertThat(targetRun.stopped()).isEmpty();
		});
	}

	@Test
	void runJsonWhenItLacksAFieldShouldReadItAsEmptyNeverAsNull(@TempDir Path directory) throws IOException {
		RunJson run = RunJson.read(Files.writeString(directory.resolve(ResultsDirectory.RUN_JSON),
				"{\"status\": \"paused\", \"targetRuns\": [{}], \"targetDescriptions\": [{\"kind\": \"remote\"}]}"));
		assertThat(run.status()).isEqualTo(RunJson.Status.UNKNOWN);
		assertThat(run.scale()).isEqualTo(1.0);
		assertThat(run.trials()).isEqualTo(1);
		assertThat(run.jdk().vendor()).isEmpty();
		assertThat(run.cpuLayout().pinned()).isFalse();
		assertThat(run.git().dirty()).isEmpty();
		assertThat(run.scenario().name()).isEmpty();
		assertThat(run.scenario().rampUp()).isZero();
		assertThat(run.libraries()).isEmpty();
		assertThat(run.warmup()).isEmpty();
		assertThat(run.targetDescriptions()).as("a kind this harness does not know").isEmpty();
		assertThat(run.faults()).isEmpty();
		assertThat(run.targetRuns()).singleElement().satisfies((targetRun) -> {
			assertThat(targetRun.trial()).isEqualTo(1);
			assertThat(targetRun.target()).isEmpty();
			assertThat(targetRun.info().isNull()).isTrue();
			assertThat(targetRun.loads()).isEmpty();
		});
	}

	@Test
	void runJsonWhenItIsNoJsonObjectShouldBeRefusedInOneLine(@TempDir Path directory) throws IOException {
		for (String text : List.of("{\"scenario\": ", "[1, 2]", "null", "", "scenario: quick")) {
			Path file = Files.writeString(directory.resolve(ResultsDirectory.RUN_JSON), text);
			assertThatIllegalArgumentException().as(text)
				.isThrownBy(() -> RunJson.read(file))
				.withMessageContaining("is not a fluxbench run.json: ")
				.satisfies((ex) -> assertThat(ex.getMessage()).doesNotContain("\n"));
		}
	}

	@Test
	void answerWhenItIsNotJsonShouldBeEmbeddedAsNull() {
		assertThat(ResultJson.tree("").isNull()).isTrue();
		assertThat(ResultJson.tree("<html>Whitelabel Error Page</html>").isNull()).isTrue();
		assertThat(ResultJson.tree("{\"build\": {\"version\": \"1\"}}").path("build").path("version").asText())
			.isEqualTo("1");
	}

	/**
	 * A run with every key set, optional or not, both kinds of target and every kind of
	 * step.
	 */
	private static RunJson everyKey() {
		RunJson.Scenario scenario = new RunJson.Scenario("thesis-normal", "the thesis' normal load",
				"scenarios/thesis-normal.yaml", List.of("000_7f0aef5aecc896c0.txt"), "closed (loads are users)",
				List.of(10, 20), Duration.ofSeconds(3), "held 2 s",
				List.of(new RunJson.Level(10, Duration.ofSeconds(3), "held 2 s"),
						new RunJson.Level(20, Duration.ofSeconds(3), "2 iterations")),
				"PT0S..PT1S",
				List.of(new RunJson.Request("unit-lookup", "POST", "/soap/units", 200, Duration.ofMillis(100),
						List.of("X-Requester", "Authorization"), 2, List.of("unitId"), Optional.of("success.*true"),
						true)),
				List.of(new RunJson.JourneyStep.Send("unit-lookup"), new RunJson.JourneyStep.Pause("1 s..2 s"),
						new RunJson.JourneyStep.Repeat(3, List.of(new RunJson.JourneyStep.Send("unit-lookup")))),
				Optional.of(new RunJson.Round(4, Duration.ofMillis(1900), true)), List.of("units.csv"), List.of("host"),
				List.of("p99 < 10000 ms [unit-lookup]"), Optional.of(200), Optional.of(Duration.ofSeconds(10)),
				Optional.of(Duration.ofSeconds(30)));
		RunJson.TargetRun launched = RunJson.TargetRun.starting(1, "mvc")
			.launched(4242, 8080, List.of("--fluxbench.cache.mode=none"), Duration.ofMillis(5300),
					ResultJson.tree("{\"build\": {\"version\": \"0.1.0\"}, \"cpus\": 1}"))
			.warmedUp(new Warmup(Duration.ofSeconds(60), 50, Duration.ofSeconds(5), 0.05, 0.1, false,
					Duration.ofMillis(23_400), Optional.of(Duration.ofSeconds(23)), Optional.of(0.012),
					Optional.of(0.04), 1, Optional.of(0.2), 31_000, 0))
			.withLoad(new RunJson.LoadRun(10, Optional.of(START), Optional.of(START.plusSeconds(8)), 120, 1, "ok",
					Optional.of(new Journeys(10, 9, 1, 0))))
			.stoppedAt(START.plusSeconds(9));
		RunJson.TargetRun given = RunJson.TargetRun.starting(1, "before")
			.given(URI.create("http://127.0.0.1:9090/api"));
		return new RunJson(RunJson.FORMAT_VERSION, "0.1.0", List.of("run", "--scale", "0.5"), RunJson.Status.FINISHED,
				Optional.of("never started"), Optional.of(START), Optional.of(START.plusSeconds(60)),
				new RunJson.Jdk("25.0.3", "Eclipse Adoptium", "OpenJDK 64-Bit Server VM", "/opt/jdk"),
				new RunJson.Os("Linux", "6.1", "amd64"), 2, new RunJson.CpuLayout(true, "0", "1", "not pinned", 1),
				List.of("-Xmx512m"), Map.of("jmeter-java-dsl", "2.2"), new RunJson.Git("0123abc", Optional.of(true)),
				scenario, 0.5, 3, Optional.of(Duration.ofSeconds(10)), List.of("mvc", "before"),
				List.of(new RunJson.TargetDescription.Launched("mvc", "apps/mvc/target/fluxbench-mvc.jar",
						List.of("redis"), "distributed", "Spring MVC"),
						new RunJson.TargetDescription.Given("before", URI.create("http://127.0.0.1:9090/api"), "none",
								"a running service")),
				Optional.of("h2 (in each app's memory)"),
				Optional.of(new RunJson.Downstream(36043, List.of("-Xmx256m"))),
				Optional.of(new RunJson.Directory(URI.create("ldap://127.0.0.1:8389"), 4243, List.of("-Xmx256m"))),
				Optional.of(new RunJson.Redis("127.0.0.1", 6379, 0)), List.of(launched, given),
				List.of("mvc trial 1 load 10: p99 was 320 ms"),
				Optional.of(new RunJson.Faults(
						List.of(FaultPhase.healthy(Duration.ofSeconds(60)),
								new FaultPhase(Duration.ofSeconds(30), 503, 0.5, null)),
						Optional.of(URI.create("http://127.0.0.1:8090")))),
				Optional.of(400), Optional.of(calibration()), Optional.of(prometheus()),
				Optional
					.of(new RunJson.Engines(List.of("10.0.0.7:1099", "10.0.0.8:1099"), "SSL, keystore rmi_keystore.jks",
							"each engine ran 1/2 of every measured load's users or rate")),
				Optional.of(new RunJson.Cluster(2, "nginx",
						Map.of("balancing", "round-robin over 2 nodes", "proxy_read_timeout", "35s"))),
				Optional.of(new RunJson.Mixed(List.of("mvc", "before"), "each target ran 1/2 of every load's users",
						"pg_stat_database of test")));
	}

}

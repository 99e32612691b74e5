package dev.fluxbench.harness;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.harness.cli.Main;
import dev.fluxbench.harness.prometheus.PrometheusServer;
import dev.fluxbench.harness.prometheus.PrometheusSettings;
import dev.fluxbench.harness.results.PrometheusJson;
import dev.fluxbench.harness.results.RunJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code fluxbench run --prometheus} for real: a run of two stacks, each as two nodes
 * behind nginx, at two users for a few seconds, with Debian's Prometheus scraping every
 * node every second, then every query of every panel of every dashboard in
 * {@code ops/grafana/dashboards} asked of that run's data, opened again from the results
 * directory as a team would open it. A query with no value fails the test, named by its
 * dashboard, panel and expression.
 * <p>
 * The run is chosen so that every panel has something to show: mvc-redis brings Hikari,
 * Apache HttpClient and the Redis cache, webflux-redis r2dbc-pool and Reactor Netty, and
 * the scenario's four requests wake the HTTP client, the database, the cache and the
 * chain's circuit breaker (src/test/resources/prometheus/every-panel.yaml).
 */
class PrometheusIT {

	private static final Path PROJECT_ROOT = Path.of(System.getProperty("fluxbench.home", "..")).toAbsolutePath();

	private static final Path DASHBOARDS = PROJECT_ROOT.resolve("ops/grafana/dashboards");

	private static final Path SCENARIO = Path.of("src/test/resources/prometheus/every-panel.yaml").toAbsolutePath();

	private static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(1);

	/** Grafana's {@code label_values(selector, label)} of a query variable. */
	private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.+),\\s*(\\w+)\\)");

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	static Path temporary;

	private static Path results;

	private static String console;

	private static int exitCode;

	private static RunJson run;

	private static PrometheusServer reopened;

	@BeforeAll
	static void runWithPrometheus() {
		Optional<Path> prometheus = PrometheusSettings.onPath(System.getenv("PATH"));
		assumeTrue(prometheus.isPresent() || System.getenv("CI") != null,
				"PrometheusIT needs Debian's prometheus on the PATH (apt-get install prometheus; .ci/run installs it):"
						+ " skipped outside CI");
		assertThat(prometheus).as("prometheus must be on the PATH in CI: .ci/run installs it").isPresent();
		results = temporary.resolve("results");
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		long began = System.nanoTime();
		exitCode = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true),
				PackagedHarness.fromAotCache("run", "--scenario-file", SCENARIO.toString(), "--prometheus",
						"--prometheus-interval", "1s", "--nodes", "2", "--no-pinning", "--project-root",
						PROJECT_ROOT.toString(), "--out", results.toString()));
		console = out + "\n" + err;
		System.out.printf("PrometheusIT: the run took %d s%n", Duration.ofNanos(System.nanoTime() - began).toSeconds());
		assertThat(exitCode).as("exit code; console:%n%s", console).isZero();
		run = RunJson.read(results.resolve("run.json"));
		// Where the time goes: on a busy machine, almost all of it is the stacks'
		// start-up.
		run.targetRuns()
			.forEach((target) -> System.out.printf("PrometheusIT: %s started in %d s%n", target.target(),
					target.startup().orElse(Duration.ZERO).toSeconds()));
		// Opened again from what the run kept, as a team opens it for Grafana.
		PrometheusJson recorded = run.prometheus().orElseThrow();
		reopened = PrometheusServer.start(prometheus.get(), results.resolve(recorded.config()),
				results.resolve(recorded.dataDirectory()), temporary.resolve("reopened.log"), Optional.empty(),
				List.of());
	}

	@AfterAll
	static void stopPrometheus() {
		if (reopened != null) {
			reopened.close();
		}
	}

	@Test
	void runShouldRecordItsPrometheusAndStopIt() {
		PrometheusJson prometheus = run.prometheus().orElseThrow();
		assertThat(prometheus.address()).startsWith("http://127.0.0.1:");
		assertThat(prometheus.version()).matches("\\d+\\.\\d+\\.\\d+.*");
		assertThat(prometheus.scrapeInterval()).isEqualTo(SCRAPE_INTERVAL);
		assertThat(results.resolve(prometheus.config())).content().contains("scrape_interval: 1s");
		assertThat(results.resolve(prometheus.dataDirectory()).resolve("wal")).isDirectory();
		assertThat(ProcessHandle.of(prometheus.pid()).filter(ProcessHandle::isAlive))
			.as("the run stopped its Prometheus, pid %d", prometheus.pid())
			.isEmpty();
		assertThat(console).contains("prometheus: " + prometheus.address() + " (version " + prometheus.version());
	}

	@Test
	void runShouldCountTheScrapesOfEveryServiceItStarted() {
		PrometheusJson.Gaps gaps = run.prometheus().orElseThrow().gaps().orElseThrow();
		assertThat(gaps.notCounted()).isEmpty();
		assertThat(gaps.targets())
			.extracting(PrometheusJson.Target::job, (target) -> target.labels().get("stack"),
					(target) -> target.labels().get("node"))
			.containsExactlyInAnyOrder(tuple("prometheus", null, null), tuple("fluxbench-downstream", null, null),
					tuple("fluxbench-app", "mvc-redis", "1"), tuple("fluxbench-app", "mvc-redis", "2"),
					tuple("fluxbench-app", "webflux-redis", "1"), tuple("fluxbench-app", "webflux-redis", "2"));
		assertThat(gaps.targets()).allSatisfy((target) -> assertThat(target.scrapes()).isPositive());
		assertThat(gaps.scrapes()).isEqualTo(gaps.targets().stream().mapToInt(PrometheusJson.Target::scrapes).sum());
		assertThat(console).containsPattern("prometheus: \\d+ scrapes, \\d+ missed in \\d+ gap\\(s\\)");
		System.out.printf("PrometheusIT: %d scrapes, %d missed in %d gap(s)%n", gaps.scrapes(), gaps.missedScrapes(),
				gaps.gaps());
	}

	@Test
	void everyDashboardQueryShouldReturnDataFromTheRun() throws IOException {
		Instant start = run.started().orElseThrow();
		Instant end = run.ended().orElseThrow();
		List<String> dead = new ArrayList<>();
		int dashboards = 0;
		int panels = 0;
		int queries = 0;
		try (Stream<Path> files = Files.list(DASHBOARDS)) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".json")).sorted().toList()) {
				dashboards++;
				JsonNode dashboard = JSON.readTree(file.toFile());
				String name = file.getFileName() + " (" + dashboard.path("title").asText() + ")";
				Map<String, String> variables = variables(dashboard, name, start, end, dead);
				for (JsonNode panel : dashboard.path("panels")) {
					if (panel.path("type").asText().equals("row")) {
						continue;
					}
					panels++;
					assertThat(panel.path("targets"))
						.as("%s, panel '%s': its queries", name, panel.path("title").asText())
						.isNotEmpty();
					for (JsonNode target : panel.path("targets")) {
						queries++;
						String expression = substitute(target.path("expr").asText(), variables, start, end);
						if (!hasValue(reopened.queryRange(expression, start, end, SCRAPE_INTERVAL))) {
							dead.add(name + ", panel '" + panel.path("title").asText() + "': " + expression);
						}
					}
				}
			}
		}
		System.out.printf("PrometheusIT: %d dashboards, %d panels, %d queries checked%n", dashboards, panels, queries);
		assertThat(dashboards).isPositive();
		assertThat(dead).as("queries that returned no series with a value").isEmpty();
	}

	/**
	 * Each query variable's values, which must exist, and what it stands for in a query:
	 * "All", as the dashboards open.
	 */
	private static Map<String, String> variables(JsonNode dashboard, String name, Instant start, Instant end,
			List<String> dead) {
		Map<String, String> variables = new LinkedHashMap<>();
		for (JsonNode variable : dashboard.path("templating").path("list")) {
			if (!variable.path("type").asText().equals("query")) {
				continue;
			}
			Matcher query = LABEL_VALUES.matcher(variable.path("definition").asText());
			assertThat(query.matches())
				.as("%s, variable %s: a label_values(selector, label) query", name, variable.path("name").asText())
				.isTrue();
			String selector = substitute(query.group(1), variables, start, end);
			if (reopened.labelValues(query.group(2), selector, start, end).isEmpty()) {
				dead.add(name + ", variable $" + variable.path("name").asText() + ": " + selector);
			}
			assertThat(variable.path("allValue").asText())
				.as("%s, variable %s: its All", name, variable.path("name").asText())
				.isNotEmpty();
			variables.put(variable.path("name").asText(), variable.path("allValue").asText());
		}
		return variables;
	}

	/**
	 * Grafana's variables as Grafana fills them in for a range query at a step of one
	 * scrape interval: {@code $__rate_interval} is four scrape intervals.
	 */
	private static String substitute(String expression, Map<String, String> variables, Instant start, Instant end) {
		String result = expression.replace("$__rate_interval", SCRAPE_INTERVAL.multipliedBy(4).toSeconds() + "s")
			.replace("$__interval", SCRAPE_INTERVAL.toSeconds() + "s")
			.replace("$__range", Duration.between(start, end).toSeconds() + "s");
		for (Map.Entry<String, String> variable : variables.entrySet()) {
			result = result.replace("${" + variable.getKey() + "}", variable.getValue())
				.replace("$" + variable.getKey(), variable.getValue());
		}
		assertThat(result).as("every variable of %s is known", expression).doesNotContain("$");
		return result;
	}

	/** Whether a matrix holds a point that Grafana would draw: a number, not NaN. */
	private static boolean hasValue(JsonNode matrix) {
		for (JsonNode series : matrix) {
			for (JsonNode point : series.path("values")) {
				if (Double.isFinite(Double.parseDouble(point.path(1).asText("NaN")))) {
					return true;
				}
			}
		}
		return false;
	}

	@Test
	void generatedConfigShouldBeValidForPromtool() throws Exception {
		Optional<Path> promtool = PrometheusSettings.onPath(System.getenv("PATH"))
			.map((prometheus) -> prometheus.resolveSibling("promtool"))
			.filter(Files::isExecutable);
		assumeTrue(promtool.isPresent(), "promtool comes with Debian's prometheus");
		Process check = new ProcessBuilder(promtool.get().toString(), "check", "config",
				results.resolve(run.prometheus().orElseThrow().config()).toString())
			.redirectErrorStream(true)
			.start();
		String output = new String(check.getInputStream().readAllBytes());
		assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(check.exitValue()).as(output).isZero();
	}

}

package dev.fluxbench.harness;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fluxbench.harness.cli.Main;
import dev.fluxbench.harness.prometheus.PrometheusServer;
import dev.fluxbench.launcher.RunningService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code fluxbench derive} against a real Prometheus (Debian's, run as a child process
 * with a configuration of its own) scraping the packaged mvc app under a known constant
 * load: the normal rate it derives with the thesis' query must be the rate the test
 * drove.
 */
class DeriveIT {

	private static final Path PROJECT_ROOT = Path.of(System.getProperty("fluxbench.home", "..")).toAbsolutePath();

	private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");

	private static final int LOAD_PER_SECOND = 20;

	/**
	 * Long enough for a minute-long window of increase() to fit inside it with margins
	 * either side.
	 */
	private static final Duration LOAD = Duration.ofSeconds(100);

	private static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(1);

	/**
	 * The thesis' query counts every request the app records in http.server.requests, and
	 * that includes Prometheus' own scrapes of /actuator/prometheus: one per scrape
	 * interval.
	 */
	private static final double KNOWN_PER_SECOND = LOAD_PER_SECOND + 1.0 / SCRAPE_INTERVAL.toSeconds();

	private static final String ENDPOINT = "/concerts/data/artists/1";

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	static Path temporary;

	private static RunningService app;

	private static PrometheusServer prometheus;

	private static URI prometheusUrl;

	@BeforeAll
	static void startAppAndPrometheus() throws Exception {
		assumeTrue(Files.isExecutable(PROMETHEUS) || System.getenv("CI") != null,
				"DeriveIT needs Debian's prometheus at " + PROMETHEUS + " (apt-get install prometheus; .ci/run"
						+ " installs it): skipped outside CI");
		assertThat(PROMETHEUS).as("prometheus must be installed in CI: .ci/run installs it").isExecutable();
		assertThat(PROJECT_ROOT.resolve("apps/mvc/target/fluxbench-mvc.jar"))
			.as("the reactor builds the mvc jar before the harness")
			.isRegularFile();
		app = PackagedHarness.app("mvc", "apps/mvc/target/fluxbench-mvc.jar")
			.jvmFlags("-Xmx256m")
			// A scheduled ingestion would add requests of its own to the counted traffic.
			.args("--fluxbench.ingestion.schedule=-")
			.logFile(temporary.resolve("mvc.log"))
			// A bound, not a wait: CI may share the machine, and a start then takes
			// minutes.
			.readyTimeout(Duration.ofMinutes(3))
			.start();
		prometheus = startPrometheus(app.port());
		// Ready once the app's target has been scraped and is up: derive's data starts
		// there.
		await("Prometheus scrapes the app").atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(250))
			.until(() -> instantQuery("up{job=\"app\"}").path(0).path("value").path(1).asText().equals("1"));
	}

	@AfterAll
	static void stopEverything() {
		try {
			if (prometheus != null) {
				prometheus.close();
			}
		}
		finally {
			if (app != null) {
				app.close();
			}
		}
	}

	@Test
	void deriveShouldGiveTheLoadTheAppWasUnderAsTheNormalRate() throws Exception {
		long began = System.nanoTime();
		Load load = Load.drive(app.uri(ENDPOINT), LOAD_PER_SECOND, LOAD);
		// Every point of the range sums a 1-minute increase() that ends at the point:
		// with the first point a minute plus 5 s into the load and the last 5 s before
		// its end, every window lies inside the load, clear of the series' creation and
		// of the load's first and last second.
		Instant end = load.started().plus(LOAD).minusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
		assertThat(load.awaitEnd()).as("the load finished in time").isTrue();
		assertThat(load.failures()).as("requests that did not answer 200: %s", load.errors()).isZero();
		await("Prometheus has scraped past the range's end").atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(250))
			.until(() -> new BigDecimal(
					instantQuery("timestamp(up{job=\"app\"})").path(0).path("value").path(1).asText())
				.compareTo(BigDecimal.valueOf(end.getEpochSecond())) > 0);
		Path out = temporary.resolve("derived.yaml");

		Outcome outcome = derive("--range", "30s", "--step", "5s", "--end", end.toString(), "--path", ENDPOINT, "--out",
				out.toString());

		assertThat(outcome.code()).as("exit code; stderr: %s; stdout: %s", outcome.err(), outcome.out()).isZero();
		double normal = number(outcome.out(), "normal:\\s+([0-9.]+) requests/s");
		System.out.printf(
				"DeriveIT: drove %d requests/s (+%s/s of scrapes) = %s requests/s known, derived %s"
						+ " requests/s normal (%+.1f %%); sent %d in %d s; test time %d s%n",
				LOAD_PER_SECOND, 1.0 / SCRAPE_INTERVAL.toSeconds(), KNOWN_PER_SECOND, normal,
				(normal / KNOWN_PER_SECOND - 1) * 100, load.sent(), LOAD.toSeconds(),
				Duration.ofNanos(System.nanoTime() - began).toSeconds());
		assertThat(normal).as("derived normal rate against the known rate")
			.isCloseTo(KNOWN_PER_SECOND, withinPercentage(10));
		assertThat(outcome.out()).contains("prometheus:   " + prometheusUrl + ", 7 points from ");
		assertThat(outcome.out().lines().toList()).last().isEqualTo("scenario: " + out);

		String file = Files.readString(out);
		Matcher users = Pattern.compile("\n    users: \\[(\\d+), (\\d+), (\\d+)\\] +# normal, higher, stress\n")
			.matcher(file);
		assertThat(users.find()).as("the three levels in:%n%s", file).isTrue();
		int normalUsers = Integer.parseInt(users.group(1));
		int higherUsers = Integer.parseInt(users.group(2));
		int stressUsers = Integer.parseInt(users.group(3));
		// Little's law at the defaults (1s think time, 100ms response time): about 1.1
		// users per request/s.
		assertThat(normalUsers).isBetween((int) (KNOWN_PER_SECOND * 1.1 * 0.9),
				(int) (KNOWN_PER_SECOND * 1.1 * 1.1) + 1);
		assertThat(higherUsers).isBetween(2 * normalUsers - 1, 2 * normalUsers + 1);
		assertThat(stressUsers).as("p99 x 1.5 of a constant load").isGreaterThan(normalUsers);
		assertThat(file).startsWith("# yaml-language-server: $schema=scenario.schema.json\n")
			.contains("#   prometheus:   " + prometheusUrl + "\n",
					"#   query:        sum(increase(http_server_requests_seconds_count[1m]))\n",
					"#   step:         5s\n", "#   points:       7 of 7 steps had data", "#   busiest hour: ",
					"the range is shorter than an hour", "version: 1\n", "      path: " + ENDPOINT + " ");
	}

	@Test
	void deriveWhenTheMetricDoesNotExistShouldFindNoSeries() {
		Outcome outcome = derive("--query", "sum(increase(fluxbench_no_such_metric_total[1m]))", "--range", "10m",
				"--out", temporary.resolve("none.yaml").toString());

		assertThat(outcome.code()).as("stderr: %s", outcome.err()).isEqualTo(3);
		assertThat(outcome.err())
			.startsWith("fluxbench: the query returned no series: is the application scraped under that metric name?");
	}

	@Test
	void deriveWhenPromqlIsBadShouldBeBadUsageInPrometheusOwnWords() {
		Outcome outcome = derive("--query", "sum(increase(http_server_requests_seconds_count[1m])", "--out",
				temporary.resolve("bad.yaml").toString());

		assertThat(outcome.code()).as("stderr: %s", outcome.err()).isEqualTo(2);
		assertThat(outcome.err().lines().toList()).singleElement()
			.asString()
			.startsWith("fluxbench: Prometheus refused the query (HTTP 400, bad_data): ")
			.contains("parse error");
	}

	private static Outcome derive(String... options) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		String[] args = new String[options.length + 3];
		args[0] = "derive";
		args[1] = "--prometheus";
		args[2] = prometheusUrl.toString();
		System.arraycopy(options, 0, args, 3, options.length);
		int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
		return new Outcome(code, out.toString(), err.toString());
	}

	/**
	 * Prometheus on a port of its own, with its data in the test's directory and nothing
	 * of the machine's installation: never the system service. Started as the harness
	 * starts it for {@code run --prometheus}.
	 */
	private static PrometheusServer startPrometheus(int appPort) throws IOException {
		Path config = temporary.resolve("prometheus.yml");
		Files.writeString(config, """
				global:
				  scrape_interval: %ds
				  evaluation_interval: %ds
				scrape_configs:
				  - job_name: app
				    metrics_path: /actuator/prometheus
				    static_configs:
				      - targets: ['127.0.0.1:%d']
				""".formatted(SCRAPE_INTERVAL.toSeconds(), SCRAPE_INTERVAL.toSeconds(), appPort));
		PrometheusServer server = PrometheusServer.start(PROMETHEUS, config, temporary.resolve("prometheus-data"),
				temporary.resolve("prometheus.log"), Optional.empty(), List.of());
		prometheusUrl = server.baseUri();
		return server;
	}

	/** The result vector of an instant query, empty when Prometheus has nothing yet. */
	private static JsonNode instantQuery(String promql) {
		return prometheus.query(promql, Instant.now());
	}

	private static double number(String text, String regex) {
		Matcher matcher = Pattern.compile(regex).matcher(text);
		assertThat(matcher.find()).as("'%s' in:%n%s", regex, text).isTrue();
		return Double.parseDouble(matcher.group(1));
	}

	record Outcome(int code, String out, String err) {

	}

	/**
	 * A constant open-model load: one request every 1/rate seconds, each sent without
	 * waiting for the previous answer, so a slow answer does not slow the rate down.
	 */
	private static final class Load {

		private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

		private final CountDownLatch answered;

		private final AtomicInteger sent = new AtomicInteger();

		private final LongAdder failures = new LongAdder();

		private final ConcurrentHashMap<String, Integer> errors = new ConcurrentHashMap<>();

		private final Instant started;

		private final int total;

		private Load(URI target, int perSecond, Duration length) {
			this.total = (int) (perSecond * length.toSeconds());
			this.answered = new CountDownLatch(this.total);
			HttpRequest request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(10)).GET().build();
			this.started = Instant.now();
			this.scheduler.scheduleAtFixedRate(() -> {
				if (this.sent.get() >= this.total) {
					return;
				}
				this.sent.incrementAndGet();
				HTTP.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, failure) -> {
					if (failure != null || response.statusCode() != 200) {
						this.failures.increment();
						this.errors.merge((failure != null) ? failure.toString() : "HTTP " + response.statusCode(), 1,
								Integer::sum);
					}
					this.answered.countDown();
				});
			}, 0, 1_000_000 / perSecond, TimeUnit.MICROSECONDS);
		}

		static Load drive(URI target, int perSecond, Duration length) {
			return new Load(target, perSecond, length);
		}

		Instant started() {
			return this.started;
		}

		/** Waits for the last answer, then stops the pacing. */
		boolean awaitEnd() throws InterruptedException {
			try {
				return this.answered.await(LOAD.toSeconds() + 30, TimeUnit.SECONDS);
			}
			finally {
				this.scheduler.shutdownNow();
			}
		}

		long failures() {
			return this.failures.sum();
		}

		Map<String, Integer> errors() {
			return Map.copyOf(this.errors);
		}

		int sent() {
			return this.sent.get();
		}

	}

}

package dev.fluxbench.harness.prometheus;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.launcher.FreePort;
import dev.fluxbench.launcher.JvmService;
import dev.fluxbench.launcher.RunningService;
import dev.fluxbench.launcher.ServiceStartException;

/**
 * Prometheus as a child process of the run, under the same launcher and supervisor as the
 * stacks: its own configuration, port and data directory, never the machine's service,
 * and stopped by its pid with the rest, even when the harness is killed.
 */
public final class PrometheusServer implements AutoCloseable {

	static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	/**
	 * Time to write its write-ahead log and close its data directory cleanly: the data is
	 * what the run keeps.
	 */
	static final Duration STOP_GRACE = Duration.ofSeconds(10);

	private static final int PORT_ATTEMPTS = 3;

	private static final Duration QUERY_TIMEOUT = Duration.ofSeconds(30);

	private static final ObjectMapper JSON = new ObjectMapper();

	private final RunningService process;

	private final HttpClient http;

	private PrometheusServer(RunningService process) {
		this.process = process;
		this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
	}

	/**
	 * Starts Prometheus on a free port of 127.0.0.1 and waits until it is ready.
	 * @param executable the program
	 * @param config its configuration
	 * @param data its data directory, created if missing
	 * @param log where its output goes
	 * @param cpus the cores it may use, in taskset syntax; empty for any
	 * @param extraFlags more flags, such as a retention for a data directory reopened
	 * later
	 * @throws EnvironmentException when it does not start
	 */
	public static PrometheusServer start(Path executable, Path config, Path data, Path log, Optional<String> cpus,
			List<String> extraFlags) {
		for (int attempt = 1;; attempt++) {
			int port = FreePort.find();
			JvmService service = JvmService
				.command("prometheus",
						List.of(executable.toString(), "--config.file=" + config, "--storage.tsdb.path=" + data,
								"--web.listen-address=127.0.0.1:" + port))
				.args(extraFlags)
				.port(port)
				.readinessPath("/-/ready")
				.readyTimeout(READY_TIMEOUT)
				.stopGrace(STOP_GRACE)
				.logFile(log);
			if (cpus.isPresent()) {
				service = service.cpus(cpus.get());
			}
			try {
				return new PrometheusServer(service.start());
			}
			catch (ServiceStartException ex) {
				// Another process may bind the picked port before Prometheus does: then
				// try
				// another one.
				if (FreePort.isFree(port) || attempt == PORT_ATTEMPTS) {
					throw new EnvironmentException("Prometheus did not start: "
							+ ex.getMessage().lines().findFirst().orElse("") + " (log: " + log + ")", ex);
				}
			}
		}
	}

	/** {@code http://127.0.0.1:PORT}. */
	public URI baseUri() {
		return this.process.baseUri();
	}

	public int port() {
		return this.process.port();
	}

	public long pid() {
		return this.process.pid();
	}

	/**
	 * Prometheus' version, as its build information gives it; "unknown" if it does not.
	 */
	public String version() {
		try {
			return get("/api/v1/status/buildinfo").path("data").path("version").asText("unknown");
		}
		catch (EnvironmentException ex) {
			return "unknown";
		}
	}

	/**
	 * The result of an instant query at {@code time}: a vector, or a matrix for a range
	 * selector.
	 * @throws EnvironmentException when Prometheus cannot be asked or refuses the query
	 */
	public JsonNode query(String promql, Instant time) {
		return get("/api/v1/query?query=" + encode(promql) + "&time=" + seconds(time)).path("data").path("result");
	}

	/**
	 * The matrix of a range query, every {@code step} from {@code start} to {@code end}.
	 */
	public JsonNode queryRange(String promql, Instant start, Instant end, Duration step) {
		return get("/api/v1/query_range?query=" + encode(promql) + "&start=" + seconds(start) + "&end=" + seconds(end)
				+ "&step=" + step.toMillis() / 1000.0)
			.path("data")
			.path("result");
	}

	/** A label's values over the series a selector picks, within a time range. */
	public JsonNode labelValues(String label, String selector, Instant start, Instant end) {
		return get("/api/v1/label/" + encode(label) + "/values?match[]=" + encode(selector) + "&start=" + seconds(start)
				+ "&end=" + seconds(end))
			.path("data");
	}

	private JsonNode get(String pathAndQuery) {
		URI uri = URI.create(baseUri() + pathAndQuery);
		try {
			HttpResponse<String> response = this.http.send(
					HttpRequest.newBuilder(uri).timeout(QUERY_TIMEOUT).GET().build(),
					HttpResponse.BodyHandlers.ofString());
			JsonNode body = JSON.readTree(response.body());
			if (response.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
				throw new EnvironmentException("Prometheus refused " + uri.getPath() + " (HTTP " + response.statusCode()
						+ "): " + body.path("error").asText("no reason given"));
			}
			return body;
		}
		catch (IOException ex) {
			throw new EnvironmentException("Prometheus at " + baseUri() + " did not answer " + uri.getPath() + ": "
					+ ex.getClass().getSimpleName(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while asking Prometheus", ex);
		}
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

	/** Unix seconds with milliseconds, as the API takes them. */
	static String seconds(Instant time) {
		return BigDecimal.valueOf(time.toEpochMilli()).movePointLeft(3).toPlainString();
	}

	/** A time of the API's answers, Unix seconds with a fraction. */
	static Instant instant(JsonNode seconds) {
		return Instant.ofEpochMilli(new BigDecimal(seconds.asText()).movePointRight(3).longValue());
	}

	/** Stops Prometheus with SIGTERM, so that it closes its data directory cleanly. */
	@Override
	public void close() {
		this.process.close();
	}

}

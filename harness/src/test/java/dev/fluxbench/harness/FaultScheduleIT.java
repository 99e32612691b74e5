package dev.fluxbench.harness;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.harness.cli.Main;
import dev.fluxbench.harness.results.FaultsJson;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.SummaryJson;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fluxbench run} with a fault profile against a service of the user's: the harness
 * sets the schedule on the downstream named by {@code --downstream} once to check it,
 * then as the measured load starts, clears it after, and records both in the result files
 * the report reads. One JDK HTTP server plays the service, its downstream and its
 * metrics; the metrics show a circuit breaker that is open while the downstream's 503
 * phase lasts, so the report must find that it opened in that phase and closed again
 * after it.
 */
class FaultScheduleIT {

	private static final ObjectMapper JSON = new ObjectMapper();

	/**
	 * When the 503 phase starts and ends, counted from the moment the schedule is set.
	 */
	private static final Duration FAILING_FROM = Duration.ofSeconds(2);

	private static final Duration FAILING_TO = Duration.ofSeconds(6);

	@TempDir
	Path directory;

	private HttpServer server;

	private String base;

	/**
	 * Every call the downstream got, as METHOD and, for a PUT, the instant it answered.
	 */
	private final List<String> calls = new CopyOnWriteArrayList<>();

	private final List<JsonNode> schedules = new CopyOnWriteArrayList<>();

	private final List<Instant> starts = new CopyOnWriteArrayList<>();

	private final AtomicReference<Instant> started = new AtomicReference<>();

	@BeforeEach
	void startTheServiceItsDownstreamAndItsMetrics() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/chain", (exchange) -> answer(exchange, 200, "text/plain", "ok"));
		this.server.createContext("/downstream/faults/schedule", this::schedule);
		this.server.createContext("/metrics",
				(exchange) -> answer(exchange, 200, "text/plain; version=0.0.4", metrics()));
		this.server.start();
		this.base = "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void scheduleShouldBeSetWhenTheLoadStartsClearedAfterItAndRecordedForTheReport() throws IOException {
		Path scenario = Files.writeString(this.directory.resolve("chain.yaml"), """
				version: 1
				name: chain
				load:
				  closed: {users: [1], hold: 10s, thinkTime: 50ms}
				journey:
				  - request: {label: chain, path: /chain}
				faults:
				  - {hold: 2s}
				  - {hold: 4s, status: 503}
				  - {hold: 4s}
				""");
		Path out = this.directory.resolve("results");
		StringWriter console = new StringWriter();
		StringWriter errors = new StringWriter();
		int exit = Main.execute(new PrintWriter(console, true), new PrintWriter(errors, true), "run", "--scenario-file",
				scenario.toString(), "--target", "app=" + this.base, "--metrics", "app=" + this.base + "/metrics",
				"--downstream", this.base + "/downstream", "--warmup", "1s", "--no-pinning", "--out", out.toString());
		assertThat(exit).as("exit code; output:%n%s%n%s", console, errors).isZero();

		assertThat(this.calls).as("checked once before anything, then set and cleared around the one load")
			.containsExactly("PUT", "DELETE", "PUT", "DELETE");
		assertThat(this.schedules).allSatisfy((schedule) -> {
			assertThat(schedule.path("phases").path(1).path("hold").asText()).isEqualTo("PT4S");
			assertThat(schedule.path("phases").path(1).path("status").asInt()).isEqualTo(503);
		});

		ResultsDirectory files = new ResultsDirectory(out);
		RunJson run = RunJson.read(files.runJson());
		assertThat(run.faults()).hasValueSatisfying((faults) -> {
			assertThat(faults.phases()).extracting(FaultPhase::hold)
				.containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(4));
			assertThat(faults.downstream()).hasValue(URI.create(this.base + "/downstream"));
		});
		LoadKey load = new LoadKey("chain", 1, "app", 1);
		FaultsJson faults = FaultsJson.read(files.faultsJson(load)).orElseThrow();
		Instant setForTheLoad = this.starts.getLast();
		assertThat(faults.started()).as("the instant the downstream gave").hasValue(setForTheLoad);
		assertThat(faults.cleared()).hasValueSatisfying((cleared) -> assertThat(cleared).isAfter(setForTheLoad));
		assertThat(faults.phases()).isEqualTo(run.faults().orElseThrow().phases());
		assertThat(SamplesCsv.read(files.samplesCsv(load)).getFirst().timestamp())
			.as("the load's first request follows the schedule, the warm-up's did not meet it")
			.isAfterOrEqualTo(setForTheLoad.truncatedTo(ChronoUnit.MILLIS));

		SummaryJson summary = SummaryJson.read(out.resolve("summary.json"));
		SummaryJson.BreakerLoad breaker = summary.faults().orElseThrow().breakers().getFirst();
		assertThat(breaker.breaker()).isEqualTo("downstream");
		assertThat(breaker.phases()).extracting(SummaryJson.BreakerPhase::outcome).containsExactly("opened");
		assertThat(breaker.recovery()).map(SummaryJson.BreakerRecovery::outcome).hasValue("closed");
		assertThat(summary.faults().orElseThrow().findings()).isEmpty();
		assertThat(out.resolve("report.md")).content(StandardCharsets.UTF_8)
			.contains("## Faults and circuit breakers", "| 2 | 2 s | 6 s | 503 for every request | yes |",
					"closed again");
	}

	/** The downstream's schedule resource, as far as the harness uses it. */
	private void schedule(HttpExchange exchange) throws IOException {
		String method = exchange.getRequestMethod();
		this.calls.add(method);
		if (method.equals("PUT")) {
			JsonNode schedule = JSON.readTree(exchange.getRequestBody());
			this.schedules.add(schedule);
			Instant now = Instant.now();
			this.started.set(now);
			this.starts.add(now);
			answer(exchange, 200, "application/json", "{\"phases\": " + schedule.path("phases") + ", \"repeat\": false,"
					+ " \"started\": \"" + now + "\", \"current\": null}");
		}
		else {
			this.started.set(null);
			exchange.sendResponseHeaders(204, -1);
			exchange.close();
		}
	}

	/**
	 * A breaker open while the 503 phase of the schedule in force lasts, closed
	 * otherwise.
	 */
	private String metrics() {
		Instant since = this.started.get();
		Duration elapsed = (since != null) ? Duration.between(since, Instant.now()) : Duration.ZERO;
		boolean open = since != null && elapsed.compareTo(FAILING_FROM) >= 0 && elapsed.compareTo(FAILING_TO) < 0;
		return "jvm_threads_live_threads 20.0\n"
				+ "resilience4j_circuitbreaker_state{name=\"downstream\",state=\"closed\"} " + (open ? 0 : 1) + ".0\n"
				+ "resilience4j_circuitbreaker_state{name=\"downstream\",state=\"open\"} " + (open ? 1 : 0) + ".0\n"
				+ "resilience4j_circuitbreaker_failure_rate{name=\"downstream\"} " + (open ? 100 : 0) + ".0\n";
	}

	private static void answer(HttpExchange exchange, int status, String type, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", type);
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

}

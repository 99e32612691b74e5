package dev.fluxbench.contract;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.contract.passthrough.Message;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Clients that hang up mid-request must not leak pooled connections. Under load a
 * benchmark's client times out and closes sockets; a stack that loses a database or
 * downstream connection each time would slow down for reasons that have nothing to do
 * with its threading model. A client going away is no error of the stack's either: it is
 * counted, and logged at DEBUG at most.
 *
 * <p>
 * It may run in any order with the other suites: it waits until every pool is idle again
 * and checks that the stack still answers, so the stack it leaves is as usable as the one
 * it found.
 */
@ContractSuite
class CancellationIT {

	private static final int BURSTS = 5;

	private static final int REQUESTS_PER_BURST = 150;

	private static final Duration EARLIEST_ABORT = Duration.ofMillis(50);

	private static final Duration LATEST_ABORT = Duration.ofMillis(300);

	/** Long enough for the aborts to land while the downstream still holds the call. */
	private static final long DOWNSTREAM_DELAY_MILLIS = 1_000;

	/**
	 * How long the pools may take to drain: the waits end as soon as they do, so the
	 * bound only has to hold on a machine busy with other work.
	 */
	private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void abortedRequestsShouldGiveBackEveryPooledConnection(Stack stack) throws Exception {
		Client client = this.stacks.client(stack);
		List<Gauge> gauges = Gauge.pools(stack);
		double busiest = 0;
		Path log = this.stacks.service(stack).logFile();
		long logLinesBefore = lines(log).size();
		double disconnectsBefore = disconnects(client);

		for (int burst = 0; burst < BURSTS; burst++) {
			busiest = Math.max(busiest, burst(client, burst, gauges));
		}

		// Proof that the bursts reached the pools; otherwise an idle pool below would
		// prove nothing.
		assertThat(busiest).as("pooled connections in use during the bursts").isPositive();
		awaitIdle(client, gauges);
		everyPooledConnectionShouldAnswer(client);
		assertThat(client.send(message("after-aborts", 0)).status()).isEqualTo(200);
		// Reactor Netty cancels a request whose client left, so webflux always sees it.
		// Tomcat learns it only from a write that fails, and a small answer may fit in
		// the
		// socket's buffer before the reset arrives: mvc counts what it sees, which may be
		// none of these.
		if (stack.app() == App.WEBFLUX) {
			assertThat(disconnects(client)).as("clients the stack counted as gone").isGreaterThan(disconnectsBefore);
		}
		List<String> written = lines(log).stream().skip(logLinesBefore).toList();
		assertThat(written).as("log lines of %s during the bursts", stack)
			.noneMatch((line) -> line.contains(" ERROR ") && (line.contains("committed")
					|| line.contains("Unexpected failure") || line.contains("ClientAbortException")));
	}

	/**
	 * Sends twice as many list requests at once as the database pool holds connections,
	 * so that every connection serves one. A connection left with an answer nobody read
	 * looks idle to its pool: only a query on it shows that it never answers.
	 */
	private static void everyPooledConnectionShouldAnswer(Client client) throws Exception {
		try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
			List<Future<Integer>> statuses = new ArrayList<>();
			for (int i = 0; i < 2 * Stacks.DB_POOL_SIZE; i++) {
				statuses.add(clients.submit(() -> client.get(ArtistPaths.ARTISTS).status()));
			}
			for (Future<Integer> status : statuses) {
				assertThat(status.get()).as("the artist list after the bursts").isEqualTo(200);
			}
		}
	}

	/** The stack's {@code fluxbench_client_disconnects_total}, 0 before the first. */
	private static double disconnects(Client client) {
		PrometheusText scrape = PrometheusText.parse(client.get("/actuator/prometheus").body());
		return scrape.sum("fluxbench_client_disconnects_total", Map.of()).orElse(0);
	}

	private static List<String> lines(Path log) throws IOException {
		// The stack may write a line with bytes of another charset in it: read them,
		// never fail on them.
		return Files.readAllLines(log, StandardCharsets.ISO_8859_1);
	}

	/**
	 * Sends one burst of requests on raw sockets and resets each connection after a
	 * random pause, the way a client that gives up does; answers how many pooled
	 * connections were in use while the requests were in flight.
	 */
	private static double burst(Client client, int burst, List<Gauge> gauges) {
		URI base = client.baseUri();
		try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int i = 0; i < REQUESTS_PER_BURST; i++) {
				byte[] request = (i % 2 == 0) ? passthroughRequest(base, "abort-" + burst + "-" + i)
						: listRequest(base);
				clients.submit(() -> sendAndAbort(base, request));
			}
			clients.shutdown();
			// Read until the requests show in a pool or the burst is over: on a busy
			// machine, one early reading may come before any request reached a pool.
			return await("pooled connections in use during burst " + burst).atMost(SETTLE_TIMEOUT)
				.pollDelay(Duration.ZERO)
				.pollInterval(Duration.ofMillis(10))
				.until(() -> inUse(client, gauges), (connections) -> connections > 0 || clients.isTerminated());
		}
	}

	private static Void sendAndAbort(URI base, byte[] request) throws IOException, InterruptedException {
		Socket socket = new Socket();
		try {
			socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
			OutputStream out = socket.getOutputStream();
			out.write(request);
			out.flush();
			long pause = ThreadLocalRandom.current().nextLong(EARLIEST_ABORT.toMillis(), LATEST_ABORT.toMillis() + 1);
			Thread.sleep(Duration.ofMillis(pause));
		}
		finally {
			// Linger 0: close sends a RST instead of a FIN, an abrupt end the server
			// cannot mistake for a half-closed connection that still wants its answer.
			socket.setSoLinger(true, 0);
			socket.close();
		}
		return null;
	}

	private static double inUse(Client client, List<Gauge> gauges) {
		PrometheusText scrape = PrometheusText.parse(client.get("/actuator/prometheus").body());
		return gauges.stream().mapToDouble((gauge) -> gauge.read(scrape).orElse(0)).sum();
	}

	/**
	 * Polls until every gauge reads 0; a timeout names each gauge with its last reading.
	 */
	private static void awaitIdle(Client client, List<Gauge> gauges) {
		await("every pool idle").atMost(SETTLE_TIMEOUT)
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(250))
			.untilAsserted(() -> {
				PrometheusText scrape = PrometheusText.parse(client.get("/actuator/prometheus").body());
				Map<Gauge, OptionalDouble> readings = new LinkedHashMap<>();
				gauges.forEach((gauge) -> readings.put(gauge, gauge.read(scrape)));
				assertThat(readings)
					.allSatisfy((gauge, value) -> assertThat(value).as("%s after the bursts", gauge).hasValue(0.0));
			});
	}

	private static byte[] passthroughRequest(URI base, String id) {
		byte[] body = Json.write(new Message(id, "abort me", DOWNSTREAM_DELAY_MILLIS)).getBytes(StandardCharsets.UTF_8);
		String head = "POST /passthrough/message HTTP/1.1\r\nHost: " + base.getAuthority()
				+ "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n";
		byte[] request = new byte[head.length() + body.length];
		System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, request, 0, head.length());
		System.arraycopy(body, 0, request, head.length(), body.length);
		return request;
	}

	private static byte[] listRequest(URI base) {
		return ("GET " + ArtistPaths.ARTISTS + "?size=1000 HTTP/1.1\r\nHost: " + base.getAuthority() + "\r\n\r\n")
			.getBytes(StandardCharsets.US_ASCII);
	}

	private static Call message(String id, long delayMillis) {
		return Call.post("/passthrough/message", Json.write(new Message(id, "hello", delayMillis)));
	}

	/** A pool gauge of the app: a metric name and the labels that select it. */
	record Gauge(String name, Map<String, String> labels) {

		static List<Gauge> pools(Stack stack) {
			List<Gauge> gauges = new ArrayList<>();
			if (stack == Stack.WEBFLUX) {
				gauges.add(new Gauge("r2dbc_pool_acquired_connections", Map.of()));
				gauges.add(new Gauge("r2dbc_pool_pending_connections", Map.of()));
				gauges.add(new Gauge("reactor_netty_connection_provider_active_connections",
						Map.of("name", "downstream")));
				gauges.add(new Gauge("reactor_netty_connection_provider_pending_connections",
						Map.of("name", "downstream")));
			}
			else {
				gauges.add(new Gauge("hikaricp_connections_active", Map.of()));
				gauges.add(new Gauge("hikaricp_connections_pending", Map.of()));
				gauges.add(new Gauge("httpcomponents_httpclient_pool_total_connections",
						Map.of("httpclient", "downstream", "state", "leased")));
				gauges
					.add(new Gauge("httpcomponents_httpclient_pool_total_pending", Map.of("httpclient", "downstream")));
			}
			return gauges;
		}

		OptionalDouble read(PrometheusText scrape) {
			return scrape.sum(this.name, this.labels);
		}

		@Override
		public String toString() {
			return this.name + this.labels;
		}

	}

}

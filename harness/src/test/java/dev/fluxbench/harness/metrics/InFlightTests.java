package dev.fluxbench.harness.metrics;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.harness.target.MetricsSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests in flight read from a small JDK HTTP server that plays an app's metrics,
 * scrape by scrape.
 */
class InFlightTests {

	private static final String ACTIVE = "http_server_requests_active_seconds_gcount"
			+ "{method=\"GET\",outcome=\"SUCCESS\",status=\"200\",uri=\"%s\"} %d\n";

	private HttpServer server;

	@AfterEach
	void stop() {
		if (this.server != null) {
			this.server.stop(0);
		}
	}

	@Test
	void countShouldAddEverySeriesAndLeaveOutTheScrapeThatReadsIt() {
		List<PrometheusText.Sample> samples = List.of(
				new PrometheusText.Sample(InFlight.ACTIVE_HISTOGRAM_COUNT, Map.of("uri", "/chain/{id}"), 7),
				new PrometheusText.Sample(InFlight.ACTIVE_HISTOGRAM_COUNT, Map.of("uri", "UNKNOWN"), 1),
				new PrometheusText.Sample("jvm_threads_live_threads", Map.of(), 40));
		assertThat(InFlight.count(samples)).hasValue(7);
		assertThat(InFlight.count(List.of(new PrometheusText.Sample(InFlight.ACTIVE_COUNT, Map.of(), 1)))).hasValue(0);
		assertThat(InFlight.count(List.of(new PrometheusText.Sample("jvm_threads_live_threads", Map.of(), 40))))
			.isEmpty();
	}

	@Test
	void settleWhenRequestsAreStillInFlightShouldWaitUntilTheyEnd() throws Exception {
		// 12 left, then 5, then none: the third scrape is the last one.
		AtomicInteger scrapes = serve((scrape) -> (scrape == 1) ? 12 : (scrape == 2) ? 5 : 0);
		InFlight.Settled settled = settle(Duration.ofMinutes(1));
		assertThat(settled.waited()).isTrue();
		assertThat(settled.before()).hasValue(12);
		assertThat(settled.after()).hasValue(0);
		assertThat(scrapes).hasValue(3);
	}

	@Test
	void settleWhenTheTargetIsIdleShouldNotWait() throws Exception {
		AtomicInteger scrapes = serve((scrape) -> 0);
		InFlight.Settled settled = settle(Duration.ofMinutes(1));
		assertThat(settled.waited()).isFalse();
		assertThat(scrapes).hasValue(1);
	}

	@Test
	void settleWhenRequestsNeverEndShouldGiveUpAtItsMaximumAndSaySo() throws Exception {
		serve((scrape) -> 30);
		InFlight.Settled settled = settle(Duration.ofMillis(300));
		assertThat(settled.before()).hasValue(30);
		assertThat(settled.after()).hasValue(30);
	}

	private InFlight.Settled settle(Duration maximum) throws InterruptedException {
		URI metrics = URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/actuator/prometheus");
		try (HttpClient client = HttpClient.newHttpClient()) {
			return new InFlight(new MetricsSource.Endpoint(metrics), Duration.ofMillis(20)).settle(client, maximum);
		}
	}

	/**
	 * Serves an exposition whose in-flight count, besides the scrape, is given per
	 * scrape.
	 */
	private AtomicInteger serve(IntFunction<Integer> inFlight) throws IOException {
		AtomicInteger scrapes = new AtomicInteger();
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/actuator/prometheus", (exchange) -> {
			int requests = inFlight.apply(scrapes.incrementAndGet());
			String body = ACTIVE.formatted("UNKNOWN", 1)
					+ ((requests > 0) ? ACTIVE.formatted("/chain/{id}", requests) : "");
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
			exchange.sendResponseHeaders(200, bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		});
		this.server.start();
		return scrapes;
	}

}

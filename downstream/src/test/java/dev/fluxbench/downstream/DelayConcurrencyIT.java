package dev.fluxbench.downstream;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import reactor.netty.resources.LoopResources;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many more waiting requests than the server has threads. Held one thread each, 2000
 * requests of 500 ms would take minutes on a few event loops; on timers they take about
 * one delay.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class DelayConcurrencyIT {

	private static final int REQUESTS = 2000;

	private static final Duration DELAY = Duration.ofMillis(500);

	/**
	 * Half the time the delays would take if each held an event loop: far above what
	 * timers take, even on a loaded machine where 2000 connections take seconds to open,
	 * and still short of what a server that blocks its event loops can do, on any number
	 * of cores.
	 */
	private static final Duration BOUND = DELAY.multipliedBy(REQUESTS)
		.dividedBy(LoopResources.DEFAULT_IO_WORKER_COUNT)
		.dividedBy(2);

	@LocalServerPort
	private int port;

	@Test
	void delaysWhenTwoThousandAreConcurrentShouldFinishTogether() {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/delay/" + DELAY.toMillis()))
			.timeout(BOUND)
			.build();
		try (HttpClient http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(BOUND)
			.build()) {
			long start = System.nanoTime();
			List<CompletableFuture<HttpResponse<byte[]>>> responses = IntStream.range(0, REQUESTS)
				.mapToObj((i) -> http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()))
				.toList();
			CompletableFuture.allOf(responses.toArray(CompletableFuture[]::new)).join();
			Duration elapsed = Duration.ofNanos(System.nanoTime() - start);

			assertThat(responses).extracting((response) -> response.join().statusCode())
				.hasSize(REQUESTS)
				.containsOnly(200);
			assertThat(elapsed).isGreaterThanOrEqualTo(DELAY).isLessThan(BOUND);
		}
	}

}

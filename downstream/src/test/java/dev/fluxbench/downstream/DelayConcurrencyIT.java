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

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many more waiting requests than the server has threads. Held one thread each, 2000 requests of
 * 500 ms would take minutes on a few event loops; on timers they take about one delay.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class DelayConcurrencyIT {

	private static final int REQUESTS = 2000;

	@LocalServerPort
	private int port;

	@Test
	void twoThousandConcurrentDelaysFinishTogether() {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/delay/500"))
			.timeout(Duration.ofSeconds(30))
			.build();
		try (HttpClient http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(10))
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
			assertThat(elapsed).isGreaterThanOrEqualTo(Duration.ofMillis(500)).isLessThan(Duration.ofSeconds(20));
		}
	}

}

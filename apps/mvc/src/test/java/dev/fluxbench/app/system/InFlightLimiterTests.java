package dev.fluxbench.app.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.test.json.JsonAssert;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code fluxbench.server.max-in-flight=1} on a real Tomcat: one request held in a
 * handler fills the app, the next is refused at once, and the app admits again when the
 * first has ended. {@code InFlightLimiterVirtualThreadsTests} runs the same on virtual
 * threads.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:in-flight;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"fluxbench.server.max-in-flight=1", Accounts.BCRYPT_COST })
@Import(InFlightLimiterTests.HeldController.class)
class InFlightLimiterTests {

	private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private InFlightLimiter limiter;

	@Autowired
	private MeterRegistry registry;

	@BeforeEach
	void holdRequests() {
		HeldController.hold();
	}

	@AfterEach
	void releaseRequests() {
		HeldController.release();
	}

	@Test
	void requestPastTheLimitShouldAnswer503OverloadedWithRetryAfter() throws Exception {
		double refusedBefore = refused();
		CompletableFuture<HttpResponse<String>> held = HTTP.sendAsync(get(HeldController.PATH),
				BodyHandlers.ofString());
		await().until(() -> this.limiter.inFlight() == 1);

		HttpResponse<String> refused = HTTP.send(get("/concerts/data/artists"), BodyHandlers.ofString());

		assertThat(refused.statusCode()).isEqualTo(503);
		assertThat(refused.headers().firstValue(HttpHeaders.RETRY_AFTER)).hasValue(Overload.retryAfter());
		assertThat(refused.headers().firstValue(HttpHeaders.CONTENT_TYPE)).hasValue("application/problem+json");
		JsonAssert.comparator(JsonCompareMode.LENIENT)
			.assertIsMatch(problem(ProblemType.OVERLOADED, "/concerts/data/artists",
					"Too many requests are in flight; try again later."), refused.body());
		assertThat(refused() - refusedBefore).isEqualTo(1.0);
		HeldController.release();
		assertThat(held.get().statusCode()).isEqualTo(200);
	}

	@Test
	void requestsUnderTheLimitShouldPassAndGiveTheirPlaceBack() throws Exception {
		HeldController.release();
		for (int i = 0; i < 3; i++) {
			assertThat(HTTP.send(get("/concerts/data/artists"), BodyHandlers.ofString()).statusCode()).isEqualTo(200);
		}
		assertThat(this.limiter.inFlight()).isZero();
	}

	@Test
	void actuatorShouldAnswerWhenTheAppIsFull() throws Exception {
		CompletableFuture<HttpResponse<String>> held = HTTP.sendAsync(get(HeldController.PATH),
				BodyHandlers.ofString());
		await().until(() -> this.limiter.inFlight() == 1);

		assertThat(HTTP.send(get("/actuator/health/liveness"), BodyHandlers.ofString()).statusCode()).isEqualTo(200);
		HttpResponse<String> info = HTTP.send(get("/actuator/info"), BodyHandlers.ofString());
		assertThat(info.statusCode()).isEqualTo(200);
		assertThat(info.body()).contains("\"maxInFlight\":1");
		HeldController.release();
		assertThat(held.get().statusCode()).isEqualTo(200);
	}

	@Test
	void failedRequestShouldGiveItsPlaceBack() throws Exception {
		assertThat(HTTP.send(get(HeldController.FAILING_PATH), BodyHandlers.ofString()).statusCode()).isEqualTo(500);
		assertThat(this.limiter.inFlight()).isZero();
	}

	private double refused() {
		var counter = this.registry.find("fluxbench.overload").tag("reason", "overloaded").counter();
		return (counter != null) ? counter.count() : 0;
	}

	private HttpRequest get(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build();
	}

	/** A handler that holds its request until the test lets it go. */
	@RestController
	static class HeldController {

		static final String PATH = "/test/held";

		static final String FAILING_PATH = "/test/failing";

		private static volatile CountDownLatch gate = new CountDownLatch(0);

		static void hold() {
			gate = new CountDownLatch(1);
		}

		static void release() {
			gate.countDown();
		}

		@GetMapping(PATH)
		String held() throws InterruptedException {
			gate.await();
			return "released";
		}

		@GetMapping(FAILING_PATH)
		String failing() {
			throw new IllegalStateException("Failing on purpose");
		}

	}

}

package dev.fluxbench.app.system;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.r2dbc.spi.R2dbcTimeoutException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.assertj.WebTestClientResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClientRequestException;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Overload answered as overload: a pool that had no connection to give in time is a 503
 * the client may retry, counted by reason; a client that went away is counted, and
 * nothing is written to an answer that has started.
 */
@WebFluxTest(ApiExceptionHandlerTests.FailingController.class)
@Import({ ApiExceptionHandlerTests.FailingController.class, ApiExceptionHandlerTests.Metrics.class })
class ApiExceptionHandlerTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private MeterRegistry registry;

	@Test
	void databasePoolTimeoutShouldAnswer503DatabaseSaturatedWithRetryAfter() {
		assertThat(get(FailingController.DATABASE)).hasStatus(HttpStatus.SERVICE_UNAVAILABLE)
			.hasHeader(HttpHeaders.RETRY_AFTER, Overload.retryAfter())
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DATABASE_SATURATED, FailingController.DATABASE,
					"No database connection came free in time; try again later."));
		assertThat(overloads("database-saturated")).isEqualTo(1.0);
	}

	@Test
	void httpClientPoolTimeoutShouldAnswer503DownstreamSaturatedWithRetryAfter() {
		assertThat(get(FailingController.HTTP_CLIENT)).hasStatus(HttpStatus.SERVICE_UNAVAILABLE)
			.hasHeader(HttpHeaders.RETRY_AFTER, Overload.retryAfter())
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DOWNSTREAM_SATURATED, FailingController.HTTP_CLIENT,
					"Too many requests are waiting for a connection to the downstream; try again later."));
		assertThat(overloads("downstream-saturated")).isEqualTo(1.0);
	}

	@Test
	void queryTimeoutShouldStayAnInternalError() {
		assertThat(get(FailingController.QUERY_TIMEOUT)).hasStatus(HttpStatus.INTERNAL_SERVER_ERROR)
			.doesNotContainHeader(HttpHeaders.RETRY_AFTER);
	}

	@Test
	void clientThatWentAwayShouldBeCountedAndGetNoProblem() {
		double before = disconnects();
		assertThat(get(FailingController.ABORTED)).body().isNullOrEmpty();
		assertThat(disconnects() - before).isEqualTo(1.0);
	}

	@Test
	void failureAfterTheAnswerStartedShouldWriteNothingMore() {
		// Spring reports the original failure past the handler; writing a problem to the
		// started answer would have failed with an UnsupportedOperationException on its
		// read-only headers instead.
		assertThatThrownBy(() -> this.client.get().uri(FailingController.COMMITTED).exchange()).rootCause()
			.isInstanceOf(IllegalStateException.class)
			.hasMessage("Failing after the answer started");
	}

	private WebTestClientResponse get(String path) {
		return WebTestClientResponse.from(this.client.get().uri(path).exchange());
	}

	private double overloads(String reason) {
		return this.registry.get("fluxbench.overload").tag("reason", reason).counter().count();
	}

	private double disconnects() {
		return this.registry.get("fluxbench.client.disconnects").counter().count();
	}

	@RestController
	static class FailingController {

		static final String DATABASE = "/test/database";

		static final String QUERY_TIMEOUT = "/test/query-timeout";

		static final String HTTP_CLIENT = "/test/http-client";

		static final String ABORTED = "/test/aborted";

		static final String COMMITTED = "/test/committed";

		/**
		 * What Spring's R2DBC support raises when r2dbc-pool had no connection within
		 * max-acquire-time.
		 */
		@GetMapping(DATABASE)
		Mono<String> database() {
			return Mono.error(new DataAccessResourceFailureException("Failed to obtain R2DBC Connection",
					new R2dbcTimeoutException("Connection acquisition timed out after 250ms", new TimeoutException())));
		}

		/** A statement that timed out is no pool saturation. */
		@GetMapping(QUERY_TIMEOUT)
		Mono<String> queryTimeout() {
			return Mono.error(new R2dbcTimeoutException("Statement timed out"));
		}

		/** What WebClient raises when Reactor Netty had no pooled connection in time. */
		@GetMapping(HTTP_CLIENT)
		Mono<String> httpClient() {
			return Mono.error(new WebClientRequestException(new PoolAcquireTimeoutException(Duration.ofSeconds(1)),
					HttpMethod.POST, URI.create("http://127.0.0.1:8090/messages"), new HttpHeaders()));
		}

		@GetMapping(ABORTED)
		Mono<String> aborted() {
			return Mono.error(AbortedException.beforeSend());
		}

		@GetMapping(COMMITTED)
		Mono<Void> committed(ServerHttpResponse response) {
			return response
				.writeWith(Mono.just(response.bufferFactory().wrap("partial".getBytes(StandardCharsets.UTF_8))))
				.then(Mono.error(new IllegalStateException("Failing after the answer started")));
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Metrics {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

}

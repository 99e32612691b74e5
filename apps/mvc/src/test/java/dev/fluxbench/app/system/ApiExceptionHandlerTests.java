package dev.fluxbench.app.system;

import java.io.IOException;
import java.sql.SQLTransientConnectionException;

import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.ResourceAccessException;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Overload answered as overload: a pool that had no connection to give in time is a 503
 * the client may retry, counted by reason; a client that went away is counted, and
 * nothing is written to an answer that has started.
 */
@WebMvcTest(ApiExceptionHandlerTests.FailingController.class)
@Import({ ApiExceptionHandlerTests.FailingController.class, ApiExceptionHandlerTests.Metrics.class })
class ApiExceptionHandlerTests {

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private MeterRegistry registry;

	@Test
	void databasePoolTimeoutShouldAnswer503DatabaseSaturatedWithRetryAfter() {
		assertThat(this.mvc.get().uri(FailingController.DATABASE)).hasStatus(HttpStatus.SERVICE_UNAVAILABLE)
			.hasHeader(HttpHeaders.RETRY_AFTER, Overload.retryAfter())
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DATABASE_SATURATED, FailingController.DATABASE,
					"No database connection came free in time; try again later."));
		assertThat(overloads("database-saturated")).isEqualTo(1.0);
	}

	@Test
	void httpClientPoolTimeoutShouldAnswer503DownstreamSaturatedWithRetryAfter() {
		assertThat(this.mvc.get().uri(FailingController.HTTP_CLIENT)).hasStatus(HttpStatus.SERVICE_UNAVAILABLE)
			.hasHeader(HttpHeaders.RETRY_AFTER, Overload.retryAfter())
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DOWNSTREAM_SATURATED, FailingController.HTTP_CLIENT,
					"Too many requests are waiting for a connection to the downstream; try again later."));
		assertThat(overloads("downstream-saturated")).isEqualTo(1.0);
	}

	@Test
	void clientThatWentAwayShouldBeCountedAndGetNoAnswer() {
		double before = disconnects();
		assertThat(this.mvc.get().uri(FailingController.ABORTED)).hasStatusOk().body().isEmpty();
		assertThat(disconnects() - before).isEqualTo(1.0);
	}

	@Test
	void failureAfterTheAnswerStartedShouldWriteNothingMore() {
		assertThat(this.mvc.get().uri(FailingController.COMMITTED)).hasStatusOk().bodyText().isEqualTo("partial");
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

		static final String HTTP_CLIENT = "/test/http-client";

		static final String ABORTED = "/test/aborted";

		static final String COMMITTED = "/test/committed";

		/**
		 * What Spring's JPA transaction manager throws when Hikari had no connection
		 * within its timeout.
		 */
		@GetMapping(DATABASE)
		String database() {
			throw new CannotCreateTransactionException("Could not open JPA EntityManager for transaction",
					new SQLTransientConnectionException("artists - Connection is not available, request timed out"));
		}

		/**
		 * What RestClient throws when Apache HttpClient 5 had no pooled connection in
		 * time.
		 */
		@GetMapping(HTTP_CLIENT)
		String httpClient() {
			throw new ResourceAccessException("I/O error",
					new ConnectionRequestTimeoutException("Timeout deadline: 1000 MILLISECONDS"));
		}

		@GetMapping(ABORTED)
		String aborted() throws IOException {
			throw new ClientAbortException(new IOException("Broken pipe"));
		}

		@GetMapping(COMMITTED)
		void committed(HttpServletResponse response) throws IOException {
			response.getWriter().write("partial");
			response.flushBuffer();
			throw new IllegalStateException("Failing after the answer started");
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

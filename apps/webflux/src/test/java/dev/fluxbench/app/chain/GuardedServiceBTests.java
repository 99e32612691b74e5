package dev.fluxbench.app.chain;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.app.passthrough.DownstreamProperties;
import dev.fluxbench.app.system.Stack;
import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.DegradedReason;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;

import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * Service B behind real guards and a real client, against a real server: what the breaker
 * counts, which fallback answers, and that nothing blocks an event loop on the way
 * (BlockHound watches).
 */
class GuardedServiceBTests {

	// Long enough for a cold client's first call on a busy CI core.
	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private static final ChainRequest REQUEST = new ChainRequest("c-1", 1, 25, 4);

	private StubServer serviceB;

	private final PooledClients clients = new PooledClients(WebClient.builder());

	@BeforeEach
	void startServiceB() throws IOException {
		this.serviceB = StubServer.start().answer(200, "application/octet-stream", "xxxx");
	}

	@AfterEach
	void stop() {
		this.clients.destroy();
		this.serviceB.close();
	}

	@Test
	void answerShouldCarryServiceBsPayloadAndForwardOnlyTheFaultHeaders() {
		HttpHeaders incoming = new HttpHeaders();
		incoming.add(FaultHeaders.STALL, "0");
		incoming.add(HttpHeaders.AUTHORIZATION, "Bearer secret");

		ChainDto answer = answer(serviceB(TestGuards.guards(TIMEOUT)), incoming);

		assertThat(answer).isEqualTo(ChainDto.answered("c-1", "webflux", 4, "xxxx"));
		StubServer.Request request = this.serviceB.received().getFirst();
		assertThat(request.method()).isEqualTo("GET");
		assertThat(request.path()).isEqualTo("/delay/25");
		assertThat(request.query()).isEqualTo("bytes=4");
		assertThat(request.headers().getFirst(FaultHeaders.STALL)).isEqualTo("0");
		assertThat(request.headers().containsKey(HttpHeaders.AUTHORIZATION)).isFalse();
	}

	@Test
	void answerWhenServiceBAnswers503ShouldFallBackAndCountAFailure() {
		this.serviceB.answer(503, "application/problem+json", "{}");
		DownstreamGuards guards = TestGuards.guards(TIMEOUT);

		ChainDto answer = answer(serviceB(guards), new HttpHeaders());

		assertThat(answer).isEqualTo(ChainDto.degraded("c-1", "webflux", 4, DegradedReason.DOWNSTREAM_ERROR, 503));
		assertThat(guards.circuitBreaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
	}

	@Test
	void answerWhenServiceBRefusesTheRequestShouldAnswer502WithoutCountingAFailure() {
		this.serviceB.answer(400, "application/problem+json", "{}");
		DownstreamGuards guards = TestGuards.guards(TIMEOUT);

		ChainException failure = catchThrowableOfType(ChainException.class,
				() -> answer(serviceB(guards), new HttpHeaders()));

		assertThat(failure.problem())
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The downstream answered 400."));
		assertThat(guards.circuitBreaker().getMetrics().getNumberOfBufferedCalls()).isZero();
	}

	@Test
	void answerWhenServiceBIsSlowerThanTheTimeLimiterShouldFallBackAndFreeTheConnection() {
		this.serviceB.stall(Duration.ofSeconds(30));
		DownstreamGuards guards = TestGuards.guards(TIMEOUT);
		// One connection and no waiting: a call that kept it busy would leave none for
		// the next.
		GuardedServiceB serviceB = serviceB(guards, downstream(this.serviceB.uri(), 1, 0));

		ChainDto answer = answer(serviceB, new HttpHeaders());

		assertThat(answer).isEqualTo(ChainDto.degraded("c-1", "webflux", 4, DegradedReason.TIMEOUT, null));
		assertThat(guards.circuitBreaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
		// The limiter cancelled the call, which closed its connection long before B's
		// stall ends.
		this.serviceB.stall(Duration.ZERO);
		await().atMost(TIMEOUT.multipliedBy(3)).until(() -> !answer(serviceB, new HttpHeaders()).degraded());
	}

	@Test
	void answerWhenTheBreakerIsOpenShouldFallBackWithoutCallingServiceB() {
		DownstreamGuards guards = TestGuards.guards(TIMEOUT);
		guards.circuitBreaker().transitionToOpenState();

		ChainDto answer = answer(serviceB(guards), new HttpHeaders());

		assertThat(answer).isEqualTo(ChainDto.degraded("c-1", "webflux", 4, DegradedReason.CIRCUIT_OPEN, null));
		assertThat(this.serviceB.received()).isEmpty();
		assertThat(guards.circuitBreaker().getState()).isEqualTo(CircuitBreaker.State.OPEN);
	}

	@Test
	void answerWhenServiceBIsUnreachableShouldFallBackAndCountAFailure() throws IOException {
		DownstreamGuards guards = TestGuards.guards(TIMEOUT);

		ChainDto answer = answer(serviceB(guards, downstream(StubServer.closedPort(), 4, 4)), new HttpHeaders());

		assertThat(answer).isEqualTo(ChainDto.degraded("c-1", "webflux", 4, DegradedReason.UNREACHABLE, null));
		assertThat(guards.circuitBreaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
	}

	@Test
	void answerWhenTheBulkheadIsFullShouldFallBackWithoutCallingServiceB() {
		DownstreamGuards guards = TestGuards.guards(TIMEOUT, TestGuards.properties(true), 0);

		ChainDto answer = answer(serviceB(guards), new HttpHeaders());

		assertThat(answer).isEqualTo(ChainDto.degraded("c-1", "webflux", 4, DegradedReason.BULKHEAD_FULL, null));
		assertThat(this.serviceB.received()).isEmpty();
		assertThat(guards.circuitBreaker().getMetrics().getNumberOfBufferedCalls()).isZero();
	}

	@Test
	void answerWhenEveryConnectionIsBusyShouldFallBackAsSaturatedWithoutCountingAFailure() {
		this.serviceB.stall(Duration.ofSeconds(30));
		// A limiter that outlasts the test, so that the first call holds the only
		// connection throughout.
		DownstreamGuards guards = TestGuards.guards(Duration.ofSeconds(20));
		GuardedServiceB serviceB = serviceB(guards, downstream(this.serviceB.uri(), 1, 0));
		Disposable first = serviceB.answer(REQUEST, new HttpHeaders()).subscribe();
		try {
			await().until(() -> !this.serviceB.received().isEmpty());

			ChainDto answer = answer(serviceB, new HttpHeaders());

			assertThat(answer).isEqualTo(ChainDto.degraded("c-1", "webflux", 4, DegradedReason.SATURATED, null));
			assertThat(guards.circuitBreaker().getMetrics().getNumberOfFailedCalls()).isZero();
		}
		finally {
			first.dispose();
		}
	}

	private static ChainDto answer(GuardedServiceB serviceB, HttpHeaders incoming) {
		return serviceB.answer(REQUEST, incoming).block(Duration.ofSeconds(30));
	}

	private GuardedServiceB serviceB(DownstreamGuards guards) {
		return serviceB(guards, downstream(this.serviceB.uri(), 4, 4));
	}

	// Built as the application builds it, on a pool from PooledClients.
	private GuardedServiceB serviceB(DownstreamGuards guards, DownstreamProperties downstream) {
		return new GuardedServiceB(new ServiceBClient(this.clients, downstream, guards), guards, new Stack("webflux"));
	}

	private static DownstreamProperties downstream(URI baseUrl, int maxConnections, int maxPendingAcquires) {
		return new DownstreamProperties(new PooledClientProperties(baseUrl, Duration.ofSeconds(1),
				Duration.ofSeconds(10), maxConnections, maxPendingAcquires, Duration.ofSeconds(1)));
	}

}

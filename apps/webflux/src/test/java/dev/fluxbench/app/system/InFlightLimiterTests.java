package dev.fluxbench.app.system;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.test.json.JsonAssert;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.web.server.WebFilterChain;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fluxbench.server.max-in-flight=1} on the filter itself: a request held open
 * fills the app, the next is refused at once, and a request gives its place back however
 * it ends: completed, failed, or cancelled by a client that went away.
 */
class InFlightLimiterTests {

	private static final String ARTISTS = "/concerts/data/artists";

	private final MeterRegistry registry = new SimpleMeterRegistry();

	private final InFlightLimiter limiter = new InFlightLimiter(new InFlightProperties(1),
			new StaticListableBeanFactory(Map.of("registry", this.registry)).getBeanProvider(MeterRegistry.class),
			"/actuator");

	@Test
	void requestPastTheLimitShouldAnswer503OverloadedWithRetryAfter() {
		Sinks.Empty<Void> held = Sinks.empty();
		Disposable first = this.limiter.filter(exchange(ARTISTS), (exchange) -> held.asMono()).subscribe();
		assertThat(this.limiter.inFlight()).isOne();

		MockServerWebExchange refused = exchange(ARTISTS);
		AtomicInteger reached = new AtomicInteger();
		this.limiter.filter(refused, passing(reached)).block();

		assertThat(reached).hasValue(0);
		assertThat(refused.getResponse().getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
		assertThat(refused.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER))
			.isEqualTo(Overload.retryAfter());
		assertThat(refused.getResponse().getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
		JsonAssert.comparator(JsonCompareMode.LENIENT)
			.assertIsMatch(
					problem(ProblemType.OVERLOADED, ARTISTS, "Too many requests are in flight; try again later."),
					refused.getResponse().getBodyAsString().block());
		assertThat(this.registry.get("fluxbench.overload").tag("reason", "overloaded").counter().count()).isOne();
		held.tryEmitEmpty();
		assertThat(first.isDisposed()).isTrue();
		assertThat(this.limiter.inFlight()).isZero();
	}

	@Test
	void requestsUnderTheLimitShouldPassAndGiveTheirPlaceBack() {
		AtomicInteger reached = new AtomicInteger();
		for (int i = 0; i < 3; i++) {
			this.limiter.filter(exchange(ARTISTS), passing(reached)).block();
		}
		assertThat(reached).hasValue(3);
		assertThat(this.limiter.inFlight()).isZero();
	}

	@Test
	void failedRequestShouldGiveItsPlaceBack() {
		Mono<Void> failed = this.limiter.filter(exchange(ARTISTS),
				(exchange) -> Mono.error(new IllegalStateException("Failing on purpose")));
		failed.onErrorComplete().block();
		assertThat(this.limiter.inFlight()).isZero();
	}

	@Test
	void cancelledRequestShouldGiveItsPlaceBack() {
		Disposable cancelled = this.limiter.filter(exchange(ARTISTS), (exchange) -> Mono.never()).subscribe();
		assertThat(this.limiter.inFlight()).isOne();
		// What Reactor Netty does when the client closes its connection mid-request.
		cancelled.dispose();
		assertThat(this.limiter.inFlight()).isZero();
	}

	@Test
	void actuatorShouldAnswerWhenTheAppIsFull() {
		Disposable held = this.limiter.filter(exchange(ARTISTS), (exchange) -> Mono.never()).subscribe();
		AtomicInteger reached = new AtomicInteger();
		this.limiter.filter(exchange("/actuator/prometheus"), passing(reached)).block();
		this.limiter.filter(exchange("/actuator/health/readiness"), passing(reached)).block();
		assertThat(reached).hasValue(2);
		held.dispose();
	}

	private static WebFilterChain passing(AtomicInteger reached) {
		return (exchange) -> Mono.fromRunnable(reached::incrementAndGet);
	}

	private static MockServerWebExchange exchange(String path) {
		return MockServerWebExchange.from(MockServerHttpRequest.get(path));
	}

}

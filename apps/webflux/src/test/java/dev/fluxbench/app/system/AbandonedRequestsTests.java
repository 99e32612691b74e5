package dev.fluxbench.app.system;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilterChain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

class AbandonedRequestsTests {

	private final AbandonedRequests filter = new AbandonedRequests();

	private final ServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/artists"));

	@Test
	void requestWhoseClientLeftShouldRunToItsEndUncancelled() {
		Sinks.Empty<Void> work = Sinks.empty();
		AtomicBoolean cancelled = new AtomicBoolean();
		AtomicBoolean finished = new AtomicBoolean();
		WebFilterChain chain = (ignored) -> work.asMono()
			.doOnCancel(() -> cancelled.set(true))
			.doOnSuccess((nothing) -> finished.set(true));

		this.filter.filter(this.exchange, chain).subscribe().dispose();
		work.tryEmitEmpty();

		await().atMost(Duration.ofSeconds(10)).untilTrue(finished);
		assertThat(cancelled).isFalse();
	}

	@Test
	void failureAfterTheClientLeftShouldBeNobodysError() {
		Sinks.Empty<Void> work = Sinks.empty();
		AtomicReference<Throwable> dropped = new AtomicReference<>();
		AtomicBoolean failed = new AtomicBoolean();
		WebFilterChain chain = (ignored) -> work.asMono().doOnError((ex) -> failed.set(true));
		// Reactor hands an error nobody can take to this hook, which by default logs it
		// at ERROR.
		Hooks.onErrorDropped(dropped::set);
		try {
			this.filter.filter(this.exchange, chain).subscribe().dispose();
			work.tryEmitError(new IllegalStateException("the connection is closed"));

			await().atMost(Duration.ofSeconds(10)).untilTrue(failed);
			assertThat(dropped).hasNullValue();
		}
		finally {
			Hooks.resetOnErrorDropped();
		}
	}

	@Test
	void failureWhileTheClientWaitsShouldReachIt() {
		WebFilterChain failing = (ignored) -> Mono.error(new IllegalStateException("no connection"));

		assertThatThrownBy(() -> this.filter.filter(this.exchange, failing).block())
			.isInstanceOf(IllegalStateException.class)
			.hasMessage("no connection");
	}

	@Test
	void answerShouldCarryTheSubscribersContext() {
		WebFilterChain chain = (ignored) -> Mono.deferContextual((context) -> {
			assertThat(context.<String>get("caller")).isEqualTo("test");
			return Mono.empty();
		});

		this.filter.filter(this.exchange, chain).contextWrite((context) -> context.put("caller", "test")).block();
	}

}

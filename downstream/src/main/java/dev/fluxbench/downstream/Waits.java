package dev.fluxbench.downstream;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Holds requests on a timer instead of a thread, and counts them. The gauge shows that a
 * benchmark kept the downstream as busy as intended, and that a client that gave up
 * released its request.
 */
@Component
class Waits implements MeterBinder {

	private final AtomicInteger waiting = new AtomicInteger();

	/*
	 * A cancelled timer ends the wait: Reactor Netty cancels the response when its client
	 * disconnects, so an abandoned stall holds nothing until it would have ended.
	 */
	<T> Mono<T> after(Duration wait, Mono<T> answer) {
		if (wait.isZero()) {
			return answer;
		}
		return Mono.delay(wait)
			.doOnSubscribe((subscription) -> this.waiting.incrementAndGet())
			.doFinally((signal) -> this.waiting.decrementAndGet())
			.then(answer);
	}

	int waiting() {
		return this.waiting.get();
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("fluxbench.downstream.waiting", this.waiting, AtomicInteger::get)
			.description("Requests waiting for their delay or stall")
			.register(registry);
	}

}

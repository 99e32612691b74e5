package dev.fluxbench.app.chain;

import java.time.Duration;
import java.util.Optional;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.core.Registry;
import io.github.resilience4j.timelimiter.TimeLimiter;
import io.github.resilience4j.timelimiter.TimeLimiterRegistry;
import org.jspecify.annotations.Nullable;

/**
 * The guards around every call to service B: the instances named {@value #NAME} that
 * Resilience4j's registries built from {@code resilience4j.*.instances.downstream}, the
 * ones its metrics report. Each must be configured: a registry would otherwise make one
 * from its defaults without a word.
 */
final class DownstreamGuards {

	static final String NAME = "downstream";

	private final CircuitBreaker circuitBreaker;

	private final TimeLimiter timeLimiter;

	private final Bulkhead bulkhead;

	private final boolean bulkheadEnabled;

	DownstreamGuards(CircuitBreakerRegistry circuitBreakers, TimeLimiterRegistry timeLimiters,
			BulkheadRegistry bulkheads, ChainProperties properties) {
		this.circuitBreaker = configured(circuitBreakers, "circuitbreaker");
		this.timeLimiter = configured(timeLimiters, "timelimiter");
		this.bulkhead = configured(bulkheads, "bulkhead");
		this.bulkheadEnabled = properties.bulkheadEnabled();
		Duration wait = this.bulkhead.getBulkheadConfig().getMaxWaitDuration();
		if (!wait.isZero()) {
			throw new IllegalStateException("resilience4j.bulkhead.instances." + NAME
					+ ".max-wait-duration must be 0, not " + wait
					+ ": in webflux a bulkhead that waits would park an event loop, and both stacks must refuse alike");
		}
	}

	/**
	 * Whether the circuit breaker counts this failure of a call it let through. B's 5xx,
	 * timeouts and lost connections count. What B refused as the caller's mistake (a
	 * 4xx), and this app's own full bulkhead, pool or threads, say nothing of B's health:
	 * the breaker ignores them.
	 */
	static boolean isIgnored(Throwable failure) {
		return failure instanceof ChainException || failure instanceof BulkheadFullException
				|| (failure instanceof ServiceBException serviceB && !serviceB.isServiceBFailure());
	}

	CircuitBreaker circuitBreaker() {
		return this.circuitBreaker;
	}

	TimeLimiter timeLimiter() {
		return this.timeLimiter;
	}

	/** The bulkhead when {@code fluxbench.chain.bulkhead-enabled} is on. */
	Optional<Bulkhead> bulkhead() {
		return this.bulkheadEnabled ? Optional.of(this.bulkhead) : Optional.empty();
	}

	/** The bulkhead's settings, shown whether it is on or not. */
	Bulkhead configuredBulkhead() {
		return this.bulkhead;
	}

	/** The time limiter's timeout, which the clients to B take as their read timeout. */
	Duration timeout() {
		return this.timeLimiter.getTimeLimiterConfig().getTimeoutDuration();
	}

	private static <E> E configured(Registry<E, ?> registry, String kind) {
		@Nullable E entry = registry.find(NAME).orElse(null);
		if (entry == null) {
			throw new IllegalStateException("resilience4j." + kind + ".instances." + NAME
					+ " is not configured: the chain's guards must be written out in application.yaml");
		}
		return entry;
	}

}

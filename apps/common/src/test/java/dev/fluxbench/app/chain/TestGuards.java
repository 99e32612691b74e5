package dev.fluxbench.app.chain;

import java.time.Duration;

import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;
import io.github.resilience4j.timelimiter.TimeLimiterRegistry;

/**
 * Guards built as Resilience4j's starter builds them, the chain's customizer included,
 * with numbers a test can reach: a breaker that a single failure does not open, and that
 * stays open once opened.
 */
final class TestGuards {

	private TestGuards() {
	}

	static ChainProperties properties(boolean bulkheadEnabled) {
		return new ChainProperties(null, 16, Duration.ofSeconds(30), bulkheadEnabled,
				new ChainProperties.CallPool(4, 4));
	}

	static DownstreamGuards guards(Duration timeout) {
		return guards(timeout, properties(false), 25);
	}

	static DownstreamGuards guards(Duration timeout, ChainProperties properties, int bulkheadCalls) {
		CircuitBreakerConfig.Builder breaker = CircuitBreakerConfig.custom()
			.slidingWindowType(SlidingWindowType.COUNT_BASED)
			.slidingWindowSize(10)
			.minimumNumberOfCalls(10)
			.failureRateThreshold(50)
			.waitDurationInOpenState(Duration.ofMinutes(1));
		new ChainGuardConfiguration().downstreamFailures().customize(breaker);
		CircuitBreakerRegistry circuitBreakers = CircuitBreakerRegistry.ofDefaults();
		circuitBreakers.circuitBreaker(DownstreamGuards.NAME, breaker.build());
		TimeLimiterRegistry timeLimiters = TimeLimiterRegistry.ofDefaults();
		timeLimiters.timeLimiter(DownstreamGuards.NAME,
				TimeLimiterConfig.custom().timeoutDuration(timeout).cancelRunningFuture(true).build());
		BulkheadRegistry bulkheads = BulkheadRegistry.ofDefaults();
		bulkheads.bulkhead(DownstreamGuards.NAME,
				BulkheadConfig.custom().maxConcurrentCalls(bulkheadCalls).maxWaitDuration(Duration.ZERO).build());
		return new DownstreamGuards(circuitBreakers, timeLimiters, bulkheads, properties);
	}

}

package dev.fluxbench.app.chain;

import io.github.resilience4j.bulkhead.BulkheadRegistry;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowSynchronizationStrategy;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.common.circuitbreaker.configuration.CircuitBreakerConfigCustomizer;
import io.github.resilience4j.timelimiter.TimeLimiterRegistry;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The chain's guards, the same in both stacks. Their numbers come from application.yaml;
 * what counts as a failure of service B, and how the breaker's window is shared between
 * threads, come from here: the first is a matter of this code's exceptions, and
 * Resilience4j's properties cannot set the second.
 */
@Configuration(proxyBeanMethods = false)
class ChainGuardConfiguration {

	/*
	 * Applied by Resilience4j's starter after the instance's properties, before the
	 * registry builds it. The default window guards its counts with a lock: a call that
	 * finds it taken parks, which on a Netty event loop stalls every connection of the
	 * loop, and on Tomcat's threads queues them behind each other. The lock-free window
	 * compares and swaps instead, in both stacks alike.
	 */
	@Bean
	CircuitBreakerConfigCustomizer downstreamFailures() {
		return CircuitBreakerConfigCustomizer.of(DownstreamGuards.NAME,
				(builder) -> builder.ignoreException(DownstreamGuards::isIgnored)
					.slidingWindowSynchronizationStrategy(SlidingWindowSynchronizationStrategy.LOCK_FREE));
	}

	@Bean
	DownstreamGuards downstreamGuards(CircuitBreakerRegistry circuitBreakers, TimeLimiterRegistry timeLimiters,
			BulkheadRegistry bulkheads, ChainProperties properties) {
		return new DownstreamGuards(circuitBreakers, timeLimiters, bulkheads, properties);
	}

	@Bean
	NextHop nextHop(ChainProperties properties, DownstreamGuards guards, Environment environment) {
		return new NextHop(properties, guards.timeout(), environment);
	}

}

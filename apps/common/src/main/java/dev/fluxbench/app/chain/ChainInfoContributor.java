package dev.fluxbench.app.chain;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.fluxbench.contract.chain.ChainPaths;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.timelimiter.TimeLimiterConfig;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * The chain's settings under {@code chain} in /actuator/info: ours, and the guards' as
 * Resilience4j's registries hold them, so that what shows is what is in force, not what a
 * property file meant.
 */
@Component
class ChainInfoContributor implements InfoContributor {

	private final ChainProperties properties;

	private final DownstreamGuards guards;

	private final NextHop nextHop;

	private final ChainIsolation isolation;

	ChainInfoContributor(ChainProperties properties, DownstreamGuards guards, NextHop nextHop,
			ChainIsolation isolation) {
		this.properties = properties;
		this.guards = guards;
		this.nextHop = nextHop;
		this.isolation = isolation;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> chain = new LinkedHashMap<>();
		chain.put("nextUrl", String.valueOf(this.nextHop.current()));
		chain.put("nextUrlConfigured", this.properties.nextUrl() != null);
		chain.put("maxDepth", this.properties.maxDepth());
		chain.put("maxDelay", Duration.ofMillis(ChainPaths.MAX_DELAY_MILLIS));
		chain.put("maxBytes", ChainPaths.MAX_BYTES);
		chain.put("hopTimeout", this.properties.hopTimeout());
		chain.put("serviceBCalls", this.isolation.toInfo());
		chain.put("circuitBreaker", circuitBreaker(this.guards.circuitBreaker().getCircuitBreakerConfig()));
		chain.put("timeLimiter", timeLimiter(this.guards.timeLimiter().getTimeLimiterConfig()));
		chain.put("bulkhead", bulkhead(this.guards.configuredBulkhead().getBulkheadConfig()));
		builder.withDetail("chain", chain);
	}

	private static Map<String, Object> circuitBreaker(CircuitBreakerConfig config) {
		Map<String, Object> breaker = new LinkedHashMap<>();
		breaker.put("name", DownstreamGuards.NAME);
		breaker.put("slidingWindowType", config.getSlidingWindowType().name());
		breaker.put("slidingWindowSize", config.getSlidingWindowSize());
		breaker.put("slidingWindowSynchronizationStrategy", config.getSlidingWindowSynchronizationStrategy().name());
		breaker.put("minimumNumberOfCalls", config.getMinimumNumberOfCalls());
		breaker.put("failureRateThreshold", config.getFailureRateThreshold());
		breaker.put("slowCallRateThreshold", config.getSlowCallRateThreshold());
		breaker.put("slowCallDurationThreshold", config.getSlowCallDurationThreshold());
		// The wait after the first opening; a fixed wait, unless someone configures a
		// backoff.
		breaker.put("waitDurationInOpenState", Duration.ofMillis(config.getWaitIntervalFunctionInOpenState().apply(1)));
		breaker.put("permittedNumberOfCallsInHalfOpenState", config.getPermittedNumberOfCallsInHalfOpenState());
		breaker.put("maxWaitDurationInHalfOpenState", config.getMaxWaitDurationInHalfOpenState());
		breaker.put("automaticTransitionFromOpenToHalfOpenEnabled",
				config.isAutomaticTransitionFromOpenToHalfOpenEnabled());
		breaker.put("writableStackTraceEnabled", config.isWritableStackTraceEnabled());
		breaker.put("countsAsFailure", "service B's 5xx, timeouts, lost connections");
		breaker.put("ignores", "service B's 4xx, a full bulkhead, a full client");
		return breaker;
	}

	private static Map<String, Object> timeLimiter(TimeLimiterConfig config) {
		Map<String, Object> limiter = new LinkedHashMap<>();
		limiter.put("name", DownstreamGuards.NAME);
		limiter.put("timeoutDuration", config.getTimeoutDuration());
		limiter.put("cancelRunningFuture", config.shouldCancelRunningFuture());
		return limiter;
	}

	private Map<String, Object> bulkhead(BulkheadConfig config) {
		Map<String, Object> bulkhead = new LinkedHashMap<>();
		bulkhead.put("name", DownstreamGuards.NAME);
		bulkhead.put("enabled", this.properties.bulkheadEnabled());
		bulkhead.put("maxConcurrentCalls", config.getMaxConcurrentCalls());
		bulkhead.put("maxWaitDuration", config.getMaxWaitDuration());
		bulkhead.put("writableStackTraceEnabled", config.isWritableStackTraceEnabled());
		return bulkhead;
	}

}

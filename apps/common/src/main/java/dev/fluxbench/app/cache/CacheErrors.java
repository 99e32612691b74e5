package dev.fluxbench.app.cache;

import java.time.Duration;
import java.util.concurrent.CompletionException;

import dev.fluxbench.app.system.RateLimitedLog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.stereotype.Component;

/**
 * Counts the cache's failures as {@code cache.errors} (exported as
 * {@code cache_errors_total}) by cache and operation, and logs them at WARN once a minute
 * per cache and operation: a cache that is down fails every lookup, and one line per
 * lookup would flood the log.
 */
@Component
class CacheErrors {

	static final String METER = "cache.errors";

	private static final Log logger = LogFactory.getLog(CacheErrors.class);

	private final MeterRegistry registry;

	private final RateLimitedLog log = new RateLimitedLog(logger, Duration.ofMinutes(1), 16);

	CacheErrors(MeterRegistry registry) {
		this.registry = registry;
	}

	void record(String cache, String operation, Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		Counter.builder(METER)
			.description("Cache operations that failed and were treated as a miss or skipped")
			.tag("cache", cache)
			.tag("operation", operation)
			.register(this.registry)
			.increment();
		this.log.warn(cache + ":" + operation, () -> "Cache '" + cache + "' failed on " + operation
				+ (FailOpenCache.GET.equals(operation) ? ", taken for a miss: " : ", skipped: ") + cause);
	}

}

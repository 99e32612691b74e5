package dev.fluxbench.app.cache;

import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Which cache sits in front of the unit lookups. The thesis compared its application with
 * and without its clustered cache; these modes let a benchmark do the same on every
 * stack.
 *
 * @param mode {@code none} (every lookup reads the database), {@code local} (Caffeine in
 * the JVM) or {@code distributed} (Redis at {@code spring.data.redis.*})
 * @param ttl how long an entry lives after it was written
 * @param maxSize how many units the local cache holds; Redis is bounded by its own
 * maxmemory
 */
@Validated
@ConfigurationProperties("fluxbench.cache")
record CacheProperties(@DefaultValue("none") @NotNull Mode mode, @DefaultValue("10m") @NotNull Duration ttl,
		@DefaultValue("100000") @Min(1) long maxSize) {

	enum Mode {

		NONE, LOCAL, DISTRIBUTED

	}

}

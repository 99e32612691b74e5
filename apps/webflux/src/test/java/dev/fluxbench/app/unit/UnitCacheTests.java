package dev.fluxbench.app.unit;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;

import dev.fluxbench.app.cache.CacheNames;
import dev.fluxbench.app.system.Stack;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.CacheManager;
import org.springframework.context.ApplicationContext;
import org.springframework.data.redis.cache.RedisCacheWriter;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.times;

/**
 * The lookup through each cache mode, wired as the application wires it: the second
 * lookup of a unit is a hit that leaves the database alone, and Boot's {@code cache.gets}
 * meters (exported as {@code cache_gets_total}) count one miss and one hit.
 */
class UnitCacheTests {

	private static final long ID = 4242;

	abstract static class CacheModeTests {

		@Autowired
		UnitService units;

		@Autowired
		CacheManager cacheManager;

		@Autowired
		MeterRegistry registry;

		@MockitoSpyBean
		UnitRepository repository;

		@Test
		void secondLookupShouldBeAHitThatDoesNotReadTheDatabase() {
			double hits = gets("hit");
			double misses = gets("miss");
			assertThat(this.units.find(ID).block().name()).isEqualTo("Unit 004242");
			awaitStored();
			assertThat(this.units.find(ID).block().name()).isEqualTo("Unit 004242");
			then(this.repository).should(times(1)).findById(ID);
			assertThat(gets("miss") - misses).isEqualTo(1);
			assertThat(gets("hit") - hits).isEqualTo(1);
		}

		/** Waits until the first lookup's put has reached the cache. */
		void awaitStored() {
		}

		double gets(String result) {
			return this.registry.get("cache.gets")
				.tags("cache", CacheNames.UNITS, "result", result)
				.functionCounter()
				.count();
		}

	}

	// Redis points at a port where nothing listens: local mode must not need it.
	@Nested
	@SpringBootTest(properties = { "fluxbench.cache.mode=local", "spring.data.redis.port=1" })
	class Local extends CacheModeTests {

		@Autowired
		ApplicationContext context;

		@BeforeEach
		void clear() {
			this.cacheManager.getCache(CacheNames.UNITS).clear();
		}

		@Test
		void localModeShouldUseCaffeineAndRegisterNoRedisHealth() {
			// Fail-open around Caffeine.
			assertThat(this.cacheManager.getCache(CacheNames.UNITS).getNativeCache())
				.isInstanceOf(com.github.benmanes.caffeine.cache.Cache.class);
			assertThat(this.context.containsBean("redisHealthIndicator")).isFalse();
		}

	}

	@Nested
	@SpringBootTest(properties = "fluxbench.cache.mode=distributed")
	class Distributed extends CacheModeTests {

		@Autowired
		RedisConnectionFactory connectionFactory;

		@Autowired
		Stack stack;

		@BeforeEach
		void flushUnits() {
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				Set<byte[]> keys = new java.util.HashSet<>();
				connection.keyCommands()
					.scan(ScanOptions.scanOptions().match("fluxbench:*:" + CacheNames.UNITS + "::*").build())
					.forEachRemaining(keys::add);
				if (!keys.isEmpty()) {
					connection.keyCommands().del(keys.toArray(byte[][]::new));
				}
			}
		}

		// Redis takes the put on another connection than the get: under load the second
		// lookup could overtake it and miss, which says nothing about the cache.
		@Override
		void awaitStored() {
			byte[] key = ("fluxbench:" + this.stack.name() + ":" + CacheNames.UNITS + "::" + ID)
				.getBytes(StandardCharsets.UTF_8);
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				await("unit " + ID + " stored in Redis").atMost(Duration.ofSeconds(30))
					.pollDelay(Duration.ZERO)
					.pollInterval(Duration.ofMillis(10))
					.until(() -> Boolean.TRUE.equals(connection.keyCommands().exists(key)));
			}
		}

		@Test
		void distributedModeShouldUseRedis() {
			// Fail-open around Redis.
			assertThat(this.cacheManager.getCache(CacheNames.UNITS).getNativeCache())
				.isInstanceOf(RedisCacheWriter.class);
		}

	}

}

package dev.fluxbench.app.cache;

import java.util.List;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.fluxbench.app.system.Stack;
import dev.fluxbench.contract.unit.UnitDto;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.cache.metrics.CacheMeterBinderProvider;
import org.springframework.boot.cache.metrics.CaffeineCacheMeterBinderProvider;
import org.springframework.boot.cache.metrics.RedisCacheMeterBinderProvider;
import org.springframework.boot.data.redis.health.DataRedisHealthIndicator;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.caffeine.CaffeineCache;
import org.springframework.cache.caffeine.CaffeineCacheManager;
import org.springframework.cache.support.NoOpCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.cache.RedisCache;
import org.springframework.data.redis.cache.RedisCacheConfiguration;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.serializer.JacksonJsonRedisSerializer;
import org.springframework.data.redis.serializer.RedisSerializationContext.SerializationPair;

/**
 * The cache in front of the unit lookups, as {@code fluxbench.cache.mode} says. Exactly
 * one CacheManager exists; Boot binds {@code cache.gets} (hit, miss) for its caches at
 * startup, which is why each manager knows the {@code units} cache before the first
 * lookup. Every manager hands out its caches {@link FailOpenCache fail-open}: a cache
 * that fails or times out is a miss, never an error of the lookup.
 */
@Configuration(proxyBeanMethods = false)
@EnableCaching
class CacheConfiguration {

	private static final String MODE = "fluxbench.cache.mode";

	/**
	 * Every lookup reads the database, like the thesis' build with its cache switched
	 * off.
	 */
	@Bean
	@ConditionalOnProperty(name = MODE, havingValue = "none", matchIfMissing = true)
	CacheManager noCache(CacheErrors errors) {
		return new FailOpenCacheManager(new NoOpCacheManager(), errors);
	}

	@Bean
	@ConditionalOnProperty(name = MODE, havingValue = "local")
	CacheManager localCache(CacheProperties properties, CacheErrors errors) {
		CaffeineCacheManager manager = new CaffeineCacheManager();
		manager.setCaffeine(Caffeine.newBuilder()
			.maximumSize(properties.maxSize())
			.expireAfterWrite(properties.ttl())
			.recordStats());
		manager.setAllowNullValues(false);
		manager.setCacheNames(List.of(CacheNames.UNITS));
		return new FailOpenCacheManager(manager, errors);
	}

	/**
	 * Boot's cache meters ({@code cache_gets_total}) for the caches under the fail-open
	 * ones.
	 */
	@Bean
	FailOpenCacheMeters failOpenCacheMeters() {
		return new FailOpenCacheMeters();
	}

	/**
	 * Redis over Lettuce at {@code spring.data.redis.*}. Only in this mode does anything
	 * talk to Redis, and only here is its health indicator registered (Boot's own is
	 * switched off in application.yaml), so the other modes run without a Redis server.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = MODE, havingValue = "distributed")
	static class Distributed {

		/**
		 * Connects to Redis while the context starts rather than on the first lookup:
		 * Lettuce opens its shared connection by waiting on a future, which on WebFlux
		 * would park an event loop (BlockHound caught it) and on MVC would add the
		 * connect time to one request.
		 */
		@Bean
		static BeanPostProcessor eagerRedisConnection() {
			return new BeanPostProcessor() {

				@Override
				public Object postProcessBeforeInitialization(Object bean, String beanName) {
					if (bean instanceof LettuceConnectionFactory lettuce) {
						lettuce.setEagerInitialization(true);
					}
					return bean;
				}

			};
		}

		@Bean
		CacheManager distributedCache(RedisConnectionFactory connectionFactory, CacheProperties properties, Stack stack,
				CacheErrors errors) {
			RedisCacheConfiguration units = RedisCacheConfiguration.defaultCacheConfig()
				.entryTtl(properties.ttl())
				.disableCachingNullValues()
				// One prefix per stack: mvc, mvc-vt and webflux may share a Redis without
				// sharing hits.
				.prefixCacheNameWith("fluxbench:" + stack.name() + ":")
				.serializeValuesWith(SerializationPair.fromSerializer(new JacksonJsonRedisSerializer<>(UnitDto.class)));
			RedisCacheManager manager = RedisCacheManager.builder(connectionFactory)
				.withCacheConfiguration(CacheNames.UNITS, units)
				.disableCreateOnMissingCache()
				.enableStatistics()
				.build();
			// Not a bean itself, so its caches are made here rather than by the
			// container.
			manager.afterPropertiesSet();
			return new FailOpenCacheManager(manager, errors);
		}

		@Bean
		DataRedisHealthIndicator redisHealthIndicator(RedisConnectionFactory connectionFactory) {
			return new DataRedisHealthIndicator(connectionFactory);
		}

	}

	static class FailOpenCacheMeters implements CacheMeterBinderProvider<FailOpenCache> {

		@Override
		public MeterBinder getMeterBinder(FailOpenCache cache, Iterable<Tag> tags) {
			return switch (cache.delegate()) {
				case RedisCache redis -> new RedisCacheMeterBinderProvider().getMeterBinder(redis, tags);
				case CaffeineCache caffeine -> new CaffeineCacheMeterBinderProvider().getMeterBinder(caffeine, tags);
				default -> null;
			};
		}

	}

}

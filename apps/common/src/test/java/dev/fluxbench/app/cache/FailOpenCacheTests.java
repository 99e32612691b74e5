package dev.fluxbench.app.cache;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.cache.concurrent.ConcurrentMapCache;
import org.springframework.dao.QueryTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A cache that fails is a miss and a skipped write, counted by operation; a failure of
 * the value loader is the caller's and reaches it unchanged, uncounted.
 */
class FailOpenCacheTests {

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final Failing failing = new Failing();

	private final FailOpenCache cache = new FailOpenCache(this.failing, new CacheErrors(this.registry));

	private final AtomicInteger loads = new AtomicInteger();

	@Test
	void aFailedReadShouldBeAMiss() {
		this.failing.reads = true;
		assertThat(this.cache.get(1)).isNull();
		assertThat(this.cache.get(1, String.class)).isNull();
		assertThat(errors("get")).isEqualTo(2);
	}

	@Test
	void aFailedWriteOrEvictionShouldBeSkipped() {
		this.failing.writes = true;
		this.cache.put(1, "one");
		this.cache.evict(1);
		this.cache.clear();
		assertThat(errors("put")).isEqualTo(1);
		assertThat(errors("evict")).isEqualTo(1);
		assertThat(errors("clear")).isEqualTo(1);
	}

	@Test
	void aFailedAsynchronousReadShouldLoadTheValueOnceWithoutStoringIt() {
		this.failing.reads = true;
		assertThat(this.cache.retrieve(1, load("one")).join()).isEqualTo("one");
		assertThat(this.loads).hasValue(1);
		assertThat(this.cache.retrieve(1)).isCompletedWithValue(null);
		assertThat(errors("get")).isEqualTo(2);
	}

	@Test
	void aFailedAsynchronousStoreShouldAnswerTheLoadedValue() {
		this.failing.writes = true;
		assertThat(this.cache.retrieve(1, load("one")).join()).isEqualTo("one");
		assertThat(this.loads).hasValue(1);
		assertThat(errors("put")).isEqualTo(1);
	}

	@Test
	void aWorkingCacheShouldLoadAMissAndAnswerAHit() {
		assertThat(this.cache.retrieve(1, load("one")).join()).isEqualTo("one");
		assertThat(this.cache.retrieve(1, load("other")).join()).isEqualTo("one");
		assertThat(this.cache.get(1, () -> "other")).isEqualTo("one");
		assertThat(this.loads).hasValue(1);
		assertThat(this.registry.find(CacheErrors.METER).counters()).isEmpty();
	}

	@Test
	void aFailedLoadShouldReachTheCallerUncounted() {
		IllegalStateException unknown = new IllegalStateException("no such unit");
		Throwable failure = catchThrowable(
				() -> this.cache.retrieve(1, () -> CompletableFuture.<String>failedFuture(unknown)).join());
		assertThat(failure).hasRootCause(unknown);
		assertThat(catchThrowable(() -> this.cache.get(2, () -> {
			throw unknown;
		}))).hasRootCause(unknown);
		assertThat(this.registry.find(CacheErrors.METER).counters()).isEmpty();
	}

	private Supplier<CompletableFuture<String>> load(String value) {
		return () -> {
			this.loads.incrementAndGet();
			return CompletableFuture.completedFuture(value);
		};
	}

	private double errors(String operation) {
		return this.registry.get(CacheErrors.METER).tags("cache", "units", "operation", operation).counter().count();
	}

	/** A cache whose reads or writes fail as Redis' do when it is down or slow. */
	@SuppressWarnings("unchecked")
	private static final class Failing extends ConcurrentMapCache {

		boolean reads;

		boolean writes;

		Failing() {
			super("units", false);
		}

		@Override
		protected Object lookup(Object key) {
			if (this.reads) {
				throw new QueryTimeoutException("Redis command timed out");
			}
			return super.lookup(key);
		}

		@Override
		public CompletableFuture<?> retrieve(Object key) {
			return this.reads ? CompletableFuture.failedFuture(new QueryTimeoutException("Redis command timed out"))
					: super.retrieve(key);
		}

		@Override
		public <T> CompletableFuture<T> retrieve(Object key, Supplier<CompletableFuture<T>> valueLoader) {
			if (this.reads) {
				return CompletableFuture.failedFuture(new QueryTimeoutException("Redis command timed out"));
			}
			// As RedisCache does: read, load on a miss, then store; the store may fail.
			Object stored = super.lookup(key);
			if (stored != null) {
				return CompletableFuture.completedFuture((T) stored);
			}
			return valueLoader.get().thenApply((loaded) -> {
				put(key, loaded);
				return loaded;
			});
		}

		@Override
		public void put(Object key, Object value) {
			if (this.writes) {
				throw new QueryTimeoutException("Redis command timed out");
			}
			super.put(key, value);
		}

		@Override
		public void evict(Object key) {
			if (this.writes) {
				throw new QueryTimeoutException("Redis command timed out");
			}
			super.evict(key);
		}

		@Override
		public void clear() {
			if (this.writes) {
				throw new QueryTimeoutException("Redis command timed out");
			}
			super.clear();
		}

	}

}

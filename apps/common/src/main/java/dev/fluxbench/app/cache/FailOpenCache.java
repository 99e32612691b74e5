package dev.fluxbench.app.cache;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.springframework.cache.Cache;

/**
 * A cache that fails open: when the cache underneath fails, a read is a miss, so the
 * lookup reads the database and answers, and a write or an eviction is skipped. A slow
 * cache fails too, at its own timeout (Redis': {@code spring.data.redis.timeout}). Each
 * failure is counted and logged by {@link CacheErrors}. Failures of the value loader,
 * such as an unknown unit, are not the cache's and reach the caller unchanged.
 */
final class FailOpenCache implements Cache {

	static final String GET = "get";

	static final String PUT = "put";

	static final String EVICT = "evict";

	static final String CLEAR = "clear";

	private final Cache cache;

	private final CacheErrors errors;

	FailOpenCache(Cache cache, CacheErrors errors) {
		this.cache = cache;
		this.errors = errors;
	}

	Cache delegate() {
		return this.cache;
	}

	@Override
	public String getName() {
		return this.cache.getName();
	}

	@Override
	public Object getNativeCache() {
		return this.cache.getNativeCache();
	}

	@Override
	public ValueWrapper get(Object key) {
		try {
			return this.cache.get(key);
		}
		catch (RuntimeException ex) {
			failed(GET, ex);
			return null;
		}
	}

	@Override
	public <T> T get(Object key, Class<T> type) {
		try {
			return this.cache.get(key, type);
		}
		catch (RuntimeException ex) {
			failed(GET, ex);
			return null;
		}
	}

	@Override
	public <T> T get(Object key, Callable<T> valueLoader) {
		Load<T> load = new Load<>(valueLoader);
		try {
			return this.cache.get(key, load::call);
		}
		catch (RuntimeException ex) {
			if (load.failed()) {
				throw ex;
			}
			failed(load.called() ? PUT : GET, ex);
			return load.value();
		}
	}

	@Override
	public CompletableFuture<?> retrieve(Object key) {
		CompletableFuture<?> value;
		try {
			value = this.cache.retrieve(key);
		}
		catch (RuntimeException ex) {
			failed(GET, ex);
			return CompletableFuture.completedFuture(null);
		}
		// null: this cache does not hold the key (NoOpCache says so at once).
		return (value != null) ? value.exceptionally((ex) -> {
			failed(GET, ex);
			return null;
		}) : null;
	}

	/**
	 * Loads through the cache underneath, which reads, loads on a miss and stores without
	 * blocking. The loader runs at most once per call: if the read fails, the value is
	 * loaded here and not stored; if only the store fails, the loaded value is the
	 * answer. A loader's failure reaches the cache marked as a {@link LoaderFailure}, so
	 * that it is told from the cache's own even when the cache shares another caller's
	 * load with this one (Caffeine does).
	 */
	@Override
	public <T> CompletableFuture<T> retrieve(Object key, Supplier<CompletableFuture<T>> valueLoader) {
		AtomicReference<CompletableFuture<T>> load = new AtomicReference<>();
		Supplier<CompletableFuture<T>> loadOnce = () -> {
			CompletableFuture<T> started = new CompletableFuture<>();
			if (!load.compareAndSet(null, started)) {
				return load.get();
			}
			try {
				valueLoader.get().whenComplete((value, ex) -> {
					if (ex != null) {
						started.completeExceptionally(unwrap(ex));
					}
					else {
						started.complete(value);
					}
				});
			}
			catch (RuntimeException ex) {
				started.completeExceptionally(ex);
			}
			return started;
		};
		CompletableFuture<T> cached;
		try {
			cached = this.cache.retrieve(key, () -> loadOnce.get().handle((value, ex) -> {
				if (ex != null) {
					throw new LoaderFailure(unwrap(ex));
				}
				return value;
			}));
		}
		catch (RuntimeException ex) {
			failed(GET, ex);
			return loadOnce.get();
		}
		return cached.handle((value, ex) -> {
			if (ex == null) {
				return CompletableFuture.completedFuture(value);
			}
			LoaderFailure loaderFailure = loaderFailure(ex);
			if (loaderFailure != null) {
				return CompletableFuture.<T>failedFuture(loaderFailure.getCause());
			}
			CompletableFuture<T> loaded = load.get();
			if (loaded == null) {
				failed(GET, ex);
				return loadOnce.get();
			}
			// The loader ran and succeeded (its failure would have been marked): the
			// store failed.
			failed(PUT, ex);
			return loaded;
		}).thenCompose((answer) -> answer);
	}

	@Override
	public void put(Object key, Object value) {
		try {
			this.cache.put(key, value);
		}
		catch (RuntimeException ex) {
			failed(PUT, ex);
		}
	}

	@Override
	public ValueWrapper putIfAbsent(Object key, Object value) {
		try {
			return this.cache.putIfAbsent(key, value);
		}
		catch (RuntimeException ex) {
			failed(PUT, ex);
			return null;
		}
	}

	@Override
	public void evict(Object key) {
		try {
			this.cache.evict(key);
		}
		catch (RuntimeException ex) {
			failed(EVICT, ex);
		}
	}

	@Override
	public boolean evictIfPresent(Object key) {
		try {
			return this.cache.evictIfPresent(key);
		}
		catch (RuntimeException ex) {
			failed(EVICT, ex);
			return false;
		}
	}

	@Override
	public void clear() {
		try {
			this.cache.clear();
		}
		catch (RuntimeException ex) {
			failed(CLEAR, ex);
		}
	}

	@Override
	public boolean invalidate() {
		try {
			return this.cache.invalidate();
		}
		catch (RuntimeException ex) {
			failed(CLEAR, ex);
			return false;
		}
	}

	private void failed(String operation, Throwable ex) {
		this.errors.record(getName(), operation, ex);
	}

	private static Throwable unwrap(Throwable ex) {
		return (ex instanceof CompletionException && ex.getCause() != null) ? ex.getCause() : ex;
	}

	private static LoaderFailure loaderFailure(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof LoaderFailure failure) {
				return failure;
			}
		}
		return null;
	}

	/** A value loader's failure on its way through the cache underneath. */
	private static final class LoaderFailure extends RuntimeException {

		LoaderFailure(Throwable cause) {
			super(null, cause, false, false);
		}

	}

	/**
	 * The value loader of a synchronous get, run at most once, remembering how it ended.
	 */
	private static final class Load<T> {

		private final Callable<T> loader;

		private volatile boolean called;

		private volatile boolean failed;

		private volatile T value;

		Load(Callable<T> loader) {
			this.loader = loader;
		}

		T call() throws Exception {
			if (this.called) {
				return value();
			}
			this.called = true;
			try {
				this.value = this.loader.call();
				return this.value;
			}
			catch (Exception | Error ex) {
				this.failed = true;
				throw ex;
			}
		}

		boolean called() {
			return this.called;
		}

		boolean failed() {
			return this.failed;
		}

		T value() {
			if (!this.called) {
				try {
					return call();
				}
				catch (RuntimeException ex) {
					throw ex;
				}
				catch (Exception ex) {
					throw new ValueRetrievalException(null, this.loader, ex);
				}
			}
			return this.value;
		}

	}

}

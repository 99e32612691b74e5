package dev.fluxbench.app.cache;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;

/** Hands out the caches of another manager, each one {@link FailOpenCache fail-open}. */
final class FailOpenCacheManager implements CacheManager {

	private final CacheManager cacheManager;

	private final CacheErrors errors;

	private final Map<String, Cache> caches = new ConcurrentHashMap<>();

	FailOpenCacheManager(CacheManager cacheManager, CacheErrors errors) {
		this.cacheManager = cacheManager;
		this.errors = errors;
	}

	CacheManager delegate() {
		return this.cacheManager;
	}

	@Override
	public Cache getCache(String name) {
		Cache cache = this.caches.get(name);
		if (cache != null) {
			return cache;
		}
		Cache underneath = this.cacheManager.getCache(name);
		return (underneath != null)
				? this.caches.computeIfAbsent(name, (key) -> new FailOpenCache(underneath, this.errors)) : null;
	}

	@Override
	public Collection<String> getCacheNames() {
		return this.cacheManager.getCacheNames();
	}

	@Override
	public void resetCaches() {
		this.caches.clear();
		this.cacheManager.resetCaches();
	}

}

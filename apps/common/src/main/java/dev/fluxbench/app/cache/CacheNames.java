package dev.fluxbench.app.cache;

/** The caches the apps use, named once for the annotations and the cache managers. */
public final class CacheNames {

	/** Units by id. */
	public static final String UNITS = "units";

	private CacheNames() {
	}

}

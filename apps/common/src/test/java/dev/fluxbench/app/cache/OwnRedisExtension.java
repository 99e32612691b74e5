package dev.fluxbench.app.cache;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An {@link OwnRedis} for a test class, registered on a static field: the class is
 * skipped where redis-server is not on the PATH, the server starts the first time its
 * port is asked for (from a {@code @DynamicPropertySource}, while the context starts) and
 * ends with the class.
 */
public final class OwnRedisExtension implements BeforeAllCallback, AfterAllCallback {

	private OwnRedis redis;

	@Override
	public void beforeAll(ExtensionContext context) {
		Assumptions.assumeTrue(OwnRedis.available(), "redis-server is not on the PATH");
	}

	@Override
	public synchronized void afterAll(ExtensionContext context) {
		if (this.redis != null) {
			this.redis.close();
			this.redis = null;
		}
	}

	/** The server, started on the first call. */
	public synchronized OwnRedis redis() {
		if (this.redis == null) {
			this.redis = OwnRedis.start();
		}
		return this.redis;
	}

	public int port() {
		return redis().port();
	}

}

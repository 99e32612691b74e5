package dev.fluxbench.app.chain;

import java.net.URI;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.core.env.Environment;

/**
 * Where a hop at depth 2 or more sends the rest of the chain:
 * {@code fluxbench.chain.next-url}, or else this app itself, at the port its web server
 * got. The port is read once the server has started, so that a test on a random port
 * chains to itself too.
 */
final class NextHop {

	/** Set by Spring Boot once the web server listens. */
	private static final String LOCAL_PORT = "local.server.port";

	private final @Nullable URI configured;

	private final Environment environment;

	private volatile @Nullable URI learned;

	NextHop(ChainProperties properties, Duration serviceBTimeout, Environment environment) {
		if (properties.hopTimeout().compareTo(serviceBTimeout) <= 0) {
			throw new IllegalStateException("fluxbench.chain.hop-timeout (" + properties.hopTimeout()
					+ ") must be longer than resilience4j.timelimiter.instances.downstream.timeout-duration ("
					+ serviceBTimeout + "): a hop would give up before the inner chain's fallback could answer");
		}
		this.configured = properties.nextUrl();
		this.environment = environment;
	}

	/** The next hop's base URL. */
	URI baseUrl() {
		URI url = current();
		if (url == null) {
			throw new IllegalStateException("No fluxbench.chain.next-url, and this app's web server has no port yet");
		}
		return url;
	}

	/**
	 * The next hop's base URL, or {@code null} while it is this app and its server has
	 * not started.
	 */
	@Nullable URI current() {
		if (this.configured != null) {
			return this.configured;
		}
		URI url = this.learned;
		if (url == null) {
			String port = this.environment.getProperty(LOCAL_PORT);
			if (port != null) {
				String address = this.environment.getProperty("server.address", "127.0.0.1");
				url = URI.create("http://" + address + ":" + port);
				this.learned = url;
			}
		}
		return url;
	}

}

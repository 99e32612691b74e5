package dev.fluxbench.app.client;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/**
 * Every limit of one pooled HTTP client, the one shape in which each client of the app is
 * configured and which {@code PooledClients} builds from, in each stack. The limits are
 * explicit because the clients' own defaults differ per stack and silently cap a
 * benchmark (Reactor Netty's pool stops at 500 connections and 1000 pending acquires).
 *
 * @param baseUrl where the server listens
 * @param connectTimeout how long to wait for a TCP connection
 * @param readTimeout how long to wait for the server's answer, and the longest silence
 * while it arrives
 * @param maxConnections the connection pool's size
 * @param maxPendingAcquires how many requests may wait for a pooled connection before the
 * client refuses more
 * @param acquireTimeout how long a request may wait for a pooled connection
 */
public record PooledClientProperties(@NotNull URI baseUrl, @NotNull Duration connectTimeout,
		@NotNull Duration readTimeout, @Min(1) int maxConnections, @Min(0) int maxPendingAcquires,
		@NotNull Duration acquireTimeout) {

	/**
	 * The same client reading for another time: the chain's clients share the
	 * downstream's pool limits, and each waits as long as its own caller does.
	 */
	public PooledClientProperties withReadTimeout(Duration readTimeout) {
		return new PooledClientProperties(this.baseUrl, this.connectTimeout, readTimeout, this.maxConnections,
				this.maxPendingAcquires, this.acquireTimeout);
	}

}

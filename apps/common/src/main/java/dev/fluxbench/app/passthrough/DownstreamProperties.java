package dev.fluxbench.app.passthrough;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Every limit of the HTTP client that calls the downstream. They are explicit because the
 * clients' own defaults differ per stack and silently cap a benchmark (Reactor Netty's
 * pool stops at 500 connections and 1000 pending acquires).
 *
 * @param baseUrl where the downstream listens
 * @param connectTimeout how long to wait for a TCP connection
 * @param readTimeout how long to wait for the downstream's response
 * @param maxConnections the connection pool's size
 * @param maxPendingAcquires how many requests may wait for a pooled connection before the
 * client refuses more
 * @param acquireTimeout how long a request may wait for a pooled connection
 */
@Validated
@ConfigurationProperties("fluxbench.downstream")
public record DownstreamProperties(@NotNull URI baseUrl, @NotNull Duration connectTimeout,
		@NotNull Duration readTimeout, @Min(1) int maxConnections, @Min(0) int maxPendingAcquires,
		@NotNull Duration acquireTimeout) {

}

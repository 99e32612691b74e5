package dev.fluxbench.app.chain;

import java.net.URI;
import java.time.Duration;

import dev.fluxbench.contract.chain.ChainPaths;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The chain's own settings. Its circuit breaker, time limiter and bulkhead are
 * Resilience4j's, configured under {@code resilience4j.*.instances.downstream};
 * {@link ChainInfoContributor} shows both, the guards as the registries hold them.
 *
 * @param nextUrl where a hop at depth 2 or more sends the rest of the chain; unset, to
 * this app itself, at the port its web server got
 * @param maxDepth the deepest chain a request may ask for
 * @param hopTimeout how long a hop waits for the next one's answer (its read timeout); it
 * must exceed the time limiter's timeout, so that the innermost hop's fallback arrives
 * before any hop outside it gives up
 * @param bulkheadEnabled whether calls to service B also pass
 * {@code resilience4j.bulkhead.instances.downstream}
 * @param callPool where mvc runs calls to B on platform threads
 */
@Validated
@ConfigurationProperties("fluxbench.chain")
public record ChainProperties(@Nullable URI nextUrl, @Min(1) @Max(ChainPaths.MAX_DEPTH) int maxDepth,
		@NotNull Duration hopTimeout, boolean bulkheadEnabled, @Valid @NotNull CallPool callPool) {

	/**
	 * The threads mvc runs its calls to service B on, so that the time limiter can give
	 * up on a call while the request thread answers the fallback: Hystrix's thread-pool
	 * isolation. With virtual threads on, every call gets a virtual thread of its own
	 * instead. webflux has no use for it: its calls hold no thread while they wait.
	 *
	 * @param threads the calls to B in flight at once; as many as Tomcat's request
	 * threads, so that the pool is never the tighter limit
	 * @param queueSize the calls that may wait for a thread; more degrade as
	 * {@code saturated}
	 */
	public record CallPool(@Min(1) int threads, @Min(1) int queueSize) {

	}

}

package dev.fluxbench.app.chain;

import java.util.concurrent.TimeoutException;

import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.DegradedReason;
import io.github.resilience4j.bulkhead.BulkheadFullException;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import org.jspecify.annotations.Nullable;

/**
 * The degraded answer that replaces service B's, as a Hystrix fallback did: for an open
 * breaker, a timeout, B's 5xx or no connection to B. Both stacks map the same failures to
 * the same reasons.
 */
final class Fallback {

	private Fallback() {
	}

	/** Whether a fallback answers this failure; otherwise it propagates as a problem. */
	static boolean applies(Throwable failure) {
		return reason(failure) != null;
	}

	/** The fallback for a failure that {@link #applies(Throwable) has one}. */
	static ChainDto answer(Throwable failure, ChainRequest request, String stack) {
		DegradedReason reason = reason(failure);
		if (reason == null) {
			throw new IllegalArgumentException("No fallback for " + failure, failure);
		}
		Integer status = (failure instanceof ServiceBException serviceB) ? serviceB.status() : null;
		return ChainDto.degraded(request.id(), stack, request.bytes(), reason, status);
	}

	private static @Nullable DegradedReason reason(Throwable failure) {
		return switch (failure) {
			case CallNotPermittedException ex -> DegradedReason.CIRCUIT_OPEN;
			// The time limiter's, in both stacks: a Future that did not complete, a Mono
			// that did not emit.
			case TimeoutException ex -> DegradedReason.TIMEOUT;
			case BulkheadFullException ex -> DegradedReason.BULKHEAD_FULL;
			case ServiceBException ex -> ex.reason();
			default -> null;
		};
	}

}

package dev.fluxbench.contract.chain;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Why a chain answered without service B's payload, as Hystrix's fallbacks did: the
 * answer is still a 200, so that a client tells a degraded answer from a failed one by
 * this, not by status.
 */
public enum DegradedReason {

	/**
	 * The circuit breaker is open (or half-open and out of trial calls): B was not
	 * called.
	 */
	CIRCUIT_OPEN("circuit-open"),

	/** B did not answer within the time limiter's timeout. */
	TIMEOUT("timeout"),

	/** B answered 5xx; the answer's {@code downstreamStatus} says which. */
	DOWNSTREAM_ERROR("downstream-error"),

	/** B could not be reached: no connection, or a connection that broke. */
	UNREACHABLE("unreachable"),

	/** The optional bulkhead had no room for another call to B. */
	BULKHEAD_FULL("bulkhead-full"),

	/**
	 * The app's own client was full: every pooled connection to B busy and too many
	 * waiting, or, in mvc on platform threads, no thread free to make the call.
	 */
	SATURATED("saturated");

	private final String slug;

	DegradedReason(String slug) {
		this.slug = slug;
	}

	@JsonValue
	public String slug() {
		return this.slug;
	}

}

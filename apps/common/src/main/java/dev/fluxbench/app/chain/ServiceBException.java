package dev.fluxbench.app.chain;

import dev.fluxbench.contract.chain.DegradedReason;
import org.jspecify.annotations.Nullable;

/**
 * Why a call to service B brought no payload, in the terms of the fallback that answers
 * instead. Without a stack trace: it is expected, and turned into an answer at once; the
 * cause keeps the client's own exception.
 */
final class ServiceBException extends RuntimeException {

	private final DegradedReason reason;

	private final @Nullable Integer status;

	private ServiceBException(DegradedReason reason, @Nullable Integer status, String message,
			@Nullable Throwable cause) {
		super(message, cause, false, false);
		this.reason = reason;
		this.status = status;
	}

	/**
	 * B answered 5xx. A 4xx is the caller's doing, not B's failure: see
	 * {@link ChainException}.
	 */
	static ServiceBException answered(int status) {
		return new ServiceBException(DegradedReason.DOWNSTREAM_ERROR, status, "Service B answered " + status + ".",
				null);
	}

	static ServiceBException unreachable(Throwable cause) {
		return new ServiceBException(DegradedReason.UNREACHABLE, null, "Service B could not be reached.", cause);
	}

	static ServiceBException timedOut(Throwable cause) {
		return new ServiceBException(DegradedReason.TIMEOUT, null, "Service B did not answer in time.", cause);
	}

	static ServiceBException saturated(@Nullable Throwable cause) {
		return new ServiceBException(DegradedReason.SATURATED, null,
				"No connection or thread was free for a call to service B.", cause);
	}

	DegradedReason reason() {
		return this.reason;
	}

	@Nullable Integer status() {
		return this.status;
	}

	/** Whether B is to blame; this app's own full client says nothing of B's health. */
	boolean isServiceBFailure() {
		return this.reason != DegradedReason.SATURATED;
	}

}

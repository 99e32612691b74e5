package dev.fluxbench.app.chain;

import java.time.Duration;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import org.jspecify.annotations.Nullable;

/**
 * The chain's failures that no fallback hides: service B refusing the request itself (a
 * 4xx, such as a bad {@code X-Fault-*} value), and a next hop that failed outright. Both
 * answer as the passthrough answers a failed downstream.
 */
final class ChainException extends ProblemException {

	private ChainException(ProblemType type, String detail, @Nullable Throwable cause) {
		super(Problem.of(type, detail), cause);
	}

	/**
	 * A 502, not a 400: the request this app sent was refused, and only B knows why. The
	 * circuit breaker ignores it, because it says nothing of B's health.
	 */
	static ChainException rejectedByServiceB(int status) {
		return new ChainException(ProblemType.DOWNSTREAM_FAILED, "The downstream answered " + status + ".", null);
	}

	static ChainException hopAnswered(int status) {
		return new ChainException(ProblemType.DOWNSTREAM_FAILED, "The next hop answered " + status + ".", null);
	}

	static ChainException hopUnreadable(@Nullable Throwable cause) {
		return new ChainException(ProblemType.DOWNSTREAM_FAILED, "The next hop's answer is not a chain answer.", cause);
	}

	static ChainException hopUnreachable(Throwable cause) {
		return new ChainException(ProblemType.DOWNSTREAM_FAILED, "The next hop could not be reached.", cause);
	}

	static ChainException hopTimedOut(Duration timeout, Throwable cause) {
		return new ChainException(ProblemType.DOWNSTREAM_TIMEOUT,
				"The next hop did not answer within " + timeout.toMillis() + " ms.", cause);
	}

	static ChainException hopSaturated(@Nullable Throwable cause) {
		return new ChainException(ProblemType.DOWNSTREAM_SATURATED,
				"Too many requests are waiting for a connection to the next hop.", cause);
	}

}

package dev.fluxbench.app.passthrough;

import java.time.Duration;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

final class DownstreamException extends ProblemException {

	private DownstreamException(ProblemType type, String detail, Throwable cause) {
		super(Problem.of(type, detail), cause);
	}

	static DownstreamException answered(int status) {
		return new DownstreamException(ProblemType.DOWNSTREAM_FAILED, "The downstream answered " + status + ".", null);
	}

	static DownstreamException unreadable(Throwable cause) {
		return new DownstreamException(ProblemType.DOWNSTREAM_FAILED,
				"The downstream's answer is not an acknowledgement.", cause);
	}

	static DownstreamException unreachable(Throwable cause) {
		return new DownstreamException(ProblemType.DOWNSTREAM_FAILED, "The downstream could not be reached.", cause);
	}

	static DownstreamException timedOut(Duration timeout, Throwable cause) {
		return new DownstreamException(ProblemType.DOWNSTREAM_TIMEOUT,
				"The downstream did not answer within " + timeout.toMillis() + " ms.", cause);
	}

	static DownstreamException saturated(Throwable cause) {
		return new DownstreamException(ProblemType.DOWNSTREAM_SATURATED,
				"Too many requests are waiting for a connection to the downstream.", cause);
	}

}

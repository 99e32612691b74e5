package dev.fluxbench.app.unit;

import java.time.Duration;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

/**
 * A fresh fetch that the partner's SOAP repository could not serve, as the problem it
 * answers with.
 */
final class PartnerRepositoryException extends ProblemException {

	private PartnerRepositoryException(ProblemType type, String detail, Throwable cause) {
		super(Problem.of(type, detail), cause);
	}

	static PartnerRepositoryException answered(int status) {
		return new PartnerRepositoryException(ProblemType.DOWNSTREAM_FAILED,
				"The partner repository answered " + status + ".", null);
	}

	static PartnerRepositoryException fault(UnitSoapException cause) {
		return new PartnerRepositoryException(ProblemType.DOWNSTREAM_FAILED,
				"The partner repository answered with a SOAP fault.", cause);
	}

	static PartnerRepositoryException unreadable(Throwable cause) {
		return new PartnerRepositoryException(ProblemType.DOWNSTREAM_FAILED,
				"The partner repository's answer is not a GetUnit response.", cause);
	}

	static PartnerRepositoryException unreachable(Throwable cause) {
		return new PartnerRepositoryException(ProblemType.DOWNSTREAM_FAILED,
				"The partner repository could not be reached.", cause);
	}

	static PartnerRepositoryException timedOut(Duration timeout, Throwable cause) {
		return new PartnerRepositoryException(ProblemType.DOWNSTREAM_TIMEOUT,
				"The partner repository did not answer within " + timeout.toMillis() + " ms.", cause);
	}

	static PartnerRepositoryException saturated(Throwable cause) {
		return new PartnerRepositoryException(ProblemType.DOWNSTREAM_SATURATED,
				"Too many requests are waiting for a connection to the partner repository.", cause);
	}

}

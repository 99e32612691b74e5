package dev.fluxbench.app.unit;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitPaths;

/**
 * The thesis' RequestNotAllowedException. Unknown and disabled requesters get the same
 * words, so that a caller cannot probe which service names the registry knows.
 */
class RequesterDeniedException extends ProblemException {

	private final String requester;

	RequesterDeniedException(String requester) {
		super(Problem.of(ProblemType.REQUESTER_DENIED,
				"Requester '" + requester + "' may not read units (" + UnitPaths.REQUESTER_HEADER + ")."));
		this.requester = requester;
	}

	String requester() {
		return this.requester;
	}

}

package dev.fluxbench.app.unit;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitPaths;

/**
 * A lookup without {@code X-Requester}. The controllers take the header as optional and
 * raise this themselves: MVC and WebFlux report a missing header through unrelated
 * exceptions, and this way both stacks answer the same words.
 */
class MissingRequesterException extends ProblemException {

	MissingRequesterException() {
		super(Problem.of(ProblemType.INVALID_PARAMETER,
				"Header '" + UnitPaths.REQUESTER_HEADER + "' is required: it names the requesting service."));
	}

	static String require(String requester) {
		if (requester == null || requester.isBlank()) {
			throw new MissingRequesterException();
		}
		return requester.strip();
	}

}

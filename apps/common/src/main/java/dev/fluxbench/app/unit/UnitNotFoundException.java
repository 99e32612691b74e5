package dev.fluxbench.app.unit;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

class UnitNotFoundException extends ProblemException {

	UnitNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Unit " + id + " does not exist."));
	}

}

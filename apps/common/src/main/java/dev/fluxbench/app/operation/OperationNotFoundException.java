package dev.fluxbench.app.operation;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

public class OperationNotFoundException extends ProblemException {

	public OperationNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Operation " + id + " does not exist."));
	}

}

package dev.fluxbench.app.concert;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

public class ConcertNotFoundException extends ProblemException {

	public ConcertNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Concert " + id + " does not exist."));
	}

}

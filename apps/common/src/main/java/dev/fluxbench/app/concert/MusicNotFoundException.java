package dev.fluxbench.app.concert;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

public class MusicNotFoundException extends ProblemException {

	public MusicNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Music " + id + " does not exist."));
	}

}

package dev.fluxbench.app.concert;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

public class ListingNotFoundException extends ProblemException {

	public ListingNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Listing " + id + " does not exist."));
	}

}

package dev.fluxbench.app.artist;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

public class ArtistNotFoundException extends ProblemException {

	public ArtistNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Artist " + id + " does not exist."));
	}

}

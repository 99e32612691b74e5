package dev.fluxbench.app.artist;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

class ArtistNotFoundException extends ProblemException {

	ArtistNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Artist " + id + " does not exist."));
	}

}

package dev.fluxbench.app.ingestion;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;

class IngestionNotFoundException extends ProblemException {

	IngestionNotFoundException(long id) {
		super(Problem.of(ProblemType.NOT_FOUND, "Ingestion " + id + " does not exist."));
	}

}

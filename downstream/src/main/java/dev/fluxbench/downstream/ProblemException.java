package dev.fluxbench.downstream;

import dev.fluxbench.contract.problem.Problem;

/**
 * A request the downstream refuses, on its way to {@link Problems}. Bad requests are part
 * of the load some scenarios send, so the exception skips the stack trace nobody reads.
 */
final class ProblemException extends RuntimeException {

	private final Problem problem;

	ProblemException(Problem problem) {
		super(problem.detail(), null, false, false);
		this.problem = problem;
	}

	Problem problem() {
		return this.problem;
	}

}

package dev.fluxbench.app.system;

import dev.fluxbench.contract.problem.Problem;

/**
 * A failure that already knows the problem it answers with; {@link ApiExceptionHandler}
 * renders it.
 */
public class ProblemException extends RuntimeException {

	private final Problem problem;

	public ProblemException(Problem problem) {
		this(problem, null);
	}

	public ProblemException(Problem problem, Throwable cause) {
		super(problem.detail(), cause);
		this.problem = problem;
	}

	public Problem problem() {
		return this.problem;
	}

}

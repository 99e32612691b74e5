package dev.fluxbench.harness.cli;

/**
 * What {@code fluxbench} exits with; scripts and CI branch on these, so they never change
 * meaning.
 */
final class ExitCode {

	/** Done, and every assertion held. */
	static final int OK = 0;

	/** Done, and at least one scenario assertion failed. */
	static final int ASSERTION_FAILED = 1;

	/** Bad usage or configuration; nothing was started. */
	static final int USAGE = 2;

	/** The environment is in the way: port busy, database unreachable, jar missing. */
	static final int ENVIRONMENT = 3;

	private ExitCode() {
	}

}

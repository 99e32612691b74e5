package dev.fluxbench.harness.cli;

/** The command line asks for something impossible; nothing has started. Exit code 2. */
class UsageException extends RuntimeException {

	UsageException(String message) {
		super(message);
	}

}

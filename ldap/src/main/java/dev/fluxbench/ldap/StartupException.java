package dev.fluxbench.ldap;

/**
 * Why the directory did not start, in one line for a person at a terminal or a launcher's
 * log tail. The exit code tells a script whether to fix the command line (2) or the
 * machine (1).
 */
final class StartupException extends RuntimeException {

	static final int BAD_ARGUMENT = 2;

	static final int CANNOT_START = 1;

	private final int exitCode;

	private StartupException(int exitCode, String reason) {
		// Library messages can span lines; the contract here is one line.
		super(reason.replaceAll("\\s*\\R\\s*|\\s{2,}", " ").strip());
		this.exitCode = exitCode;
	}

	static StartupException badArgument(String reason) {
		return new StartupException(BAD_ARGUMENT, reason);
	}

	static StartupException cannotStart(String reason) {
		return new StartupException(CANNOT_START, reason);
	}

	int exitCode() {
		return this.exitCode;
	}

}

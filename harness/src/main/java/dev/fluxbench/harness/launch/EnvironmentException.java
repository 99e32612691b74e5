package dev.fluxbench.harness.launch;

/**
 * The machine, not the command line, is in the way: a port taken, a database down, a jar
 * not built. {@code fluxbench} exits with 3 and prints the message as its one-line
 * reason.
 */
public class EnvironmentException extends RuntimeException {

	public EnvironmentException(String message) {
		super(message);
	}

	public EnvironmentException(String message, Throwable cause) {
		super(message, cause);
	}

}

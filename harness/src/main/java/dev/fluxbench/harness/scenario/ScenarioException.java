package dev.fluxbench.harness.scenario;

/**
 * A scenario file that cannot run, with where and why: {@code file:line: reason}, the one
 * line the command line prints before it exits with 2.
 */
public final class ScenarioException extends RuntimeException {

	private final String source;

	private final int line;

	private final String reason;

	public ScenarioException(String source, int line, String reason) {
		super(source + ":" + line + ": " + reason);
		this.source = source;
		this.line = line;
		this.reason = reason;
	}

	public String source() {
		return this.source;
	}

	public int line() {
		return this.line;
	}

	public String reason() {
		return this.reason;
	}

}

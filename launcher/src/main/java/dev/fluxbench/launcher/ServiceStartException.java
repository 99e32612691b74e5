package dev.fluxbench.launcher;

import java.nio.file.Path;
import java.util.List;

/**
 * A service that did not become ready. The message carries the end of the service's log,
 * because that is where the reason is, and a build log is often all one has of a failed
 * CI run.
 */
public class ServiceStartException extends RuntimeException {

	static final int LOG_LINES = 20;

	private final String serviceName;

	private final boolean portTaken;

	ServiceStartException(String serviceName, String reason) {
		super("Service '" + serviceName + "' " + reason);
		this.serviceName = serviceName;
		this.portTaken = false;
	}

	ServiceStartException(String serviceName, String reason, Path logFile) {
		this(serviceName, reason, logFile, false);
	}

	ServiceStartException(String serviceName, String reason, Path logFile, boolean portTaken) {
		super("Service '" + serviceName + "' " + reason + logExcerpt(logFile));
		this.serviceName = serviceName;
		this.portTaken = portTaken;
	}

	public String serviceName() {
		return this.serviceName;
	}

	/**
	 * Whether the service exited because something else had its port: then another port
	 * may work.
	 */
	boolean portTaken() {
		return this.portTaken;
	}

	private static String logExcerpt(Path logFile) {
		List<String> lines = LogTail.lastLines(logFile, LOG_LINES);
		if (lines.isEmpty()) {
			return "\nIts log " + logFile + " is empty.";
		}
		StringBuilder excerpt = new StringBuilder("\nLast ").append(lines.size())
			.append(" lines of its log ")
			.append(logFile)
			.append(':');
		lines.forEach((line) -> excerpt.append("\n    ").append(line));
		return excerpt.toString();
	}

}

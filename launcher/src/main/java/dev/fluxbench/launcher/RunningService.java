package dev.fluxbench.launcher;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * A service that runs and answered its readiness probe. Closing it stops the service and
 * everything it spawned. On an orderly exit of this JVM a shutdown hook stops it within
 * its stop grace; when this JVM dies without running hooks, SIGKILL included, the small
 * supervisor process the service runs under stops it. Either way an aborted run does not
 * leave servers holding ports, CPU and memory.
 */
public final class RunningService implements AutoCloseable {

	private final JvmService spec;

	private final ServiceProcess process;

	private final int port;

	private final URI baseUri;

	private final Path logFile;

	RunningService(JvmService spec, ServiceProcess process, int port, Path logFile) {
		this.spec = spec;
		this.process = process;
		this.port = port;
		this.baseUri = URI.create("http://" + FreePort.LOOPBACK.getHostAddress() + ":" + port);
		this.logFile = logFile;
	}

	public String name() {
		return this.spec.name();
	}

	public JvmService spec() {
		return this.spec;
	}

	/**
	 * The service's own pid, that of the JVM or program that listens on the port, never
	 * the supervisor's: {@code /proc/PID} shows the service's CPU time and memory.
	 */
	public long pid() {
		return this.process.pid();
	}

	/**
	 * The port the service listens on, chosen by the launcher or reported by the service.
	 */
	public int port() {
		return this.port;
	}

	/** {@code http://127.0.0.1:PORT}, without a trailing slash. */
	public URI baseUri() {
		return this.baseUri;
	}

	/**
	 * The base URI with this path (and query) appended, for example
	 * {@code uri("/actuator/info")}.
	 */
	public URI uri(String pathAndQuery) {
		return URI.create(this.baseUri + pathAndQuery);
	}

	/** The service's process, the one {@link #pid()} names. */
	public ProcessHandle handle() {
		return this.process.handle();
	}

	public Path logFile() {
		return this.logFile;
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/** The exit code once the service has ended. */
	public OptionalInt exitCode() {
		return this.process.exitCode();
	}

	/** The last lines of the service's log, for a failure message. */
	public List<String> logTail(int lines) {
		return LogTail.lastLines(this.logFile, lines);
	}

	/**
	 * Sends SIGTERM, so that the service shuts down gracefully, waits up to the stop
	 * grace, then kills it. Children it spawned are killed too once it is gone: they
	 * would otherwise be orphans nobody stops. Returns once every one of them has exited;
	 * calling it again does nothing.
	 */
	public void stop() {
		this.process.stop();
	}

	@Override
	public void close() {
		stop();
	}

	ServiceProcess process() {
		return this.process;
	}

	@Override
	public String toString() {
		return name() + " (pid " + pid() + ", " + this.baseUri + ")";
	}

}

package dev.fluxbench.launcher;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A service whose JVM runs and answered its readiness probe. Closing it stops the JVM and
 * everything it spawned; a JVM shutdown hook stops whatever is still running when this JVM ends,
 * so that an aborted test run does not leave servers holding ports and CPU.
 */
public final class RunningService implements AutoCloseable {

	/** How long to wait for the kernel once SIGKILL was sent. */
	private static final Duration KILL_WAIT = Duration.ofSeconds(5);

	private static final Duration EXIT_POLL = Duration.ofMillis(10);

	private final JvmService spec;

	private final Process process;

	private final int port;

	private final URI baseUri;

	private final Path logFile;

	private boolean stopped;

	RunningService(JvmService spec, Process process, int port, Path logFile) {
		this.spec = spec;
		this.process = process;
		this.port = port;
		this.baseUri = URI.create("http://" + FreePort.LOOPBACK.getHostAddress() + ":" + port);
		this.logFile = logFile;
		ServiceRegistry.register(this);
	}

	public String name() {
		return this.spec.name();
	}

	public JvmService spec() {
		return this.spec;
	}

	public long pid() {
		return this.process.pid();
	}

	public int port() {
		return this.port;
	}

	/** {@code http://127.0.0.1:PORT}, without a trailing slash. */
	public URI baseUri() {
		return this.baseUri;
	}

	/** The base URI with this path (and query) appended, for example {@code uri("/actuator/info")}. */
	public URI uri(String pathAndQuery) {
		return URI.create(this.baseUri + pathAndQuery);
	}

	public ProcessHandle handle() {
		return this.process.toHandle();
	}

	public Path logFile() {
		return this.logFile;
	}

	public boolean isAlive() {
		return this.process.isAlive();
	}

	/** The exit code once the JVM has ended. */
	public OptionalInt exitCode() {
		return this.process.isAlive() ? OptionalInt.empty() : OptionalInt.of(this.process.exitValue());
	}

	/** The last lines of the service's log, for a failure message. */
	public List<String> logTail(int lines) {
		return LogTail.lastLines(this.logFile, lines);
	}

	/**
	 * Sends SIGTERM, so that the service shuts down gracefully, waits up to the stop grace, then
	 * kills it. Children it spawned are killed too once it is gone: they would otherwise be
	 * orphans nobody stops. Returns once every one of them has exited; calling it again does
	 * nothing.
	 */
	public synchronized void stop() {
		if (this.stopped) {
			return;
		}
		try {
			// Taken before the parent dies: afterwards its children belong to init and are no
			// longer its descendants.
			Set<ProcessHandle> family = new LinkedHashSet<>(this.process.descendants().toList());
			this.process.destroy();
			if (!exited(this.process, this.spec.stopGrace())) {
				family.addAll(this.process.descendants().toList());
				this.process.destroyForcibly();
				exited(this.process, KILL_WAIT);
			}
			family.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
			family.forEach((member) -> exited(member, KILL_WAIT));
			if (this.process.isAlive()) {
				throw new IllegalStateException("Service '" + name() + "' (pid " + pid() + ") survived SIGKILL for "
						+ KILL_WAIT);
			}
		}
		finally {
			this.stopped = true;
			ServiceRegistry.unregister(this);
		}
	}

	@Override
	public void close() {
		stop();
	}

	/**
	 * Waits for our own child to end, as {@link Process#isAlive()} sees it: the kernel may report it
	 * gone a moment before the JDK has reaped it, and a check of the handle would race with that.
	 */
	private static boolean exited(Process process, Duration timeout) {
		try {
			return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			// Whoever interrupts us wants to be done: skip the grace, keep the flag.
			Thread.currentThread().interrupt();
			process.destroyForcibly();
			return false;
		}
	}

	/**
	 * Waits for a descendant to end. Polls rather than waiting on {@code onExit()}: for a process
	 * that is not our own child the JDK polls with growing pauses, which costs more than a second
	 * per grandchild.
	 */
	private static boolean exited(ProcessHandle handle, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (handle.isAlive()) {
			if (System.nanoTime() - deadline >= 0) {
				return false;
			}
			try {
				Thread.sleep(EXIT_POLL);
			}
			catch (InterruptedException ex) {
				// Whoever interrupts us wants to be done: skip the grace, keep the flag.
				Thread.currentThread().interrupt();
				handle.destroyForcibly();
				return false;
			}
		}
		return true;
	}

	@Override
	public String toString() {
		return name() + " (pid " + pid() + ", " + this.baseUri + ")";
	}

}

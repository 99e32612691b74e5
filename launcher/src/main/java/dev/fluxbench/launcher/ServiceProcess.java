package dev.fluxbench.launcher;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The processes of one service: a {@link Supervisor}, which is this JVM's child, and the
 * service, which is the supervisor's. The service's pid is the one that counts: it is the
 * process that listens, burns the CPU and holds the memory that the harness reads in
 * {@code /proc}. Registered from launch to stop, so that the shutdown hook also stops a
 * service that is still starting.
 */
final class ServiceProcess {

	/**
	 * For a JVM that waits on a pipe: a small heap, one GC and one compiler thread, and
	 * no perf data file, which a SIGKILL would leave behind in the temporary directory.
	 */
	static final List<String> SUPERVISOR_JVM_FLAGS = List.of("-Xmx16m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
			"-XX:ActiveProcessorCount=1", "-XX:-UsePerfData");

	/** How long to wait for the kernel once SIGKILL was sent. */
	private static final Duration KILL_WAIT = Duration.ofSeconds(5);

	/**
	 * Short: a grandchild's exit and a pid file are noticed by polling, and a start waits
	 * on both.
	 */
	private static final Duration POLL = Duration.ofMillis(10);

	private final String name;

	private final Process supervisor;

	private final long pid;

	/**
	 * Empty when the service had ended before its pid was read: there is no handle on a
	 * gone process.
	 */
	private final Optional<ProcessHandle> service;

	private final Duration stopGrace;

	private boolean stopped;

	private ServiceProcess(String name, Process supervisor, long pid, Duration stopGrace) {
		this.name = name;
		this.supervisor = supervisor;
		this.pid = pid;
		this.service = ProcessHandle.of(pid);
		this.stopGrace = stopGrace;
		ServiceRegistry.register(this);
	}

	/**
	 * Starts the supervisor, which starts the service, and waits for the service's pid.
	 * @param command the service's own command line
	 * @param environment set on top of this JVM's, for the service
	 * @param deadline in {@link System#nanoTime()} terms, shared with the rest of the
	 * start
	 * @param timeout what the deadline stands for, for the message
	 * @throws ServiceStartException if the service was not launched, with the end of its
	 * log
	 */
	static ServiceProcess launch(String name, List<String> command, Map<String, String> environment, Path log,
			Duration stopGrace, long deadline, Duration timeout) {
		Path pidFile = createTempFile(name, ".pid");
		try {
			ProcessBuilder builder = new ProcessBuilder(supervisorCommand(stopGrace, pidFile, command))
				.redirectErrorStream(true)
				.redirectOutput(Redirect.to(log.toFile()));
			builder.environment().putAll(environment);
			setAsideJavaOptions(builder.environment());
			Process supervisor;
			try {
				// Its standard input stays a pipe from this JVM, open until this JVM
				// ends: its end of file is how the supervisor learns that it must stop
				// the service.
				supervisor = builder.start();
			}
			catch (IOException ex) {
				throw new ServiceStartException(name, "could not be launched (" + ex.getMessage() + ").", log);
			}
			return new ServiceProcess(name, supervisor,
					awaitPid(name, supervisor, pidFile, log, stopGrace, deadline, timeout), stopGrace);
		}
		finally {
			delete(pidFile);
		}
	}

	/**
	 * {@code java FLAGS -cp LAUNCHER Supervisor --stop-grace=G --pid-file=F -- COMMAND}.
	 */
	static List<String> supervisorCommand(Duration stopGrace, Path pidFile, List<String> command) {
		List<String> supervisor = new ArrayList<>();
		// The JVM running this code can run the supervisor's classes; the service's java
		// may be another.
		supervisor.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		supervisor.addAll(SUPERVISOR_JVM_FLAGS);
		supervisor.addAll(List.of("-cp", launcherClasspath().toString()));
		supervisor.addAll(Supervisor.arguments(stopGrace, pidFile, command));
		return List.copyOf(supervisor);
	}

	/** The jar, or the classes directory, the supervisor's class comes from. */
	static Path launcherClasspath() {
		URL location = Supervisor.class.getProtectionDomain().getCodeSource().getLocation();
		try {
			return Path.of(location.toURI());
		}
		catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException ex) {
			throw new IllegalStateException("The launcher runs its supervisor with 'java -cp' on its own jar, but "
					+ location + " is no file a JVM can take as a class path", ex);
		}
	}

	static void setAsideJavaOptions(Map<String, String> environment) {
		for (String variable : Supervisor.JAVA_OPTION_VARIABLES) {
			String value = environment.remove(variable);
			if (value != null) {
				environment.put(Supervisor.SET_ASIDE + variable, value);
			}
		}
	}

	private static long awaitPid(String name, Process supervisor, Path pidFile, Path log, Duration stopGrace,
			long deadline, Duration timeout) {
		try {
			while (true) {
				boolean ended = !supervisor.isAlive();
				// Read after the exit check: a supervisor that ended wrote its line
				// before, or never.
				Optional<Long> pid = readLine(pidFile).map(Long::valueOf);
				if (pid.isPresent()) {
					return pid.get();
				}
				if (ended) {
					throw new ServiceStartException(name,
							"could not be launched: its supervisor exited with code " + supervisor.exitValue() + ".",
							log);
				}
				if (System.nanoTime() - deadline >= 0) {
					abandon(supervisor, pidFile, stopGrace);
					throw new ServiceStartException(name, "was not launched within " + timeout
							+ ": its supervisor (pid " + supervisor.pid() + ") did not start it.", log);
				}
				Thread.sleep(POLL);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			abandon(supervisor, pidFile, stopGrace);
			throw new ServiceStartException(name, "was interrupted while it was being launched.");
		}
	}

	/**
	 * The first line of the file once it is complete, that is, once it ends with a line
	 * break.
	 */
	static Optional<String> readLine(Path file) {
		try {
			String content = Files.readString(file);
			int end = content.indexOf('\n');
			return (end < 0) ? Optional.empty() : Optional.of(content.substring(0, end).trim());
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	String name() {
		return this.name;
	}

	long pid() {
		return this.pid;
	}

	ProcessHandle handle() {
		return this.service.orElseThrow(() -> new IllegalStateException(
				"Service '" + this.name + "' (pid " + this.pid + ") ended before the launcher got hold of it"));
	}

	/**
	 * Until both have ended: the supervisor outlives the service only for the moment it
	 * takes to exit.
	 */
	boolean isAlive() {
		return this.supervisor.isAlive() || this.service.map(ProcessHandle::isAlive).orElse(false);
	}

	/** The service's exit code, which the supervisor exits with, once both have ended. */
	OptionalInt exitCode() {
		return isAlive() ? OptionalInt.empty() : OptionalInt.of(this.supervisor.exitValue());
	}

	/**
	 * SIGTERM to the service itself, SIGKILL after the stop grace; the supervisor exits
	 * with it. Children it spawned are killed too once it is gone: they would otherwise
	 * be orphans nobody stops. Returns once every one of them has exited; calling it
	 * again does nothing.
	 */
	synchronized void stop() {
		if (this.stopped) {
			return;
		}
		try {
			if (this.service.isPresent()) {
				stopService(this.service.get());
			}
			if (!exited(this.supervisor, KILL_WAIT)) {
				this.supervisor.destroyForcibly();
				exited(this.supervisor, KILL_WAIT);
			}
			if (isAlive()) {
				throw new IllegalStateException(
						"Service '" + this.name + "' (pid " + this.pid + ") survived SIGKILL for " + KILL_WAIT);
			}
		}
		finally {
			this.stopped = true;
			ServiceRegistry.unregister(this);
		}
	}

	private void stopService(ProcessHandle service) {
		// Taken before the service dies: afterwards its children belong to init and are
		// no longer its descendants.
		Set<ProcessHandle> family = new LinkedHashSet<>(service.descendants().toList());
		service.destroy();
		if (!exited(service, this.stopGrace)) {
			family.addAll(service.descendants().toList());
			service.destroyForcibly();
			exited(service, KILL_WAIT);
		}
		family.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
		family.forEach((member) -> exited(member, KILL_WAIT));
	}

	/**
	 * Stops a supervisor whose service's pid is not known (yet): SIGTERM, which it passes
	 * on to the service if it started one, then SIGKILL to both, the service found by the
	 * pid file it may have written meanwhile.
	 */
	private static void abandon(Process supervisor, Path pidFile, Duration grace) {
		supervisor.destroy();
		if (!exited(supervisor, grace.plus(KILL_WAIT))) {
			readLine(pidFile).map(Long::valueOf).flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
			supervisor.destroyForcibly();
			exited(supervisor, KILL_WAIT);
		}
	}

	/**
	 * Waits for our own child to end, as {@link Process#isAlive()} sees it: the kernel
	 * may report it gone a moment before the JDK has reaped it, and a check of the handle
	 * would race with that.
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
	 * Waits for a process that is not our child to end. Polls rather than waiting on
	 * {@code onExit()}: for a process that is not our own child the JDK polls with
	 * growing pauses, which costs more than a second per process.
	 */
	private static boolean exited(ProcessHandle handle, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (handle.isAlive()) {
			if (System.nanoTime() - deadline >= 0) {
				return false;
			}
			try {
				Thread.sleep(POLL);
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

	static Path createTempFile(String serviceName, String suffix) {
		try {
			return Files.createTempFile("fluxbench-" + serviceName.replaceAll("[^A-Za-z0-9._-]", "_") + "-", suffix);
		}
		catch (IOException ex) {
			throw new ServiceStartException(serviceName, "cannot start: no temporary file (" + ex.getMessage() + ").");
		}
	}

	static void delete(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			// A few bytes left in the temporary directory; the service runs all the same.
		}
	}

	@Override
	public String toString() {
		return this.name + " (pid " + this.pid + ", supervisor pid " + this.supervisor.pid() + ")";
	}

}

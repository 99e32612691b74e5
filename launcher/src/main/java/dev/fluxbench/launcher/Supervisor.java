package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs one service as its child and stops it once the JVM that launched the supervisor is
 * gone, however that JVM ended. Java has no parent-death signal, and the launcher's
 * shutdown hook does not run on SIGKILL, on a crash or on an out-of-memory kill, so
 * {@link JvmService#start()} runs every service under this small JVM:
 *
 * <pre>
 * java -cp LAUNCHER_JAR dev.fluxbench.launcher.Supervisor --stop-grace=PT10S --pid-file=PATH -- COMMAND [ARGS...]
 * </pre>
 *
 * It learns of its parent's death from its standard input: a pipe whose only writer is
 * the JVM that launched it, which never writes to it. The kernel closes that end when the
 * process ends, SIGKILL included, and the blocked read here returns end-of-file at once.
 * Polling the parent's pid would work too, but it notices late, costs a wake-up per poll,
 * and pids are reused. Run by hand with a closed standard input, it stops its service at
 * once.
 * <p>
 * Once the parent is gone, or when the supervisor itself is told to terminate, it sends
 * SIGTERM to the service, SIGKILL after the stop grace, and then kills whatever the
 * service spawned. It exits with the service's exit code (143 still means "ended on
 * SIGTERM"), and never writes to the log on the way unless it is the one that stopped the
 * service. The service's output goes straight to the supervisor's standard output, the
 * service's log file, so that a dead supervisor loses none of it. Only the JDK: the
 * supervisor starts from the launcher's jar alone.
 */
public final class Supervisor {

	static final String STOP_GRACE = "--stop-grace=";

	/** Where the supervisor writes the service's pid, a line the launcher reads. */
	static final String PID_FILE = "--pid-file=";

	static final String END_OF_OPTIONS = "--";

	/** What a shell answers for a command it cannot run. */
	static final int COULD_NOT_RUN = 127;

	static final int USAGE = 2;

	/**
	 * The variables every {@code java} launcher reads. They are meant for the service,
	 * not for the supervisor's JVM, so the launcher hands them over under this prefix and
	 * they get their name back in the service's environment.
	 */
	static final List<String> JAVA_OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

	static final String SET_ASIDE = "FLUXBENCH_SUPERVISED_";

	/** How long to wait for the kernel once SIGKILL was sent. */
	private static final Duration KILL_WAIT = Duration.ofSeconds(5);

	private static final String PREFIX = "fluxbench-supervisor: ";

	private final Duration stopGrace;

	private final PrintStream log;

	private Process service;

	private boolean stopping;

	private Supervisor(Duration stopGrace, PrintStream log) {
		this.stopGrace = stopGrace;
		this.log = log;
	}

	public static void main(String[] args) throws InterruptedException {
		Options options = Options.parse(args);
		if (options == null) {
			System.err.println("usage: Supervisor " + STOP_GRACE + "PT10S " + PID_FILE + "PATH " + END_OF_OPTIONS
					+ " COMMAND [ARGS...]");
			System.exit(USAGE);
			return;
		}
		Supervisor supervisor = new Supervisor(options.stopGrace(), System.out);
		// A SIGTERM, SIGINT or SIGHUP to the supervisor is meant for the service it
		// stands for.
		Runtime.getRuntime().addShutdownHook(new Thread(supervisor::stopAndHalt, "fluxbench-supervisor-stop"));
		Process service;
		try {
			service = supervisor.start(options.command());
		}
		catch (IOException ex) {
			supervisor.say("could not run " + options.command().getFirst() + ": " + ex.getMessage());
			System.exit(COULD_NOT_RUN);
			return;
		}
		if (service == null) {
			return;
		}
		try {
			// One write of a whole line: the launcher takes the pid once the line is
			// complete.
			Files.writeString(options.pidFile(), service.pid() + "\n");
		}
		catch (IOException ex) {
			supervisor.say("could not write pid " + service.pid() + " to " + options.pidFile() + ": " + ex);
			supervisor.stopAndHalt();
		}
		Thread.ofPlatform().daemon().name("fluxbench-supervisor-parent-watch").start(() -> {
			awaitEndOfInput(System.in);
			supervisor.say("the JVM that launched pid " + service.pid() + " is gone: stopping it");
			supervisor.stopAndHalt();
		});
		System.exit(service.waitFor());
	}

	/**
	 * Starts the service, unless a termination came first: it would then run with nobody
	 * to stop it. Never exits itself: the shutdown hook needs this object's lock.
	 */
	private synchronized Process start(List<String> command) throws IOException {
		if (this.stopping) {
			return null;
		}
		// The service writes to the log itself, through the descriptor it inherits; its
		// standard input is a pipe nobody writes to, as it was before there was a
		// supervisor.
		ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(Redirect.INHERIT).redirectErrorStream(true);
		restoreJavaOptions(builder.environment());
		this.service = builder.start();
		return this.service;
	}

	static void restoreJavaOptions(Map<String, String> environment) {
		for (String variable : JAVA_OPTION_VARIABLES) {
			String value = environment.remove(SET_ASIDE + variable);
			if (value != null) {
				environment.put(variable, value);
			}
		}
	}

	/**
	 * Stops the service and ends this JVM with its exit code. Runs on the watch thread,
	 * or in the shutdown hook: for a termination of the supervisor, and after the service
	 * ended by itself, when it finds nothing left to stop.
	 */
	private void stopAndHalt() {
		Process stopped = stop();
		if (stopped == null) {
			// Terminated before the service started: exit as the terminated JVM would.
			return;
		}
		System.out.flush();
		Runtime.getRuntime().halt(stopped.isAlive() ? 128 + 9 : stopped.exitValue());
	}

	/**
	 * SIGTERM, SIGKILL after the grace, then whatever the service spawned. Returns the
	 * service.
	 */
	private synchronized Process stop() {
		this.stopping = true;
		Process service = this.service;
		if (service == null || !service.isAlive()) {
			return service;
		}
		// Taken before the service dies: afterwards its children belong to init.
		Set<ProcessHandle> family = new LinkedHashSet<>(service.descendants().toList());
		service.destroy();
		if (!exited(service, this.stopGrace)) {
			say("pid " + service.pid() + " is still running after " + this.stopGrace + ": killing it");
			family.addAll(service.descendants().toList());
			service.destroyForcibly();
			exited(service, KILL_WAIT);
		}
		family.forEach(ProcessHandle::destroyForcibly);
		return service;
	}

	private static boolean exited(Process process, Duration timeout) {
		try {
			return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** Returns at end-of-file, or when the pipe breaks, which means the same. */
	static void awaitEndOfInput(InputStream input) {
		byte[] ignored = new byte[256];
		try {
			while (input.read(ignored) != -1) {
				// Nobody should write here; whatever comes is not a reason to stop.
			}
		}
		catch (IOException ex) {
			// The pipe is broken: its other end is gone as surely as at end-of-file.
		}
	}

	private void say(String message) {
		this.log.println(PREFIX + message);
		this.log.flush();
	}

	/** The supervisor's main class and arguments for this service command line. */
	static List<String> arguments(Duration stopGrace, Path pidFile, List<String> command) {
		List<String> arguments = new ArrayList<>(
				List.of(Supervisor.class.getName(), STOP_GRACE + stopGrace, PID_FILE + pidFile, END_OF_OPTIONS));
		arguments.addAll(command);
		return List.copyOf(arguments);
	}

	private record Options(Duration stopGrace, Path pidFile, List<String> command) {

		/** The options, or null if they make no sense: only the launcher writes them. */
		static Options parse(String[] args) {
			if (args.length < 4 || !args[0].startsWith(STOP_GRACE) || !args[1].startsWith(PID_FILE)
					|| !args[2].equals(END_OF_OPTIONS)) {
				return null;
			}
			try {
				return new Options(Duration.parse(args[0].substring(STOP_GRACE.length())),
						Path.of(args[1].substring(PID_FILE.length())), List.of(args).subList(3, args.length));
			}
			catch (DateTimeParseException | InvalidPathException ex) {
				return null;
			}
		}

	}

}

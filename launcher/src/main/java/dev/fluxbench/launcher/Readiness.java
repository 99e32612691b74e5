package dev.fluxbench.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Waits for a service's readiness probe. It asks the service over HTTP, as a load
 * balancer would, and never reads the log to decide: log lines change with every
 * framework release, the probe does not. Before that, a service that
 * {@linkplain JvmService#reportsPort() reports its port} is waited for until it has.
 */
final class Readiness {

	static final Duration POLL_INTERVAL = Duration.ofMillis(100);

	/** The environment variable naming the port file, Spring Boot's name for it. */
	static final String PORT_FILE_VARIABLE = "PORTFILE";

	/** A port file is a local read, and the probe can only start once it is there. */
	private static final Duration PORT_FILE_POLL = Duration.ofMillis(20);

	private static final String NO_ANSWER = "no answer";

	/**
	 * Longer than any healthy probe; short enough that a hung probe is retried well
	 * before the deadline.
	 */
	private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

	/** The longest a thread dump of a service that never got ready is waited for. */
	private static final Duration DUMP_WAIT = Duration.ofSeconds(5);

	/** The last section of a HotSpot thread dump. */
	private static final String DUMP_END = "JNI global refs";

	/**
	 * The operating system's words for EADDRINUSE, which every runtime and server quotes
	 * in its log.
	 */
	private static final Pattern PORT_IN_USE = Pattern.compile("already in use", Pattern.CASE_INSENSITIVE);

	/** Enough for a Spring Boot failure report and the stack trace above it. */
	private static final int LOG_LINES_SEARCHED = 100;

	private Readiness() {
	}

	/**
	 * Waits until the service has written its port to the port file.
	 * @param deadline in {@link System#nanoTime()} terms
	 * @param timeout what the deadline stands for, for the message
	 */
	static int awaitReportedPort(ServiceProcess process, Path portFile, Path log, long deadline, Duration timeout) {
		try {
			while (true) {
				boolean ended = !process.isAlive();
				// Read after the exit check: a service that ended reported its port
				// before, or never.
				OptionalInt port = reportedPort(portFile);
				if (port.isPresent()) {
					return port.getAsInt();
				}
				if (ended) {
					throw new ServiceStartException(process.name(), "exited with code " + process.exitCode().orElse(-1)
							+ " before it reported its port (pid " + process.pid() + ").", log);
				}
				if (System.nanoTime() - deadline >= 0) {
					// Stop first: the log is complete only once the process is gone.
					process.stop();
					throw new ServiceStartException(process.name(), "did not report its port within " + timeout + ": "
							+ portFile + ", which " + PORT_FILE_VARIABLE + " names, holds no port.", log);
				}
				Thread.sleep(PORT_FILE_POLL);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ServiceStartException(process.name(), "was interrupted while waiting for its port.");
		}
	}

	/**
	 * The port in the file, once it holds one. Spring Boot's port file writer writes the
	 * digits alone in one write, so a file that holds a number holds the whole number.
	 */
	static OptionalInt reportedPort(Path portFile) {
		try {
			String content = Files.readString(portFile).strip();
			if (!content.matches("\\d{1,5}")) {
				return OptionalInt.empty();
			}
			int port = Integer.parseInt(content);
			return (port >= 1 && port <= 65_535) ? OptionalInt.of(port) : OptionalInt.empty();
		}
		catch (IOException ex) {
			return OptionalInt.empty();
		}
	}

	/**
	 * Waits until the readiness path answers 200.
	 * @param deadline in {@link System#nanoTime()} terms, shared with the launch
	 * @param timeout what the deadline stands for, for the message
	 */
	static void await(RunningService service, String path, long deadline, Duration timeout) {
		URI probe = service.uri(path);
		String lastAnswer = NO_ANSWER;
		try (HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(PROBE_TIMEOUT)
			.build()) {
			while (true) {
				if (!service.isAlive()) {
					throw new ServiceStartException(
							service.name(), "exited with code " + service.exitCode().orElse(-1)
									+ " before it was ready (pid " + service.pid() + ").",
							service.logFile(), portTaken(service));
				}
				Duration left = Duration.ofNanos(deadline - System.nanoTime());
				if (left.isNegative() || left.isZero()) {
					dumpThreads(service);
					// Stop first: the log is complete only once the process is gone.
					service.stop();
					throw new ServiceStartException(service.name(),
							"was not ready within " + timeout + ": GET " + probe + " last gave " + lastAnswer + ".",
							service.logFile());
				}
				boolean cutShort = left.compareTo(PROBE_TIMEOUT) < 0;
				try {
					HttpRequest request = HttpRequest.newBuilder(probe)
						.timeout(cutShort ? left : PROBE_TIMEOUT)
						.GET()
						.build();
					int status = client.send(request, BodyHandlers.discarding()).statusCode();
					if (status == 200) {
						return;
					}
					lastAnswer = "status " + status;
				}
				catch (HttpTimeoutException ex) {
					// The last probe may get only a few milliseconds before the deadline:
					// its timeout says nothing about the service, and must not hide what
					// the service answered.
					if (!cutShort || lastAnswer.equals(NO_ANSWER)) {
						lastAnswer = describe(ex);
					}
				}
				catch (IOException ex) {
					lastAnswer = describe(ex);
				}
				Thread.sleep(POLL_INTERVAL);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new ServiceStartException(service.name(), "was interrupted while waiting to be ready.");
		}
	}

	/**
	 * Asks a JVM that never got ready for a thread dump (SIGQUIT, which HotSpot answers
	 * on its standard output, the log), so that the log shows where it stood. Waits for
	 * the dump's last section, a few seconds at most.
	 */
	static void dumpThreads(RunningService service) throws InterruptedException {
		// Another program may take SIGQUIT for "stop and dump core".
		boolean jvm = ProcessHandle.of(service.pid())
			.flatMap((process) -> process.info().command())
			.filter((command) -> command.endsWith("/java"))
			.isPresent();
		if (!jvm) {
			return;
		}
		try {
			Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(service.pid())).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
			if (!kill.waitFor(DUMP_WAIT.toSeconds(), TimeUnit.SECONDS) || kill.exitValue() != 0) {
				return;
			}
			long until = System.nanoTime() + DUMP_WAIT.toNanos();
			while (System.nanoTime() < until && service.isAlive()
					&& !Files.readString(service.logFile(), StandardCharsets.ISO_8859_1).contains(DUMP_END)) {
				Thread.sleep(POLL_INTERVAL);
			}
		}
		catch (IOException ex) {
			// No dump: the log still has what the service wrote.
		}
	}

	private static String describe(IOException ex) {
		return ex.getClass().getSimpleName() + ((ex.getMessage() != null) ? ": " + ex.getMessage() : "");
	}

	/**
	 * Whether a service that exited had lost its port to another process: it is still
	 * taken, or the log says so. Only a hint to try another port, never a reason to call
	 * a service ready.
	 */
	private static boolean portTaken(RunningService service) {
		return !FreePort.isFree(service.port())
				|| service.logTail(LOG_LINES_SEARCHED).stream().anyMatch((line) -> PORT_IN_USE.matcher(line).find());
	}

}

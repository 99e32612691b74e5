package dev.fluxbench.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A JVM that starts services through the launcher the two ways the harness does, a Java
 * service and a command, prints {@code service pid=PID port=PORT} for each and waits to
 * be killed: the parent whose SIGKILL {@link SupervisorTests} must not leave any of them
 * behind. The Java service also spawns a child of its own, as a service that runs a
 * helper program would.
 * <p>
 * Arguments: the directory for the services' logs ({@code jvm.log}, {@code command.log}),
 * their stop grace ({@code PT10S}), then the services' own.
 */
public final class TinyParent {

	/** What {@link SupervisorTests} looks for in this JVM's output, once per service. */
	static final String STARTED = "service pid=";

	/** How many services this parent starts. */
	static final int SERVICES = 2;

	static final Duration READY_TIMEOUT = Duration.ofMinutes(5);

	private TinyParent() {
	}

	public static void main(String[] args) throws Exception {
		Path logs = Path.of(args[0]);
		Duration stopGrace = Duration.parse(args[1]);
		List<String> serviceArgs = List.of(args).subList(2, args.length);
		Path classes = Path.of(TinyService.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<JvmService> services = List.of(
				JvmService.mainClass("orphan-candidate", List.of(classes), TinyService.class.getName())
					.jvmFlags("-Xmx32m", "-XX:TieredStopAtLevel=1")
					.args(serviceArgs)
					.args("--spawn-child")
					.logFile(logs.resolve("jvm.log")),
				JvmService
					.command("orphan-command",
							List.of(java, "-Xmx32m", "-XX:TieredStopAtLevel=1", "-cp", classes.toString(),
									TinyService.class.getName(), "--server.port=0"))
					.args(serviceArgs)
					.logFile(logs.resolve("command.log")));
		for (JvmService service : services) {
			// Far past the default: on a loaded machine, JVMs start slowly, and this test
			// is about their end.
			RunningService running = service.reportsPort().stopGrace(stopGrace).readyTimeout(READY_TIMEOUT).start();
			System.out.println(STARTED + running.pid() + " port=" + running.port());
		}
		// Blocks for good: only the test's SIGKILL ends this JVM, and no shutdown hook
		// runs then.
		Thread.currentThread().join();
	}

}

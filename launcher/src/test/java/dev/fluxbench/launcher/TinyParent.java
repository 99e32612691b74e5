package dev.fluxbench.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A JVM that starts a {@link TinyService} through the launcher, prints
 * {@code service pid=PID port=PORT} and waits to be killed: the parent whose SIGKILL
 * {@link SupervisorTest} must not leave the service behind.
 * <p>
 * Arguments: the service's log file, its stop grace ({@code PT10S}), then the service's own.
 */
public final class TinyParent {

	/** What {@link SupervisorTest} looks for in this JVM's output. */
	static final String STARTED = "service pid=";

	private TinyParent() {
	}

	public static void main(String[] args) throws Exception {
		Path classes = Path.of(TinyService.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		RunningService service = JvmService.mainClass("orphan-candidate", List.of(classes), TinyService.class.getName())
			.jvmFlags("-Xmx32m", "-XX:TieredStopAtLevel=1")
			.args(List.of(args).subList(2, args.length))
			.reportsPort()
			.logFile(Path.of(args[0]))
			.stopGrace(Duration.parse(args[1]))
			.start();
		System.out.println(STARTED + service.pid() + " port=" + service.port());
		// Blocks for good: only the test's SIGKILL ends this JVM, and no shutdown hook runs then.
		Thread.currentThread().join();
	}

}

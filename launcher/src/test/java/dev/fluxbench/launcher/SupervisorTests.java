package dev.fluxbench.launcher;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Services must not outlive the JVM that started them, however it ends: a {@code kill -9}
 * of the harness runs no shutdown hook, and a service left behind holds its port, its
 * core and its memory through the next measurement.
 */
class SupervisorTests {

	/**
	 * The supervisor stops its service as soon as the parent is gone, and promises no
	 * process and no port ten seconds after the kill. The bound is far wider, so that a
	 * loaded machine, where a JVM's exit can be slow, does not fail the test; a service
	 * that outlived its parent would still fail it.
	 */
	private static final Duration GONE_WITHIN = Duration.ofSeconds(60);

	/**
	 * The parent, then each supervisor and its service, one after the other, on a machine
	 * that may be busy.
	 */
	private static final Duration STARTED_WITHIN = TinyParent.READY_TIMEOUT.multipliedBy(TinyParent.SERVICES)
		.plusMinutes(1);

	/**
	 * Long enough that a service that stops on SIGTERM is never killed for being slow
	 * about it.
	 */
	private static final Duration STOP_GRACE = Duration.ofSeconds(30);

	private static final Pattern STARTED = Pattern.compile(Pattern.quote(TinyParent.STARTED) + "(\\d+) port=(\\d+)");

	private static final Pattern SPAWNED = Pattern.compile("spawned child (\\d+)");

	/**
	 * A marker on each process's command line, so that a test can look for survivors
	 * among all processes.
	 */
	private final String marker = "--test-run=" + UUID.randomUUID();

	@TempDir
	Path dir;

	private Process parent;

	@AfterEach
	void noProcessLeftBehind() {
		try {
			assertThat(survivors()).as("processes of this test still alive").isEmpty();
		}
		finally {
			// A failed test must not leave its processes to the next one.
			if (this.parent != null) {
				this.parent.destroyForcibly();
			}
			survivors().forEach(ProcessHandle::destroyForcibly);
		}
	}

	@Test
	void parentKilledWithSigkillShouldTakeEveryServiceAndWhatItSpawnedAlong() throws Exception {
		List<Started> services = startParent(STOP_GRACE);
		long grandchild = spawnedChild(this.dir.resolve("jvm.log"));
		for (Started service : services) {
			assertThat(alive(service.pid())).as("service pid %d before the kill", service.pid()).isTrue();
			assertThat(TinyService.accepts(service.port())).as("port %d before the kill", service.port()).isTrue();
		}
		assertThat(alive(grandchild)).as("the child the service spawned, pid %d", grandchild).isTrue();

		killParent();

		await().atMost(GONE_WITHIN).untilAsserted(() -> {
			for (Started service : services) {
				assertThat(alive(service.pid())).as("service pid %d", service.pid()).isFalse();
				assertThat(TinyService.accepts(service.port())).as("port %d after the kill", service.port()).isFalse();
			}
			assertThat(alive(grandchild)).as("the child the service spawned, pid %d", grandchild).isFalse();
			assertThat(survivors()).as("the supervisors and the services").isEmpty();
		});
		for (String log : List.of("jvm.log", "command.log")) {
			assertThat(this.dir.resolve(log)).content()
				.containsPattern("fluxbench-supervisor: the JVM that launched pid \\d+ is gone: stopping it");
		}
	}

	@Test
	void parentKilledWhileTheServicesIgnoreSigtermShouldKillThemOnceTheGraceIsOver() throws Exception {
		Duration grace = Duration.ofSeconds(1);
		List<Started> services = startParent(grace, "--ignore-sigterm");

		killParent();

		await().atMost(GONE_WITHIN.plus(grace)).untilAsserted(() -> {
			for (Started service : services) {
				assertThat(alive(service.pid())).as("service pid %d", service.pid()).isFalse();
				assertThat(TinyService.accepts(service.port())).as("port %d after the kill", service.port()).isFalse();
			}
			assertThat(survivors()).as("the supervisors and the services").isEmpty();
		});
		for (String log : List.of("jvm.log", "command.log")) {
			assertThat(this.dir.resolve(log)).content().contains("is still running after " + grace + ": killing it");
		}
	}

	@Test
	void supervisorTerminatedShouldStopItsServiceAndExitWithItsExitCode() {
		RunningService service = tiny("terminated").start();
		ProcessHandle supervisor = service.handle().parent().orElseThrow();
		assertThat(supervisor.parent()).hasValue(ProcessHandle.current());

		supervisor.destroy();

		await().atMost(GONE_WITHIN).until(() -> !service.isAlive());
		// 143 is 128 + SIGTERM: the service ended on the signal the supervisor passed on.
		assertThat(service.exitCode()).hasValue(143);
		assertThat(service.logFile()).content().doesNotContain("fluxbench-supervisor");
		service.stop();
	}

	@Test
	void javaOptionsInTheEnvironmentShouldReachTheServiceAndNotItsSupervisor() {
		JvmService service = tiny("java-options").env("JAVA_TOOL_OPTIONS", "-Dfluxbench.probe=on")
			.args("--print-env=JAVA_TOOL_OPTIONS");

		try (RunningService running = service.start()) {
			assertThat(running.logTail(10)).contains("JAVA_TOOL_OPTIONS=-Dfluxbench.probe=on");
			// Every JVM that reads the variable says so on stderr, which goes to the log:
			// once is the service.
			assertThat(running.logTail(10)).filteredOn((line) -> line.startsWith("Picked up JAVA_TOOL_OPTIONS"))
				.hasSize(1);
		}
	}

	private List<Started> startParent(Duration stopGrace, String... serviceArgs) throws Exception {
		Path output = this.dir.resolve("parent.out");
		List<String> command = Stream
			.of(Stream.of(javaCommand(), "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", classpath(),
					TinyParent.class.getName(), this.dir.toString(), stopGrace.toString(), this.marker),
					Stream.of(serviceArgs))
			.flatMap((part) -> part)
			.toList();
		this.parent = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(Redirect.to(output.toFile()))
			.start();
		await().atMost(STARTED_WITHIN)
			.failFast(() -> assertThat(this.parent.isAlive() || started(output).size() == TinyParent.SERVICES)
				.as("the parent JVM is alive or started every service; its output:%n%s", Files.readString(output))
				.isTrue())
			.until(() -> started(output).size() == TinyParent.SERVICES);
		return started(output);
	}

	/**
	 * SIGKILL: no shutdown hook runs, nothing in the parent gets a chance to stop its
	 * services.
	 */
	private void killParent() throws InterruptedException {
		this.parent.destroyForcibly();
		assertThat(this.parent.waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS)).as("the parent ended").isTrue();
		assertThat(this.parent.exitValue()).isEqualTo(137);
	}

	private static List<Started> started(Path output) throws IOException {
		if (!Files.exists(output)) {
			return List.of();
		}
		return STARTED.matcher(Files.readString(output))
			.results()
			.map((match) -> new Started(Long.parseLong(match.group(1)), Integer.parseInt(match.group(2))))
			.toList();
	}

	private static long spawnedChild(Path log) throws IOException {
		Matcher matcher = SPAWNED.matcher(Files.readString(log));
		assertThat(matcher.find()).as("the service logged the child it spawned").isTrue();
		return Long.parseLong(matcher.group(1));
	}

	private static boolean alive(long pid) {
		return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent();
	}

	private JvmService tiny(String name) {
		return JvmService.mainClass(name, List.of(testClasses()), TinyService.class.getName())
			.jvmFlags("-Xmx32m", "-XX:TieredStopAtLevel=1")
			.args(this.marker)
			.reportsPort()
			.logFile(this.dir.resolve(name + ".log"))
			.readyTimeout(TinyParent.READY_TIMEOUT)
			.stopGrace(STOP_GRACE);
	}

	private List<ProcessHandle> survivors() {
		return ProcessHandle.allProcesses()
			.filter((process) -> process.info().arguments().map(List::of).orElse(List.of()).contains(this.marker))
			.filter(ProcessHandle::isAlive)
			.toList();
	}

	private static String javaCommand() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	/**
	 * The test classes for {@link TinyParent} and {@link TinyService}, the launcher's for
	 * the rest.
	 */
	private static String classpath() {
		return testClasses() + File.pathSeparator + codeSource(JvmService.class);
	}

	private static Path testClasses() {
		return codeSource(TinyService.class);
	}

	private static Path codeSource(Class<?> type) {
		try {
			return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private record Started(long pid, int port) {
	}

}

package dev.fluxbench.launcher;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Starts and stops real child JVMs running {@link TinyService} from
 * {@code target/test-classes}, the way the contract tests start the apps from their jars.
 * They bind port 0 and report the port they got, so that no other process on the machine
 * can take it from them in between.
 */
class RunningServiceTests {

	private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

	/**
	 * For the tests of a timeout: it covers the start of the supervisor's JVM, which a
	 * busy machine can stretch far beyond its usual fraction of a second. Were it shorter
	 * than that start, the launch would fail for the supervisor instead of for the reason
	 * under test.
	 */
	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	/**
	 * Beyond the stop grace, what a stop may take on a busy machine: the kill, and the
	 * kernel's reaping.
	 */
	private static final Duration STOP_SLACK = Duration.ofSeconds(30);

	/**
	 * A marker on each child's command line, so a test can look for survivors among all
	 * processes.
	 */
	private final String marker = "--test-run=" + UUID.randomUUID();

	@TempDir
	Path logs;

	@AfterEach
	void noChildLeftBehind() {
		assertThat(survivors()).as("child processes of this test still alive").isEmpty();
	}

	@Test
	void startShouldReturnOnceReadinessAnswers200() throws Exception {
		Duration readyAfter = Duration.ofMillis(800);
		long started = System.nanoTime();

		try (RunningService service = tiny("slow-ready").args("--ready-after=" + readyAfter).start()) {
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(readyAfter);
			assertThat(service.isAlive()).isTrue();
			assertThat(service.pid()).isEqualTo(service.handle().pid());
			assertThat(service.baseUri()).hasToString("http://127.0.0.1:" + service.port());
			assertThat(readinessStatus(service)).isEqualTo(200);
			assertThat(service.logFile()).content().contains("listening on " + service.port());
			assertThat(ServiceRegistry.running()).contains(service.process());
		}
	}

	@Test
	void pidShouldBeTheServiceJvmWhichItsSupervisorRunsAsAChildOfThisJvm() {
		try (RunningService service = tiny("supervised").start()) {
			ProcessHandle supervisor = service.handle().parent().orElseThrow();

			assertThat(service.handle().info().arguments())
				.hasValueSatisfying((arguments) -> assertThat(arguments).contains(TinyService.class.getName())
					.doesNotContain(Supervisor.class.getName()));
			assertThat(supervisor.info().arguments())
				.hasValueSatisfying((arguments) -> assertThat(arguments).contains(Supervisor.class.getName()));
			assertThat(supervisor.parent()).hasValue(ProcessHandle.current());
		}
	}

	@Test
	void startWhenTheServiceExitsEarlyShouldFailWithTheReasonAndTheLast20LogLines() {
		assertThatExceptionOfType(ServiceStartException.class)
			.isThrownBy(() -> tiny("early-exit").args("--exit-code=3").start())
			.satisfies((ex) -> assertThat(ex.serviceName()).isEqualTo("early-exit"))
			.withMessageContaining("Service 'early-exit' exited with code 3 before it reported its port")
			.withMessageContaining("Last 20 lines of its log")
			.withMessageContaining("boot line 11")
			.withMessageContaining("boot line 30")
			.withMessageNotContaining("boot line 10");
		assertThat(ServiceRegistry.running()).noneMatch((service) -> service.name().equals("early-exit"));
	}

	@Test
	void startWhenAPickedPortWasTakenMeanwhileShouldStartAgainOnAnotherPort() throws Exception {
		HttpServer squatter = answering(404, Duration.ZERO);
		try {
			int taken = squatter.getAddress().getPort();
			// The first pick is a port another server took between the pick and the
			// service's bind.
			Queue<Integer> picks = new ArrayDeque<>(List.of(taken));
			List<Integer> picked = new ArrayList<>();
			JvmService service = tiny("collision").pickPortsWith(() -> {
				int port = picks.isEmpty() ? FreePort.find() : picks.remove();
				picked.add(port);
				return port;
			});

			try (RunningService running = service.start()) {
				assertThat(picked).hasSizeGreaterThanOrEqualTo(2).startsWith(taken);
				assertThat(running.port()).isEqualTo(picked.getLast());
				assertThat(readinessStatus(running)).isEqualTo(200);
			}
		}
		finally {
			squatter.stop(0);
		}
	}

	@Test
	void startWhenEveryPickedPortIsTakenShouldGiveUpAfterThreeLaunches() throws Exception {
		HttpServer squatter = answering(404, Duration.ZERO);
		try {
			AtomicInteger picks = new AtomicInteger();
			JvmService service = tiny("squatted-everywhere").pickPortsWith(() -> {
				picks.incrementAndGet();
				return squatter.getAddress().getPort();
			});

			assertThatExceptionOfType(ServiceStartException.class).isThrownBy(service::start)
				.withMessageContaining("Service 'squatted-everywhere' exited with code 1 before it was ready")
				.withMessageContaining("Address already in use");
			assertThat(picks).hasValue(JvmService.PORT_ATTEMPTS);
		}
		finally {
			squatter.stop(0);
		}
	}

	@Test
	void commandShouldRunAnyProgramAndProbeThePortItReports() throws Exception {
		JvmService command = JvmService
			.command("tiny-command",
					List.of(JAVA, "-Xmx32m", "-cp", testClasses().toString(), TinyService.class.getName()))
			.args("--server.port=0", this.marker)
			.reportsPort()
			.logFile(this.logs.resolve("tiny-command.log"));

		try (RunningService service = command.start()) {
			assertThat(readinessStatus(service)).isEqualTo(200);
			assertThat(service.handle().info().command())
				.hasValueSatisfying((program) -> assertThat(program).endsWith("java"));
			assertThat(service.logFile()).content().contains("listening on " + service.port());
		}
	}

	@Test
	void startWhenThePortIsTakenShouldFailWithoutLaunching() throws Exception {
		try (ServerSocket squatter = new ServerSocket()) {
			squatter.bind(new InetSocketAddress(FreePort.LOOPBACK, 0));

			assertThatExceptionOfType(ServiceStartException.class)
				.isThrownBy(() -> tiny("squatted").port(squatter.getLocalPort()).start())
				.withMessageContaining("port " + squatter.getLocalPort() + " is already in use");
		}
	}

	@Test
	void startShouldPassTheEnvironmentToTheService() {
		JvmService greeter = tiny("env").env("FLUXBENCH_GREETING", "hello").args("--print-env=FLUXBENCH_GREETING");

		try (RunningService service = greeter.start()) {
			assertThat(service.logTail(5)).contains("FLUXBENCH_GREETING=hello");
		}
	}

	@Test
	void startWithCpusShouldPinTheJvmWhereTasksetExists() throws Exception {
		try (RunningService service = tiny("pinned").cpus("0").start()) {
			String allowed = Files.readAllLines(Path.of("/proc", String.valueOf(service.pid()), "status"))
				.stream()
				.filter((line) -> line.startsWith("Cpus_allowed_list:"))
				.findFirst()
				.orElseThrow();

			if (service.spec().pinned()) {
				assertThat(allowed).endsWith("\t0");
			}
			else {
				assertThat(service.handle().info().command())
					.hasValueSatisfying((command) -> assertThat(command).endsWith("java"));
			}
		}
	}

	@Test
	void stopShouldLeaveNoProcessAliveAndNothingListeningOnThePort() {
		RunningService service = tiny("with-child").args("--spawn-child").start();
		ProcessHandle jvm = service.handle();
		List<ProcessHandle> children = jvm.descendants().toList();
		assertThat(children).as("the sleep the service spawned").isNotEmpty();

		service.stop();

		assertThat(jvm.isAlive()).isFalse();
		assertThat(children).noneMatch(ProcessHandle::isAlive);
		// Not FreePort.isFree: the port is an ephemeral one, which any process's next
		// outgoing connection may take as its own end; a refused connection shows the
		// listener is gone.
		assertThat(TinyService.accepts(service.port())).isFalse();
		assertThat(ServiceRegistry.running()).doesNotContain(service.process());
	}

	@Test
	void stopWhenSigtermIsIgnoredShouldKillOnceTheGraceIsOver() {
		Duration grace = Duration.ofSeconds(1);
		RunningService service = tiny("stubborn").args("--ignore-sigterm").stopGrace(grace).start();
		long stopping = System.nanoTime();

		service.stop();

		assertThat(Duration.ofNanos(System.nanoTime() - stopping)).isBetween(grace, grace.plus(STOP_SLACK));
		assertThat(service.isAlive()).isFalse();
		assertThat(service.exitCode()).hasValue(137);
	}

	@Test
	void stopWhenAlreadyStoppedShouldDoNothing() {
		RunningService service = tiny("twice").start();
		try (service) {
			assertThat(service.isAlive()).isTrue();
		}

		service.stop();

		assertThat(service.isAlive()).isFalse();
		assertThat(service.exitCode()).isPresent();
	}

	@Test
	void stopAllShouldStopEveryServiceStillRunning() {
		RunningService first = tiny("first").start();
		RunningService second = tiny("second").start();

		ServiceRegistry.stopAll();

		assertThat(first.isAlive()).isFalse();
		assertThat(second.isAlive()).isFalse();
		assertThat(ServiceRegistry.running()).doesNotContain(first.process(), second.process());
	}

	private JvmService tiny(String name) {
		return JvmService.mainClass(name, List.of(testClasses()), TinyService.class.getName())
			// A tiny heap and C1 only: these JVMs live for a second.
			.jvmFlags("-Xmx32m", "-XX:TieredStopAtLevel=1", "-Xshare:auto")
			.args(this.marker)
			.reportsPort()
			.logFile(this.logs.resolve(name + ".log"))
			// Far past the default: on a loaded machine, JVMs start slowly, and no test
			// here is about that.
			.readyTimeout(Duration.ofMinutes(5))
			.stopGrace(Duration.ofSeconds(5));
	}

	/**
	 * A server on a port of its own that answers every request with this status, after
	 * this delay.
	 */
	private static HttpServer answering(int status, Duration delay) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(FreePort.LOOPBACK, 0), 0);
		server.createContext("/", (exchange) -> {
			try {
				// The latency of the service it stands for, not a wait for anything.
				Thread.sleep(delay);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			exchange.sendResponseHeaders(status, -1);
			exchange.close();
		});
		server.start();
		return server;
	}

	/**
	 * The pid a shell service logged as {@code pid N}, before it exec'd into the program
	 * it runs.
	 */
	private static long loggedPid(Path log) {
		return LogTail.lastLines(log, 5)
			.stream()
			.filter((line) -> line.startsWith("pid "))
			.map((line) -> Long.parseLong(line.split(" ")[1]))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no pid in " + log));
	}

	private static Path testClasses() {
		try {
			return Path.of(TinyService.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private List<ProcessHandle> survivors() {
		return ProcessHandle.allProcesses()
			.filter((process) -> process.info().arguments().map(List::of).orElse(List.of()).contains(this.marker))
			.filter(ProcessHandle::isAlive)
			.toList();
	}

	private static int readinessStatus(RunningService service) throws Exception {
		try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
			return client
				.send(HttpRequest.newBuilder(service.uri("/actuator/health/readiness")).build(),
						BodyHandlers.discarding())
				.statusCode();
		}
	}

	/**
	 * The starts that wait out their whole timeout. The timeout has to cover a JVM's
	 * start on a busy machine, so each wait is long, and a wait uses no CPU: these run
	 * side by side, while the outer tests run one at a time. Nothing else runs meanwhile,
	 * so no {@link ServiceRegistry#stopAll()} can stop their services from under them.
	 */
	@Nested
	class Timeouts {

		@Test
		@Execution(ExecutionMode.CONCURRENT)
		void startWhenNeverReadyShouldGiveUpAfterTheTimeoutAndStopTheService() throws Exception {
			// A service JVM can take seconds to start on a busy machine, and would be
			// refused
			// rather than answer 503 until then. This service is a shell that reports the
			// port of a server the test runs already, so that every probe gets 503; the
			// timeout only has to cover the supervisor's start, which is small but still
			// a
			// JVM's. The server takes its time to answer, as a busy service does, so that
			// the
			// last probe, which the deadline cuts short, most often times out.
			HttpServer unready = answering(503, Duration.ofMillis(300));
			try {
				int port = unready.getAddress().getPort();
				JvmService neverReady = JvmService
					.command("never-ready",
							List.of("sh", "-c",
									"echo \"pid $$ listening on $1\"; printf %s \"$1\" > \"$PORTFILE\"; exec sleep 600",
									RunningServiceTests.this.marker, String.valueOf(port)))
					.reportsPort()
					.readyTimeout(TIMEOUT)
					.logFile(RunningServiceTests.this.logs.resolve("never-ready.log"));

				assertThatExceptionOfType(ServiceStartException.class).isThrownBy(neverReady::start)
					.withMessageContaining("Service 'never-ready' was not ready within " + TIMEOUT)
					.withMessageContaining("last gave status 503")
					.withMessageContaining("listening on " + port);
				assertThat(ProcessHandle.of(loggedPid(RunningServiceTests.this.logs.resolve("never-ready.log")))
					.filter(ProcessHandle::isAlive)).isEmpty();
			}
			finally {
				unready.stop(0);
			}
		}

		@Test
		@Execution(ExecutionMode.CONCURRENT)
		void startWhenAJvmIsNeverReadyShouldLeaveItsThreadDumpInTheLog() throws Exception {
			JvmService neverReady = tiny("never-ready-jvm").args("--ready-after=PT1H").readyTimeout(TIMEOUT);

			assertThatExceptionOfType(ServiceStartException.class).isThrownBy(neverReady::start)
				.withMessageContaining("Service 'never-ready-jvm' was not ready within " + TIMEOUT);
			assertThat(RunningServiceTests.this.logs.resolve("never-ready-jvm.log"))
				.content(StandardCharsets.ISO_8859_1)
				.contains("Full thread dump", "\"Reference Handler\"", "JNI global refs");
		}

		@Test
		@Execution(ExecutionMode.CONCURRENT)
		void startWhenNoPortIsReportedShouldGiveUpAfterTheTimeoutAndStopTheService() {
			JvmService silent = JvmService
				.command("silent",
						List.of("sh", "-c", "echo \"pid $$\"; exec sleep 600", RunningServiceTests.this.marker))
				.reportsPort()
				.readyTimeout(TIMEOUT)
				.logFile(RunningServiceTests.this.logs.resolve("silent.log"));

			assertThatExceptionOfType(ServiceStartException.class).isThrownBy(silent::start)
				.withMessageContaining("Service 'silent' did not report its port within " + TIMEOUT)
				.withMessageContaining("which PORTFILE names, holds no port");
			assertThat(ProcessHandle.of(loggedPid(RunningServiceTests.this.logs.resolve("silent.log")))
				.filter(ProcessHandle::isAlive)).isEmpty();
		}

	}

}

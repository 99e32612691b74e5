package dev.fluxbench.launcher;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * A Java service to run as a child JVM: what to launch and how, before anything runs. Immutable:
 * each fluent method returns a copy, so one definition can be the base of several runs.
 *
 * <pre>{@code
 * try (RunningService mvc = JvmService.jar("mvc", Path.of("apps/mvc/target/fluxbench-mvc.jar"))
 *         .jvmFlags("-Xmx256m", "-XX:+UseSerialGC")
 *         .args("--spring.profiles.active=vt")
 *         .cpus("0")
 *         .logFile(Path.of("target/mvc.log"))
 *         .start()) {
 *     // mvc.baseUri() answers /actuator/health/readiness with 200
 * }
 * }</pre>
 *
 * The service is told its port with {@code --server.port=N}, appended after the other arguments;
 * without {@link #port(int)} it gets a {@linkplain FreePort#find() free port}.
 * <p>
 * Every service runs under a small supervisor process, which stops it once this JVM is gone, even
 * when this JVM was killed with SIGKILL.
 */
public final class JvmService {

	public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(60);

	public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(10);

	public static final String DEFAULT_READINESS_PATH = "/actuator/health/readiness";

	static final Path TASKSET = Path.of("/usr/bin/taskset");

	private final String name;

	private final Launch launch;

	private final List<String> jvmFlags;

	private final List<String> args;

	private final Map<String, String> environment;

	private final String cpus;

	private final int port;

	private final Path logFile;

	private final Path java;

	private final String readinessPath;

	private final Duration readyTimeout;

	private final Duration stopGrace;

	private JvmService(String name, Launch launch, List<String> jvmFlags, List<String> args,
			Map<String, String> environment, String cpus, int port, Path logFile, Path java, String readinessPath,
			Duration readyTimeout, Duration stopGrace) {
		this.name = name;
		this.launch = launch;
		this.jvmFlags = List.copyOf(jvmFlags);
		this.args = List.copyOf(args);
		this.environment = Map.copyOf(environment);
		this.cpus = cpus;
		this.port = port;
		this.logFile = logFile;
		this.java = java;
		this.readinessPath = readinessPath;
		this.readyTimeout = readyTimeout;
		this.stopGrace = stopGrace;
	}

	/** A service packaged as an executable jar, run with {@code java -jar}. */
	public static JvmService jar(String name, Path jar) {
		return create(name, new Launch.Jar(Objects.requireNonNull(jar, "jar")));
	}

	/**
	 * A service run from a class path, such as a test class with a {@code main} in
	 * {@code target/test-classes}.
	 */
	public static JvmService mainClass(String name, List<Path> classpath, String mainClass) {
		if (classpath.isEmpty()) {
			throw new IllegalArgumentException("The class path of service '" + name + "' is empty");
		}
		return create(name, new Launch.MainClass(List.copyOf(classpath), Objects.requireNonNull(mainClass)));
	}

	private static JvmService create(String name, Launch launch) {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("A service needs a name: it labels its log and its errors");
		}
		return new JvmService(name, launch, List.of(), List.of(), Map.of(), null, 0, null,
				Path.of(System.getProperty("java.home"), "bin", "java"), DEFAULT_READINESS_PATH, DEFAULT_READY_TIMEOUT,
				DEFAULT_STOP_GRACE);
	}

	/** Adds JVM options, placed before {@code -jar} or the main class. */
	public JvmService jvmFlags(String... flags) {
		return jvmFlags(List.of(flags));
	}

	/** Adds JVM options, placed before {@code -jar} or the main class. */
	public JvmService jvmFlags(List<String> flags) {
		return new JvmService(this.name, this.launch, concat(this.jvmFlags, flags), this.args, this.environment,
				this.cpus, this.port, this.logFile, this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/** Adds application arguments, passed after the jar or the main class. */
	public JvmService args(String... args) {
		return args(List.of(args));
	}

	/** Adds application arguments, passed after the jar or the main class. */
	public JvmService args(List<String> args) {
		return new JvmService(this.name, this.launch, this.jvmFlags, concat(this.args, args), this.environment,
				this.cpus, this.port, this.logFile, this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/** Sets an environment variable on top of the environment this JVM inherited. */
	public JvmService env(String variable, String value) {
		Map<String, String> environment = new LinkedHashMap<>(this.environment);
		environment.put(Objects.requireNonNull(variable), Objects.requireNonNull(value));
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, environment, this.cpus, this.port,
				this.logFile, this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/**
	 * Pins the service, and not its supervisor, to these CPUs, in {@code taskset -c} syntax
	 * ({@code "0"}, {@code "0,1"}, {@code "2-3"}). Ignored where {@code /usr/bin/taskset} does not
	 * exist, so that a run still works on a laptop; {@link #pinned()} tells whether it applies.
	 */
	public JvmService cpus(String cpuList) {
		if (cpuList == null || !cpuList.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
			throw new IllegalArgumentException("Not a taskset CPU list: '" + cpuList + "'");
		}
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, cpuList, this.port,
				this.logFile, this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/** Runs on this port instead of a free one. */
	public JvmService port(int port) {
		if (port < 1 || port > 65_535) {
			throw new IllegalArgumentException("Not a TCP port: " + port);
		}
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus, port,
				this.logFile, this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/**
	 * Where the service's stdout and stderr go, truncated at start. Without it, a temporary file.
	 */
	public JvmService logFile(Path logFile) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus,
				this.port, Objects.requireNonNull(logFile), this.java, this.readinessPath, this.readyTimeout,
				this.stopGrace);
	}

	/** The {@code java} launcher to use; by default the one running this JVM. */
	public JvmService java(Path java) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus,
				this.port, this.logFile, Objects.requireNonNull(java), this.readinessPath, this.readyTimeout,
				this.stopGrace);
	}

	/** The path that answers 200 once the service takes traffic; by default Spring Boot's readiness probe. */
	public JvmService readinessPath(String path) {
		if (path == null || !path.startsWith("/")) {
			throw new IllegalArgumentException("A readiness path starts with '/': '" + path + "'");
		}
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus,
				this.port, this.logFile, this.java, path, this.readyTimeout, this.stopGrace);
	}

	/** How long {@link #start()} waits for readiness before it gives up; 60 s by default. */
	public JvmService readyTimeout(Duration timeout) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus,
				this.port, this.logFile, this.java, this.readinessPath, positive(timeout, "ready timeout"),
				this.stopGrace);
	}

	/** How long {@link RunningService#stop()} waits after SIGTERM before it kills; 10 s by default. */
	public JvmService stopGrace(Duration grace) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus,
				this.port, this.logFile, this.java, this.readinessPath, this.readyTimeout, positive(grace, "stop grace"));
	}

	public String name() {
		return this.name;
	}

	public List<String> jvmFlags() {
		return this.jvmFlags;
	}

	public List<String> args() {
		return this.args;
	}

	public Map<String, String> environment() {
		return this.environment;
	}

	public Optional<String> cpus() {
		return Optional.ofNullable(this.cpus);
	}

	public OptionalInt port() {
		return (this.port != 0) ? OptionalInt.of(this.port) : OptionalInt.empty();
	}

	public Optional<Path> logFile() {
		return Optional.ofNullable(this.logFile);
	}

	public String readinessPath() {
		return this.readinessPath;
	}

	public Duration readyTimeout() {
		return this.readyTimeout;
	}

	public Duration stopGrace() {
		return this.stopGrace;
	}

	/** Whether {@link #cpus(String)} takes effect on this machine. */
	public boolean pinned() {
		return this.cpus != null && Files.isExecutable(TASKSET);
	}

	/**
	 * Launches the JVM and waits until its readiness path answers 200.
	 * @throws ServiceStartException if the port is taken, the jar is missing, or the service
	 * exits or is not ready in time; the process is stopped by then
	 */
	public RunningService start() {
		this.launch.check(this.name);
		int port = (this.port != 0) ? this.port : FreePort.find();
		if (!FreePort.isFree(port)) {
			throw new ServiceStartException(this.name, "cannot start: port " + port + " is already in use.");
		}
		// The ready timeout covers all of it, from the supervisor's start to the probe's 200.
		long deadline = System.nanoTime() + this.readyTimeout.toNanos();
		Path log = prepareLogFile();
		ServiceProcess process = ServiceProcess.launch(this.name, command(port), this.environment, log, this.stopGrace,
				deadline, this.readyTimeout);
		try {
			RunningService service = new RunningService(this, process, port, log);
			Readiness.await(service, this.readinessPath, deadline, this.readyTimeout);
			return service;
		}
		catch (RuntimeException ex) {
			process.stop();
			throw ex;
		}
	}

	/**
	 * The service's command line for this port, which its supervisor runs:
	 * {@code [taskset -c CPUS] java FLAGS (-jar JAR | -cp CP MAIN) ARGS --server.port=N}.
	 */
	List<String> command(int port) {
		List<String> command = new ArrayList<>();
		if (pinned()) {
			// taskset execs the service, so the supervisor's child is the service itself, and only
			// the service is pinned, not its supervisor.
			command.addAll(List.of(TASKSET.toString(), "-c", this.cpus));
		}
		command.add(this.java.toString());
		command.addAll(this.jvmFlags);
		command.addAll(this.launch.arguments());
		command.addAll(this.args);
		command.add("--server.port=" + port);
		return List.copyOf(command);
	}

	private Path prepareLogFile() {
		try {
			if (this.logFile == null) {
				return Files.createTempFile("fluxbench-" + this.name.replaceAll("[^A-Za-z0-9._-]", "_") + "-", ".log");
			}
			Path parent = this.logFile.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			return this.logFile;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create the log file of service '" + this.name + "'", ex);
		}
	}

	private static Duration positive(Duration duration, String what) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException("The " + what + " must be positive: " + duration);
		}
		return duration;
	}

	private static List<String> concat(List<String> first, List<String> second) {
		return Stream.concat(first.stream(), second.stream()).map(Objects::requireNonNull).toList();
	}

	@Override
	public String toString() {
		return this.name + " " + this.launch;
	}

	/** How the JVM finds the service's code. */
	private sealed interface Launch {

		List<String> arguments();

		void check(String serviceName);

		record Jar(Path jar) implements Launch {

			@Override
			public List<String> arguments() {
				return List.of("-jar", this.jar.toString());
			}

			@Override
			public void check(String serviceName) {
				if (!Files.isRegularFile(this.jar)) {
					throw new ServiceStartException(serviceName,
							"cannot start: its jar " + this.jar.toAbsolutePath().normalize() + " does not exist. Build it first.");
				}
			}

			@Override
			public String toString() {
				return "-jar " + this.jar;
			}

		}

		record MainClass(List<Path> classpath, String mainClass) implements Launch {

			@Override
			public List<String> arguments() {
				return List.of("-cp", classpathString(), this.mainClass);
			}

			@Override
			public void check(String serviceName) {
				// A missing entry is legal on a class path; a wrong main class shows in the log.
			}

			private String classpathString() {
				return String.join(File.pathSeparator, this.classpath.stream().map(Path::toString).toList());
			}

			@Override
			public String toString() {
				return "-cp " + classpathString() + " " + this.mainClass;
			}

		}

	}

}

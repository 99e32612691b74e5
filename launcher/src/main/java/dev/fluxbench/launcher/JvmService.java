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
import java.util.function.IntSupplier;
import java.util.stream.Stream;

/**
 * A Java service to run as a child JVM, or a program of its own, such as nginx: what to
 * launch and how, before anything runs. Immutable: each fluent method returns a copy, so
 * one definition can be the base of several runs.
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
 * A Java service is told its port with {@code --server.port=N}, appended after the other
 * arguments. Without {@link #port(int)}, the launcher picks a {@linkplain FreePort#find()
 * free port}; since nothing holds that port until the service binds it, another process
 * may take it in between, and then the launcher starts the service again on another one.
 * With {@link #reportsPort()} the service binds port 0 and reports the port it got, which
 * cannot race.
 * <p>
 * Every service runs under a small supervisor process, which stops it once this JVM is
 * gone, even when this JVM was killed with SIGKILL.
 */
public final class JvmService {

	public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(60);

	public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(10);

	public static final String DEFAULT_READINESS_PATH = "/actuator/health/readiness";

	static final Path TASKSET = Path.of("/usr/bin/taskset");

	/**
	 * Launches on picked ports before giving up. One collision is already rare: it takes
	 * another process binding the very port between the pick and the service's bind.
	 */
	static final int PORT_ATTEMPTS = 3;

	private final String name;

	private final Launch launch;

	private final List<String> jvmFlags;

	private final List<String> args;

	private final Map<String, String> environment;

	private final String cpus;

	private final Port port;

	private final Path logFile;

	private final Path java;

	private final String readinessPath;

	private final Duration readyTimeout;

	private final Duration stopGrace;

	private JvmService(String name, Launch launch, List<String> jvmFlags, List<String> args,
			Map<String, String> environment, String cpus, Port port, Path logFile, Path java, String readinessPath,
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

	/**
	 * A service that is a program of its own, such as nginx or Prometheus, run with these
	 * arguments and those of {@link #args(String...)}, and nothing appended: its
	 * arguments or its configuration say where it listens. Declare that port with
	 * {@link #port(int)}, or let the program write it to a file with
	 * {@link #reportsPort()}.
	 */
	public static JvmService command(String name, List<String> command) {
		if (command.isEmpty()) {
			throw new IllegalArgumentException("The command of service '" + name + "' is empty");
		}
		return create(name, new Launch.Command(command.stream().map(Objects::requireNonNull).toList()));
	}

	private static JvmService create(String name, Launch launch) {
		if (name == null || name.isBlank()) {
			throw new IllegalArgumentException("A service needs a name: it labels its log and its errors");
		}
		return new JvmService(name, launch, List.of(), List.of(), Map.of(), null, new Port.Picked(FreePort::find), null,
				Path.of(System.getProperty("java.home"), "bin", "java"), DEFAULT_READINESS_PATH, DEFAULT_READY_TIMEOUT,
				DEFAULT_STOP_GRACE);
	}

	/** Adds JVM options, placed before {@code -jar} or the main class. */
	public JvmService jvmFlags(String... flags) {
		return jvmFlags(List.of(flags));
	}

	/**
	 * Adds JVM options, placed before {@code -jar} or the main class.
	 * @throws IllegalStateException for a {@linkplain #command(String, List) command},
	 * which is no JVM
	 */
	public JvmService jvmFlags(List<String> flags) {
		if (this.launch instanceof Launch.Command && !flags.isEmpty()) {
			throw new IllegalStateException(
					"Service '" + this.name + "' runs a command, not a JVM: put " + flags + " in its arguments");
		}
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
	 * Pins the service, and not its supervisor, to these CPUs, in {@code taskset -c}
	 * syntax ({@code "0"}, {@code "0,1"}, {@code "2-3"}). Ignored where
	 * {@code /usr/bin/taskset} does not exist, so that a run still works on a laptop;
	 * {@link #pinned()} tells whether it applies.
	 */
	public JvmService cpus(String cpuList) {
		if (cpuList == null || !cpuList.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
			throw new IllegalArgumentException("Not a taskset CPU list: '" + cpuList + "'");
		}
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, cpuList, this.port,
				this.logFile, this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/** Runs on this port instead of a free one; {@link #start()} fails if it is taken. */
	public JvmService port(int port) {
		if (port < 1 || port > 65_535) {
			throw new IllegalArgumentException("Not a TCP port: " + port);
		}
		return withPort(new Port.Fixed(port));
	}

	/**
	 * Lets the service choose its port, so that no other process can take it between a
	 * choice and a bind. A Java service is started with {@code --server.port=0}; every
	 * service finds in the {@code PORTFILE} environment variable the file to write the
	 * port it listens on to, digits alone, in one write. That is what Spring Boot's
	 * {@code WebServerPortFileWriter} does once an application registers it.
	 */
	public JvmService reportsPort() {
		return withPort(new Port.Reported());
	}

	/** Where picked ports come from, so that a test can hand out a taken one. */
	JvmService pickPortsWith(IntSupplier picker) {
		return withPort(new Port.Picked(Objects.requireNonNull(picker)));
	}

	private JvmService withPort(Port port) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus, port,
				this.logFile, this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/**
	 * Where the service's stdout and stderr go, truncated at start. Without it, a
	 * temporary file.
	 */
	public JvmService logFile(Path logFile) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus, this.port,
				Objects.requireNonNull(logFile), this.java, this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/**
	 * The {@code java} launcher to use; by default the one running this JVM. A command
	 * has none.
	 */
	public JvmService java(Path java) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus, this.port,
				this.logFile, Objects.requireNonNull(java), this.readinessPath, this.readyTimeout, this.stopGrace);
	}

	/**
	 * The path that answers 200 once the service takes traffic; by default Spring Boot's
	 * readiness probe.
	 */
	public JvmService readinessPath(String path) {
		if (path == null || !path.startsWith("/")) {
			throw new IllegalArgumentException("A readiness path starts with '/': '" + path + "'");
		}
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus, this.port,
				this.logFile, this.java, path, this.readyTimeout, this.stopGrace);
	}

	/**
	 * How long {@link #start()} waits for readiness before it gives up; 60 s by default.
	 */
	public JvmService readyTimeout(Duration timeout) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus, this.port,
				this.logFile, this.java, this.readinessPath, positive(timeout, "ready timeout"), this.stopGrace);
	}

	/**
	 * How long {@link RunningService#stop()} waits after SIGTERM before it kills; 10 s by
	 * default.
	 */
	public JvmService stopGrace(Duration grace) {
		return new JvmService(this.name, this.launch, this.jvmFlags, this.args, this.environment, this.cpus, this.port,
				this.logFile, this.java, this.readinessPath, this.readyTimeout, positive(grace, "stop grace"));
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

	/**
	 * The port set with {@link #port(int)}; empty when the launcher picks one or the
	 * service reports it.
	 */
	public OptionalInt port() {
		return (this.port instanceof Port.Fixed(int number)) ? OptionalInt.of(number) : OptionalInt.empty();
	}

	/**
	 * Whether the service chooses its port and reports it, see {@link #reportsPort()}.
	 */
	public boolean portReported() {
		return this.port instanceof Port.Reported;
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
	 * Launches the service and waits until its readiness path answers 200.
	 * @throws ServiceStartException if the port is taken, the jar is missing, or the
	 * service exits or is not ready in time; the process is stopped by then
	 */
	public RunningService start() {
		this.launch.check(this.name);
		return switch (this.port) {
			case Port.Fixed(int number) -> {
				if (!FreePort.isFree(number)) {
					throw new ServiceStartException(this.name, "cannot start: port " + number + " is already in use.");
				}
				yield launch(number);
			}
			case Port.Reported reported -> launch(0);
			case Port.Picked(IntSupplier picker) -> launchOnPickedPorts(picker);
		};
	}

	private RunningService launchOnPickedPorts(IntSupplier picker) {
		if (this.launch instanceof Launch.Command) {
			throw new IllegalStateException("Service '" + this.name
					+ "' runs a command, which is told no port: give it "
					+ "one in its arguments and declare it with port(int), or let it report its own with reportsPort()");
		}
		for (int attempt = 1;; attempt++) {
			try {
				return launch(picker.getAsInt());
			}
			catch (ServiceStartException ex) {
				if (!ex.portTaken() || attempt == PORT_ATTEMPTS) {
					throw ex;
				}
			}
		}
	}

	/**
	 * One launch on this port, 0 for a service that reports its own. The ready timeout
	 * covers all of it, from the supervisor's start to the probe's 200.
	 */
	private RunningService launch(int port) {
		long deadline = System.nanoTime() + this.readyTimeout.toNanos();
		Path log = prepareLogFile();
		Map<String, String> environment = new LinkedHashMap<>(this.environment);
		Path portFile = null;
		if (portReported()) {
			portFile = ServiceProcess.createTempFile(this.name, ".port");
			environment.put(Readiness.PORT_FILE_VARIABLE, portFile.toString());
		}
		ServiceProcess process = ServiceProcess.launch(this.name, commandLine(port), environment, log, this.stopGrace,
				deadline, this.readyTimeout);
		try {
			int actualPort = (portFile != null)
					? Readiness.awaitReportedPort(process, portFile, log, deadline, this.readyTimeout) : port;
			RunningService service = new RunningService(this, process, actualPort, log);
			Readiness.await(service, this.readinessPath, deadline, this.readyTimeout);
			return service;
		}
		catch (RuntimeException ex) {
			process.stop();
			throw ex;
		}
		finally {
			if (portFile != null) {
				ServiceProcess.delete(portFile);
			}
		}
	}

	/**
	 * The service's command line for this port, which its supervisor runs:
	 * {@code [taskset -c CPUS] java FLAGS (-jar JAR | -cp CP MAIN) ARGS --server.port=N},
	 * or {@code [taskset -c CPUS] COMMAND ARGS}.
	 */
	List<String> commandLine(int port) {
		List<String> command = new ArrayList<>();
		if (pinned()) {
			// taskset execs the service, so the supervisor's child is the service itself,
			// and only the service is pinned, not its supervisor.
			command.addAll(List.of(TASKSET.toString(), "-c", this.cpus));
		}
		if (this.launch instanceof Launch.Command) {
			command.addAll(this.launch.arguments());
			command.addAll(this.args);
			return List.copyOf(command);
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

	/** Where the port comes from. */
	private sealed interface Port {

		/** Set by the caller. */
		record Fixed(int number) implements Port {
		}

		/**
		 * Picked by the launcher, told to the service, and picked again if someone else
		 * took it.
		 */
		record Picked(IntSupplier picker) implements Port {
		}

		/** Chosen by the service, which writes it to the port file. */
		record Reported() implements Port {
		}

	}

	/** How the service's code is found. */
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
					throw new ServiceStartException(serviceName, "cannot start: its jar "
							+ this.jar.toAbsolutePath().normalize() + " does not exist. Build it first.");
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
				// A missing entry is legal on a class path; a wrong main class shows in
				// the log.
			}

			private String classpathString() {
				return String.join(File.pathSeparator, this.classpath.stream().map(Path::toString).toList());
			}

			@Override
			public String toString() {
				return "-cp " + classpathString() + " " + this.mainClass;
			}

		}

		record Command(List<String> command) implements Launch {

			@Override
			public List<String> arguments() {
				return this.command;
			}

			@Override
			public void check(String serviceName) {
				// A program is looked up on the PATH; one that is not found shows in the
				// log.
			}

			@Override
			public String toString() {
				return String.join(" ", this.command);
			}

		}

	}

}

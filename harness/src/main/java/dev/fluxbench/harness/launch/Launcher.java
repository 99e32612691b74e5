package dev.fluxbench.harness.launch;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.launcher.BootJars;
import dev.fluxbench.launcher.FreePort;
import dev.fluxbench.launcher.JvmService;
import dev.fluxbench.launcher.RunningService;
import dev.fluxbench.launcher.ServiceStartException;

/**
 * Starts the downstream and the stacks as child JVMs through fluxbench-launcher, every
 * stack with the same JVM flags so that only the stack differs between them.
 *
 * @param projectRoot where {@code apps/} and {@code downstream/} are built
 * @param cpuLayout which cores each process may use
 * @param database what the stacks store artists in
 * @param maxInFlight each stack's {@code fluxbench.server.max-in-flight}: past it a
 * request is answered 503 overloaded; 0 leaves the stacks' own default, no limit
 * @param heap each stack's fixed heap, as {@code -Xmx} takes it ({@code 512m},
 * {@code 1g})
 * @param aotCache whether each stack starts from an AOT cache of its jar, trained once
 * per build ({@code --aot-cache}): starts cost about half the CPU, but the cache holds
 * the training's method profiles, so a stack warms up otherwise than its users' would
 */
public record Launcher(Path projectRoot, CpuLayout cpuLayout, Database database, int maxInFlight, String heap,
		boolean aotCache) {

	public static final Path DOWNSTREAM_JAR = Path.of("downstream/target/fluxbench-downstream.jar");

	public static final Path DIRECTORY_JAR = Path.of("ldap/target/fluxbench-ldap.jar");

	/** The stacks' heap unless a run sets another: the size the seeds' runs used. */
	public static final String DEFAULT_HEAP = "512m";

	private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[mMgG]");

	static final List<String> DOWNSTREAM_FLAGS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC",
			"--enable-native-access=ALL-UNNAMED");

	/**
	 * The directory answers one bind per authenticated request; it holds a few entries.
	 */
	static final List<String> DIRECTORY_FLAGS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseG1GC");

	/**
	 * Stacks must be gone within the harness' own 10 s budget after Ctrl-C: grace plus
	 * kill.
	 */
	static final Duration STOP_GRACE = Duration.ofSeconds(5);

	static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

	/** The JVM the stacks run on, as {@link JvmService} picks it: this one. */
	private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

	private static final String AOT_CACHE_FLAG = "-XX:AOTCache=";

	/**
	 * Every stack's module options. A JVM maps an AOT cache only under the module options
	 * it was trained with, so whoever trains one for a stack passes these too.
	 */
	public static final List<String> MODULE_OPTIONS = List.of("--enable-native-access=ALL-UNNAMED");

	/**
	 * How a stack starts to train its cache: alone, with nothing scheduled of its own.
	 */
	public static final List<String> TRAINING_ARGS = List.of("--fluxbench.ingestion.schedule=-", "--server.port=0");

	public Launcher {
		if (!isHeapSize(heap)) {
			throw new IllegalArgumentException("the heap must be a size such as 512m or 1g, not '" + heap + "'");
		}
	}

	/** Stacks started from their packaged jars, as their users start them. */
	public Launcher(Path projectRoot, CpuLayout cpuLayout, Database database, int maxInFlight, String heap) {
		this(projectRoot, cpuLayout, database, maxInFlight, heap, false);
	}

	/** Whether this JVM can train the caches that {@code --aot-cache} starts from. */
	public static boolean canUseAotCache() {
		return BootJars.canTrainAotCache(JAVA);
	}

	/** Whether {@code -Xmx} takes this size: megabytes or gigabytes, never 0. */
	public static boolean isHeapSize(String heap) {
		return HEAP.matcher(heap).matches();
	}

	/**
	 * Stacks without a limit on requests in flight and with the default heap, as the
	 * seeds ran them.
	 */
	public Launcher(Path projectRoot, CpuLayout cpuLayout, Database database) {
		this(projectRoot, cpuLayout, database, 0, DEFAULT_HEAP);
	}

	public Path jar(Stack stack) {
		return this.projectRoot.resolve(stack.jar());
	}

	public Path downstreamJar() {
		return this.projectRoot.resolve(DOWNSTREAM_JAR);
	}

	public Path directoryJar() {
		return this.projectRoot.resolve(DIRECTORY_JAR);
	}

	/**
	 * Fails with an {@link EnvironmentException} naming the first jar that was not built.
	 * @param stacks the stacks to run
	 * @param directory whether the LDAP directory must run too
	 */
	public void checkJars(List<Stack> stacks, boolean directory) {
		List<Path> jars = new ArrayList<>();
		jars.add(downstreamJar());
		if (directory) {
			jars.add(directoryJar());
		}
		stacks.forEach((stack) -> jars.add(jar(stack)));
		for (Path jar : jars) {
			if (!Files.isRegularFile(jar)) {
				throw new EnvironmentException("jar " + jar.toAbsolutePath().normalize()
						+ " is missing: build it with ./mvnw -B -q package -DskipTests");
			}
		}
	}

	/** The flags every stack gets, identical across stacks; recorded in run.json. */
	public List<String> appJvmFlags() {
		// A fixed heap, so no stack is measured while it grows its heap; G1 named
		// explicitly because on one pinned core the JVM would otherwise pick Serial for
		// some runs and G1 for others.
		List<String> flags = new ArrayList<>(List.of("-Xms" + this.heap, "-Xmx" + this.heap, "-XX:+UseG1GC"));
		flags.add("-XX:ActiveProcessorCount=" + this.cpuLayout.appCoreCount());
		flags.addAll(MODULE_OPTIONS);
		if (this.aotCache) {
			// Each stack maps the cache of its own jar, whose path differs from stack to
			// stack; this is how run.json says so.
			flags.add(AOT_CACHE_FLAG + "<its jar's own, trained once per build>");
		}
		return flags;
	}

	public RunningService startDownstream(int port, Path logFile) {
		if (port != 0 && !FreePort.isFree(port)) {
			throw new EnvironmentException("downstream port " + port + " is already in use");
		}
		JvmService downstream = JvmService.jar("downstream", downstreamJar())
			.jvmFlags(DOWNSTREAM_FLAGS)
			.logFile(logFile)
			.readyTimeout(READY_TIMEOUT)
			.stopGrace(STOP_GRACE);
		if (port != 0) {
			downstream = downstream.port(port);
		}
		if (this.cpuLayout.loadCpus().isPresent()) {
			downstream = downstream.cpus(this.cpuLayout.loadCpus().get());
		}
		return start(downstream);
	}

	/**
	 * Starts the LDAP directory the stacks authenticate against, next to the downstream:
	 * both serve the app under test, so neither may take its core.
	 */
	public RunningService startDirectory(int ldapPort, Path logFile) {
		JvmService directory = JvmService.jar("ldap", directoryJar())
			.jvmFlags(DIRECTORY_FLAGS)
			.args(List.of("--ldap.port=" + ldapPort))
			.logFile(logFile)
			.readyTimeout(READY_TIMEOUT)
			.stopGrace(STOP_GRACE);
		if (this.cpuLayout.loadCpus().isPresent()) {
			directory = directory.cpus(this.cpuLayout.loadCpus().get());
		}
		return start(directory);
	}

	/**
	 * Starts one stack.
	 * @param stack the stack or variant
	 * @param downstream the downstream's base URI: the passthrough's target and the
	 * partner's SOAP repository
	 * @param directory the LDAP URL, when the scenario authenticates
	 * @param logFile where the app's output goes
	 */
	public RunningService startStack(Stack stack, URI downstream, Optional<URI> directory, Path logFile) {
		List<String> args = new ArrayList<>(this.database.args(stack));
		args.add("--fluxbench.downstream.base-url=" + downstream);
		args.add("--fluxbench.partner-repository.base-url=" + downstream);
		args.add("--fluxbench.ingestion.base-url=" + downstream);
		// An ingestion that the schedule starts mid-load would be measured as the stack's
		// latency.
		args.add("--fluxbench.ingestion.schedule=-");
		args.add("--fluxbench.cache.mode=" + stack.cache().mode());
		if (stack.cache() == Stack.Cache.DISTRIBUTED) {
			args.addAll(Redis.LOCAL.args());
		}
		directory.ifPresent((url) -> args.add("--fluxbench.ldap.url=" + url));
		if (this.maxInFlight > 0) {
			args.add("--fluxbench.server.max-in-flight=" + this.maxInFlight);
		}
		List<String> flags = new ArrayList<>(appJvmFlags());
		Path jar = jar(stack);
		if (this.aotCache) {
			flags.removeIf((flag) -> flag.startsWith(AOT_CACHE_FLAG));
			BootJars.Prepared prepared = BootJars.prepare(JAVA, jar, true, flags, TRAINING_ARGS);
			jar = prepared.jar();
			flags.addAll(prepared.jvmFlags());
		}
		JvmService service = JvmService.jar(stack.id(), jar)
			.jvmFlags(flags)
			.args(args)
			.logFile(logFile)
			.readyTimeout(READY_TIMEOUT)
			.stopGrace(STOP_GRACE);
		if (this.cpuLayout.appCpus().isPresent()) {
			service = service.cpus(this.cpuLayout.appCpus().get());
		}
		return start(service);
	}

	private static RunningService start(JvmService service) {
		try {
			return service.start();
		}
		catch (ServiceStartException ex) {
			// The launcher's message ends with the service's log tail: the first line is
			// the reason.
			throw new EnvironmentException(ex.getMessage().lines().findFirst().orElse(ex.getMessage()) + " (log: "
					+ service.logFile().map(Path::toString).orElse("?") + ")", ex);
		}
	}

}

package dev.fluxbench.assess.rule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.Severity;
import dev.fluxbench.assess.config.ConfigEntry;
import dev.fluxbench.assess.project.Dependency;
import dev.fluxbench.assess.source.SourceFile;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;

/** What stands between a module and Spring MVC on virtual threads. */
final class VirtualThreadRules {

	/** JEP 491: from this release, synchronized no longer pins a virtual thread. */
	static final int JDK_WITHOUT_SYNCHRONIZED_PINNING = 24;

	private static final GenericVersionScheme VERSIONS = new GenericVersionScheme();

	private VirtualThreadRules() {
	}

	static List<Rule> all() {
		return List.of(new EnableVirtualThreads(), new SynchronizedBlocking(), new NativeFrames(),
				new ClassInitBlocking(), new ThreadLocalCache(), new FixedExecutor(), new PoolLimit(),
				new TomcatThreads(), new PinningLibrary());
	}

	static Version version(String text) {
		try {
			return VERSIONS.parseVersion(text);
		}
		catch (InvalidVersionSpecificationException ex) {
			throw new IllegalArgumentException(ex);
		}
	}

	static String describe(SourceFile.Call call) {
		String receiver = (call.receiverType() != null) ? Types.simpleName(call.receiverType()) : "";
		if (call.name().equals(SourceFile.CONSTRUCTOR)) {
			return "new " + receiver;
		}
		return receiver.isEmpty() ? call.name() + "()" : receiver + "." + call.name() + "()";
	}

	/** An MVC application on Boot 3.2+ that has not switched virtual threads on. */
	static final class EnableVirtualThreads extends BaseRule {

		EnableVirtualThreads() {
			super(RuleInfo.virtualThreads("vt.enable-virtual-threads", "Virtual threads are off", Severity.EFFORT,
					Effort.CONFIGURATION, "Spring Boot runs requests on platform threads until it is told otherwise.",
					"Set spring.threads.virtual.enabled=true, and spring.main.keep-alive=true since virtual threads"
							+ " are daemon threads."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			Optional<Dependency> boot = module.dependency("org.springframework.boot", "spring-boot");
			if (boot.isEmpty() || !module.has("org.springframework", "spring-webmvc")
					|| version(boot.get().version()).compareTo(version("3.2")) < 0) {
				return List.of();
			}
			if (module.setting("spring.threads.virtual.enabled")
				.filter((entry) -> entry.value().equalsIgnoreCase("true"))
				.isPresent()) {
				return List.of();
			}
			return List.of(finding(module,
					module.location(module.dependency("org.springframework", "spring-webmvc").orElseThrow()),
					"spring.threads.virtual.enabled is not set", info().severity(), info().effort(), null,
					"spring.threads.virtual.enabled=true", true));
		}

	}

	/** synchronized around a blocking call, which pins the carrier below JDK 24. */
	static final class SynchronizedBlocking extends BaseRule {

		SynchronizedBlocking() {
			super(RuleInfo.virtualThreads("vt.synchronized-blocking", "synchronized around blocking calls",
					Severity.EFFORT, Effort.LOCAL,
					"Below JDK 24 a virtual thread that blocks inside synchronized pins its carrier, and a few such"
							+ " threads stall all the others.",
					"Replace synchronized with a ReentrantLock there, or run on JDK 24+ (JEP 491)."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			if (module.jdk() >= JDK_WITHOUT_SYNCHRONIZED_PINNING) {
				return findings;
			}
			for (SourceFile file : module.sources()) {
				Map<Integer, List<SourceFile.Call>> byRegion = new LinkedHashMap<>();
				file.calls()
					.stream()
					.filter((call) -> call.synchronizedLine() > 0 && Types.blocking(call))
					.forEach((call) -> byRegion.computeIfAbsent(call.synchronizedLine(), (line) -> new ArrayList<>())
						.add(call));
				byRegion.forEach((line,
						calls) -> findings.add(finding(module, Location.file(file.path(), line),
								"synchronized around " + few(calls.stream().map(VirtualThreadRules::describe).toList()),
								info().severity(), info().effort(), null, "ReentrantLock, or JDK 24+", true)));
			}
			return findings;
		}

	}

	/** Native methods and library loading: a native frame pins on every JDK. */
	static final class NativeFrames extends BaseRule {

		NativeFrames() {
			super(RuleInfo.virtualThreads("vt.native-frames", "Native and JNI frames", Severity.EFFORT, Effort.LOCAL,
					"A virtual thread in a native frame (JNI, JNA, a foreign-function call) pins its carrier on"
							+ " every JDK.",
					"Keep native calls short, or run them on a small pool of platform threads."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (SourceFile file : module.sources()) {
				List<String> evidence = new ArrayList<>();
				int line = Integer.MAX_VALUE;
				for (int nativeLine : file.nativeLines()) {
					evidence.add("native method");
					line = Math.min(line, nativeLine);
				}
				for (SourceFile.Call call : file.calls()) {
					if (("loadLibrary".equals(call.name()) || "load".equals(call.name()))
							&& (call.on("java.lang.System") || call.on("java.lang.Runtime"))) {
						evidence.add("System." + call.name() + "()");
						line = Math.min(line, call.line());
					}
				}
				Optional<SourceFile.TypeUse> foreign = file
					.firstUse((type) -> Types.matches(type, List.of("com.sun.jna", "java.lang.foreign.Linker")));
				if (foreign.isPresent()) {
					evidence.add(Types.simpleName(foreign.get().type()));
					line = Math.min(line, foreign.get().line());
				}
				if (!evidence.isEmpty()) {
					findings.add(finding(module, Location.file(file.path(), line), few(evidence), info().severity(),
							info().effort(), null, "platform threads for native calls", true));
				}
			}
			return findings;
		}

	}

	/** Blocking while a class initialises, which pins on every JDK. */
	static final class ClassInitBlocking extends BaseRule {

		ClassInitBlocking() {
			super(RuleInfo.virtualThreads("vt.class-init-blocking", "Blocking during class initialisation",
					Severity.EFFORT, Effort.LOCAL,
					"A virtual thread that blocks while initialising a class pins its carrier, even on JDK 24+.",
					"Move the I/O out of static initialisers: do it at start-up or on first use."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (SourceFile file : module.sources()) {
				List<SourceFile.Call> calls = file.calls()
					.stream()
					.filter((call) -> call.classInit() && Types.blocking(call))
					.toList();
				if (!calls.isEmpty()) {
					findings.add(finding(module, Location.file(file.path(), calls.get(0).line()),
							"static initialiser calls "
									+ few(calls.stream().map(VirtualThreadRules::describe).toList()),
							info().severity(), info().effort(), null, null, null));
				}
			}
			return findings;
		}

	}

	/** A ThreadLocal with an initial value: a per-thread cache. */
	static final class ThreadLocalCache extends BaseRule {

		ThreadLocalCache() {
			super(RuleInfo.virtualThreads("vt.threadlocal-cache", "ThreadLocal caches that multiply per thread",
					Severity.EFFORT, Effort.LOCAL,
					"A ThreadLocal cache is built once per thread, and with a new virtual thread per request it"
							+ " is built on every request and multiplied in memory.",
					"Share one thread-safe instance (DateTimeFormatter rather than SimpleDateFormat), or pool"
							+ " explicitly."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (SourceFile file : module.sources()) {
				for (SourceFile.Field field : file.fields()) {
					boolean threadLocal = field.type().equals("java.lang.ThreadLocal")
							|| field.type().equals("java.lang.InheritableThreadLocal");
					String initializer = String.valueOf(field.initializer());
					boolean cache = initializer.endsWith("ThreadLocal.withInitial")
							|| initializer.endsWith("ThreadLocal {}") || initializer.endsWith(".getWithInitial")
							|| initializer.equals("withInitial");
					if (threadLocal && cache) {
						String cached = field.typeArguments().isEmpty() ? "a value"
								: Types.simpleName(field.typeArguments().get(0));
						findings.add(finding(module, Location.file(file.path(), field.line()),
								field.name() + " caches " + cached + " per thread", info().severity(), info().effort(),
								null, "a shared thread-safe instance", true));
					}
				}
			}
			return findings;
		}

	}

	/** Pools of platform threads that serve requests. */
	static final class FixedExecutor extends BaseRule {

		private static final Set<String> FACTORIES = Set.of("newFixedThreadPool", "newCachedThreadPool",
				"newSingleThreadExecutor", "newWorkStealingPool");

		private static final Set<String> POOLS = Set.of("java.util.concurrent.ThreadPoolExecutor",
				"java.util.concurrent.ForkJoinPool",
				"org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor");

		FixedExecutor() {
			super(RuleInfo.virtualThreads("vt.fixed-executor", "Fixed executors and thread pools", Severity.EFFORT,
					Effort.LOCAL,
					"A pool of platform threads caps concurrency at its size and moves the work off the request's"
							+ " virtual thread.",
					"Use Executors.newVirtualThreadPerTaskExecutor(), with a Semaphore where a limit is wanted."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (SourceFile file : module.sources()) {
				for (SourceFile.Call call : file.calls()) {
					boolean factory = call.on("java.util.concurrent.Executors") && FACTORIES.contains(call.name());
					boolean pool = call.name().equals(SourceFile.CONSTRUCTOR) && POOLS.contains(call.receiverType());
					if (factory || pool) {
						findings.add(finding(module, Location.file(file.path(), call.line()), describe(call),
								info().severity(), info().effort(), null, "Executors.newVirtualThreadPerTaskExecutor()",
								true));
					}
				}
			}
			return findings;
		}

	}

	/** A connection pool that becomes the only limit on concurrency. */
	static final class PoolLimit extends BaseRule {

		PoolLimit() {
			super(RuleInfo.virtualThreads("vt.pool-limit", "Pool sizes that become the only limit", Severity.EFFORT,
					Effort.CONFIGURATION,
					"With a virtual thread per request nothing limits concurrency but the pools, so requests pile"
							+ " up in memory waiting for a connection, as our boot2-passthrough run did until it ran"
							+ " out of heap.",
					"Bound concurrency before the pool (a Semaphore, server.tomcat.max-connections) and set a short"
							+ " acquire timeout."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			Optional<Dependency> hikari = module.dependency("com.zaxxer", "HikariCP");
			if (hikari.isPresent()) {
				Optional<ConfigEntry> size = module.setting("spring.datasource.hikari.maximum-pool-size");
				String evidence = size.map((entry) -> "HikariCP maximum-pool-size " + entry.value())
					.orElse("HikariCP " + hikari.get().version() + " at its default of 10 connections");
				Location location = size.map((entry) -> Location.file(entry.file(), entry.line()))
					.orElse(module.location(hikari.get()));
				findings.add(finding(module, location, evidence, info().severity(), info().effort(),
						"Bound concurrency before the pool (a Semaphore, server.tomcat.max-connections) and set"
								+ " spring.datasource.hikari.connection-timeout well below the request timeout.",
						null, null));
			}
			for (ConfigEntry entry : module.settings((key) -> key.endsWith(".pool.maxactive")
					|| key.endsWith(".pool.maxsize") && !key.startsWith("spring.r2dbc"))) {
				findings.add(finding(module, Location.file(entry.file(), entry.line()),
						entry.key() + " = " + entry.value(), info().severity(), info().effort(), null, null, null));
			}
			return findings;
		}

	}

	/** server.tomcat.threads.*, which virtual threads ignore. */
	static final class TomcatThreads extends BaseRule {

		TomcatThreads() {
			super(RuleInfo.virtualThreads("vt.tomcat-threads", "server.tomcat.threads.* no longer apply", Severity.NOTE,
					Effort.CONFIGURATION,
					"With virtual threads Tomcat starts a new virtual thread per request, so its thread-pool"
							+ " settings limit nothing.",
					"Remove them, and limit concurrency with server.tomcat.max-connections or a Semaphore."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			return module.settings((key) -> key.startsWith("server.tomcat.threads."))
				.stream()
				.map((entry) -> finding(module, Location.file(entry.file(), entry.line()),
						entry.key() + " = " + entry.value()))
				.toList();
		}

	}

	/** A library version with known pinning or deadlocks, from the data file. */
	static final class PinningLibrary extends BaseRule {

		private final List<KnownPinning.Entry> entries = KnownPinning.entries();

		PinningLibrary() {
			super(RuleInfo.virtualThreads("vt.pinning-library", "Libraries with known pinning or deadlock problems",
					Severity.BLOCKER, Effort.UPGRADE,
					"These library versions pin virtual threads or deadlock under them, whatever the application"
							+ " does.",
					"Upgrade to the version that fixes it, or run on a JDK that no longer pins there."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			for (KnownPinning.Entry entry : this.entries) {
				String[] coordinates = entry.artifact().split(":");
				Optional<Dependency> library = module.dependency(coordinates[0], coordinates[1]);
				if (library.isEmpty()) {
					continue;
				}
				Dependency dependency = library.get();
				if (entry.fixedIn() != null && version(dependency.version()).compareTo(version(entry.fixedIn())) >= 0) {
					continue;
				}
				boolean jdkFixes = entry.fixedByJdk() > 0 && module.jdk() >= entry.fixedByJdk();
				String action = (entry.fixedIn() != null)
						? "Upgrade " + entry.artifact() + " to " + entry.fixedIn() + " or later"
						: "No fixed version: replace the library";
				action += (entry.fixedByJdk() > 0) ? ", or run on JDK " + entry.fixedByJdk() + "+." : ".";
				findings.add(new Finding(info().id(), info().targets(), jdkFixes ? Severity.NOTE : entry.severity(),
						jdkFixes ? Effort.NONE : (entry.fixedIn() != null) ? Effort.UPGRADE : Effort.REWRITE,
						module.name(), module.location(dependency),
						dependency.artifactId() + " " + dependency.version()
								+ (jdkFixes ? " (JDK " + module.jdk() + " no longer pins here)" : ""),
						entry.problem() + " Source: " + entry.source(), action,
						(entry.fixedIn() != null) ? entry.artifact() + ":" + entry.fixedIn() : null,
						entry.fixedIn() != null));
			}
			return findings;
		}

	}

}

package dev.fluxbench.contract;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.fluxbench.launcher.BootJars;

/**
 * The jars under test. The build passes their paths as failsafe system properties; the
 * defaults are the same paths relative to this module, for a run from an IDE.
 */
enum App {

	MVC("apps/mvc/target/fluxbench-mvc.jar", true),

	WEBFLUX("apps/webflux/target/fluxbench-webflux.jar", true),

	/** Started once per run, and quickly: a training would cost more than it saves. */
	DOWNSTREAM("downstream/target/fluxbench-downstream.jar", false);

	private final String pathInRepository;

	/** Whether its stacks start often enough to pay for training an AOT cache. */
	private final boolean trained;

	/** Set once, by the first caller of {@link #prepared()}. */
	private Prepared prepared;

	App(String pathInRepository, boolean trained) {
		this.pathInRepository = pathInRepository;
		this.trained = trained;
	}

	/**
	 * Prepares every app at once: each preparation is mostly one thread, and the suite
	 * needs all of them before its first test.
	 */
	static void prepareAll() {
		try (ExecutorService executor = Executors.newFixedThreadPool(values().length)) {
			List<Future<Prepared>> preparations = Arrays.stream(values())
				.map((app) -> executor.submit(app::prepared))
				.toList();
			for (Future<Prepared> preparation : preparations) {
				preparation.get();
			}
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RuntimeException runtime) ? runtime
					: new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while preparing the apps", ex);
		}
	}

	/** The extracted jar to run. */
	Path jar() {
		return prepared().jar();
	}

	/** {@link Stacks#JVM_FLAGS}, and the AOT cache's flag when there is one. */
	List<String> jvmFlags() {
		return prepared().jvmFlags();
	}

	/**
	 * The packaged jar, extracted, and trained into an AOT cache on a JDK that can, once
	 * per build of it ({@link BootJars#prepare}): the harness' tests start the same jars
	 * from the same preparation. The apps run from the extracted copy because a rebuild
	 * during the run would replace the jar under their feet: a Boot jar reads its nested
	 * jars lazily, and a running app then fails with EOFException or
	 * NoClassDefFoundError. The suite starts each app's jar about a dozen times, and most
	 * of a start is loading and linking classes, which the cache does once.
	 */
	private synchronized Prepared prepared() {
		if (this.prepared == null) {
			Path java = Path.of(System.getProperty("java.home"), "bin", "java");
			// No ingestion of its own, as in every stack of the suite; the port is never
			// bound, since the training ends once the context is refreshed.
			BootJars.Prepared jar = BootJars.prepare(java, built(), this.trained, Stacks.JVM_FLAGS,
					List.of("--fluxbench.ingestion.schedule=-", "--server.port=0"));
			List<String> flags = new ArrayList<>(Stacks.JVM_FLAGS);
			flags.addAll(jar.jvmFlags());
			this.prepared = new Prepared(jar.jar(), List.copyOf(flags));
		}
		return this.prepared;
	}

	/**
	 * The jar the build packaged. A missing jar fails the run: skipping would let a
	 * broken build pass as green.
	 */
	private Path built() {
		String name = name().toLowerCase(Locale.ROOT);
		String property = "fluxbench.jar." + name;
		Path jar = Path.of(System.getProperty(property, "../" + this.pathInRepository)).toAbsolutePath().normalize();
		if (!Files.isRegularFile(jar)) {
			throw new IllegalStateException(
					"The " + name + " jar is missing: " + jar + " does not exist (system property " + property
							+ "). Package the apps first, for example with './mvnw -B verify' from the repository"
							+ " root, which builds them before the contract tests.");
		}
		return jar;
	}

	private record Prepared(Path jar, List<String> jvmFlags) {

	}

}

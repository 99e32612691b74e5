package dev.fluxbench.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The jars under test. The build passes their paths as failsafe system properties; the
 * defaults are the same paths relative to this module, for a run from an IDE.
 */
enum App {

	MVC("apps/mvc/target/fluxbench-mvc.jar"),

	WEBFLUX("apps/webflux/target/fluxbench-webflux.jar"),

	DOWNSTREAM("downstream/target/fluxbench-downstream.jar");

	private static final Map<App, Path> COPIES = new ConcurrentHashMap<>();

	private final String pathInRepository;

	App(String pathInRepository) {
		this.pathInRepository = pathInRepository;
	}

	/**
	 * A copy of the packaged jar, taken once per run. The apps run from the copy because
	 * a rebuild during the run would replace the jar under their feet: a Boot jar reads
	 * its nested jars lazily, and a running app then fails with EOFException or
	 * NoClassDefFoundError.
	 */
	Path jar() {
		return COPIES.computeIfAbsent(this, App::copy);
	}

	private Path copy() {
		Path built = built();
		Path copy = Path.of(System.getProperty("fluxbench.jar.copies", "target/stack-jars"))
			.resolve(built.getFileName());
		try {
			Files.createDirectories(copy.getParent());
			return Files.copy(built, copy, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not copy " + built + " to " + copy, ex);
		}
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

}

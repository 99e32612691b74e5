package dev.fluxbench.harness.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in scenarios: files in the repository's {@code scenarios/} directory, in the
 * same format as a user's (a user copies one and edits it), carried in the jar. Changing
 * a figure in one of those files changes the benchmark, so the figures live there and
 * nowhere else.
 */
public final class Catalogue {

	public static final String DEFAULT_SCENARIO = "quick";

	/** Where the built-ins are, in the repository and on the classpath alike. */
	public static final String DIRECTORY = "scenarios";

	/**
	 * A jar cannot list a directory: the built-ins are named here, in the order
	 * {@code list} shows.
	 */
	private static final List<String> NAMES = List.of("quick", "thesis-normal", "thesis-higher", "thesis-stress",
			"concerts-1000", "concerts-relations", "boot2-passthrough", "boot2-passthrough-open", "ippon-operations",
			"quick-passthrough", "chain", "chain-deep", "chain-ramp", "chain-faults");

	private Catalogue() {
	}

	public static List<String> names() {
		return NAMES;
	}

	/** The built-in's file, relative to the repository's root. */
	public static String source(String name) {
		return DIRECTORY + "/" + name + ".yaml";
	}

	/** Every built-in, read; a broken one is a bug in fluxbench, not bad input. */
	public static List<Scenario> scenarios() {
		return NAMES.stream().map((name) -> byName(name).orElseThrow()).toList();
	}

	/** Built-ins reference no environment variable, so none is passed. */
	public static Optional<Scenario> byName(String name) {
		if (!NAMES.contains(name)) {
			return Optional.empty();
		}
		try (InputStream in = Catalogue.class.getResourceAsStream("/" + source(name))) {
			if (in == null) {
				throw new IllegalStateException("built-in scenario " + source(name) + " is missing from the jar");
			}
			return Optional
				.of(ScenarioReader.read(source(name), new InputStreamReader(in, StandardCharsets.UTF_8), Map.of()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + source(name), ex);
		}
	}

}

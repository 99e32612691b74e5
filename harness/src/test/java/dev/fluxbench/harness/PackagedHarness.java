package dev.fluxbench.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The packaged harness, run as a user runs it ({@code java -jar}), against the packaged
 * stacks. The reactor builds the app jars first; failsafe passes where they are.
 */
final class PackagedHarness {

	static final Path PROJECT_ROOT = Path.of(System.getProperty("fluxbench.home", "..")).toAbsolutePath();

	static final Path JAR = Path.of(System.getProperty("fluxbench.harness.jar", "target/fluxbench-harness.jar"))
		.toAbsolutePath();

	/** The commands that start stacks, and so need to know where they are built. */
	private static final Set<String> STARTING_STACKS = Set.of("run", "knee");

	private PackagedHarness() {
	}

	/**
	 * Starts {@code fluxbench ARGS}, its console going to a file.
	 * @param console where its standard output and error go
	 */
	static Process start(Path console, String... args) throws IOException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
		command.addAll(List.of(args));
		if (STARTING_STACKS.contains(args[0])) {
			command.addAll(List.of("--project-root", PROJECT_ROOT.toString()));
		}
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
	}

}

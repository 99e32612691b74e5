package dev.fluxbench.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.launcher.BootJars;
import dev.fluxbench.launcher.JvmService;

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

	private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

	private PackagedHarness() {
	}

	/**
	 * The arguments of a {@code run} or {@code knee} that starts its stacks from AOT
	 * caches where this JDK can train them ({@code --aot-cache}). Most of the CPU of an
	 * IT goes to starting stacks; the caches halve it, and in the reactor the contract
	 * suite has trained them already ({@link BootJars#prepare}). HarnessStopIT starts its
	 * stacks as users do.
	 */
	static String[] fromAotCache(String... args) {
		List<String> all = new ArrayList<>(List.of(args));
		if (Launcher.canUseAotCache()) {
			all.add("--aot-cache");
		}
		return all.toArray(String[]::new);
	}

	/**
	 * A packaged app to start by hand, from the same preparation as
	 * {@link #fromAotCache}.
	 * @param pathInRepository its Boot jar, relative to the project root
	 */
	static JvmService app(String name, String pathInRepository) {
		Path jar = PROJECT_ROOT.resolve(pathInRepository);
		if (!Launcher.canUseAotCache()) {
			return JvmService.jar(name, jar);
		}
		BootJars.Prepared prepared = BootJars.prepare(JAVA, jar, true, Launcher.MODULE_OPTIONS, Launcher.TRAINING_ARGS);
		return JvmService.jar(name, prepared.jar()).jvmFlags(Launcher.MODULE_OPTIONS).jvmFlags(prepared.jvmFlags());
	}

	/**
	 * Starts {@code fluxbench ARGS}, its console going to a file.
	 * @param console where its standard output and error go
	 */
	static Process start(Path console, String... args) throws IOException {
		List<String> command = new ArrayList<>(List.of(JAVA.toString(), "-jar", JAR.toString()));
		command.addAll(List.of(args));
		if (STARTING_STACKS.contains(args[0])) {
			command.addAll(List.of("--project-root", PROJECT_ROOT.toString()));
		}
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
	}

}

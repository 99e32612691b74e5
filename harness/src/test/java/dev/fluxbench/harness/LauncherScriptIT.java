package dev.fluxbench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code ./fluxbench} launcher builds only when the sources changed since its last
 * build. It runs here in a copy of the tree whose {@code mvnw} only counts its calls,
 * next to the real harness jar, so that a build costs nothing and {@code list} still
 * answers.
 */
class LauncherScriptIT {

	private static final Path PROJECT_ROOT = Path.of(System.getProperty("fluxbench.home", "..")).toAbsolutePath();

	private static final Path HARNESS_TARGET = Path
		.of(System.getProperty("fluxbench.harness.jar", "target/fluxbench-harness.jar"))
		.toAbsolutePath()
		.getParent();

	@TempDir
	Path root;

	private Path builds;

	private Path source;

	@BeforeEach
	void treeWithACountingBuild() throws IOException {
		Files.copy(PROJECT_ROOT.resolve("fluxbench"), this.root.resolve("fluxbench"));
		this.builds = this.root.resolve("builds.txt");
		// A build that a test may hold: it waits while the file "hold" exists.
		Files.writeString(this.root.resolve("mvnw"), "#!/bin/sh\necho build >> '" + this.builds + "'\nwhile [ -e '"
				+ this.root.resolve("hold") + "' ]; do sleep 0.1; done\n");
		for (Path script : List.of(this.root.resolve("fluxbench"), this.root.resolve("mvnw"))) {
			Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
		}
		for (String jar : List.of("apps/mvc/target/fluxbench-mvc.jar", "apps/webflux/target/fluxbench-webflux.jar",
				"downstream/target/fluxbench-downstream.jar", "ldap/target/fluxbench-ldap.jar")) {
			Files.createDirectories(this.root.resolve(jar).getParent());
			Files.writeString(this.root.resolve(jar), "a jar");
		}
		Path target = this.root.resolve("harness/target");
		Files.createDirectories(target);
		Files.createSymbolicLink(target.resolve("fluxbench-harness.jar"),
				HARNESS_TARGET.resolve("fluxbench-harness.jar"));
		Files.createSymbolicLink(target.resolve("lib"), HARNESS_TARGET.resolve("lib"));
		this.source = this.root.resolve("apps/mvc/src/main/java/App.java");
		Files.createDirectories(this.source.getParent());
		Files.writeString(this.source, "class App {}");
		Files.writeString(this.root.resolve("pom.xml"), "<project/>");
		// The reproducible build's fixed date: every jar older than every source.
		for (String jar : List.of("apps/mvc/target/fluxbench-mvc.jar", "ldap/target/fluxbench-ldap.jar")) {
			Files.setLastModifiedTime(this.root.resolve(jar), FileTime.from(Instant.parse("2026-11-22T00:00:00Z")));
		}
	}

	@Test
	void launcherShouldBuildOnceThenOnlyAfterASourceChanged() throws Exception {
		assertThat(list()).contains("quick");
		assertThat(builds()).as("no record of a build yet: one build").isEqualTo(1);
		assertThat(list()).contains("quick");
		assertThat(builds()).as("nothing changed: no build, whatever the jars' dates").isEqualTo(1);
		Files.setLastModifiedTime(this.source, FileTime.from(Instant.now().plusSeconds(5)));
		list();
		assertThat(builds()).as("a source was touched: one build").isEqualTo(2);
		list();
		assertThat(builds()).isEqualTo(2);
		Files.writeString(this.root.resolve("scenarios/quick.yaml"), "# edited",
				java.nio.file.StandardOpenOption.CREATE);
		list();
		assertThat(builds()).as("a built-in scenario changed: one build").isEqualTo(3);
	}

	@Test
	void launcherWhenStartedDuringABuildShouldWaitForItAndBuildNothing() throws Exception {
		Path hold = Files.createFile(this.root.resolve("hold"));
		Process first = start("list");
		Awaitility.await("the first launcher's build").atMost(Duration.ofMinutes(1)).until(() -> builds() == 1);
		Process second = start("list");
		Awaitility.await("the second launcher waiting for the lock")
			.atMost(Duration.ofMinutes(1))
			.until(() -> second.descendants()
				.anyMatch(
						(child) -> child.info().command().filter((command) -> command.endsWith("/flock")).isPresent()));
		Files.delete(hold);
		assertThat(first.waitFor(2, TimeUnit.MINUTES)).isTrue();
		assertThat(second.waitFor(2, TimeUnit.MINUTES)).isTrue();
		assertThat(first.exitValue()).isZero();
		assertThat(second.exitValue()).isZero();
		assertThat(builds()).as("the second found the jars fresh once the first had built them").isEqualTo(1);
	}

	@Test
	void launcherWhenTheTreeWasBuiltWithoutItShouldBuildOnceAndSayWhy() throws Exception {
		assertThat(run("list").err()).contains("nothing records which sources the jars were built from, building");
		assertThat(run("list").err()).doesNotContain("building");
		assertThat(builds()).isEqualTo(1);
	}

	@Test
	void launcherWhenAJarIsMissingShouldBuildIt() throws Exception {
		list();
		Files.delete(this.root.resolve("apps/webflux/target/fluxbench-webflux.jar"));
		String err = run("list").err();
		assertThat(err).contains("fluxbench-webflux.jar is missing, building");
		assertThat(builds()).isEqualTo(2);
	}

	private String list() throws Exception {
		Output output = run("list");
		assertThat(output.exit()).as("exit; stderr:%n%s", output.err()).isZero();
		return output.out();
	}

	private int builds() throws IOException {
		return Files.exists(this.builds) ? Files.readAllLines(this.builds).size() : 0;
	}

	/** Starts the launcher with its output discarded. */
	private Process start(String... args) throws IOException {
		return launcher(args).redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
	}

	private ProcessBuilder launcher(String... args) throws IOException {
		Files.createDirectories(this.root.resolve("scenarios"));
		List<String> command = new java.util.ArrayList<>(List.of(this.root.resolve("fluxbench").toString()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command);
		builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
		return builder;
	}

	private Output run(String... args) throws Exception {
		Path out = Files.createTempFile("launcher-out", ".txt");
		Path err = Files.createTempFile("launcher-err", ".txt");
		Process process = launcher(args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
		assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("launcher finished in time").isTrue();
		try {
			return new Output(process.exitValue(), Files.readString(out), Files.readString(err));
		}
		finally {
			Files.delete(out);
			Files.delete(err);
		}
	}

	private record Output(int exit, String out, String err) {

	}

}

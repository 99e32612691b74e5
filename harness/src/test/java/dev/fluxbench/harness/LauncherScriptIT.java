package dev.fluxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
		Files.writeString(this.root.resolve("mvnw"), "#!/bin/sh\necho build >> '" + this.builds + "'\n");
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
	void buildsOnceThenOnlyAfterASourceChanged() throws Exception {
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
	void aMissingJarIsBuilt() throws Exception {
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

	private record Output(int exit, String out, String err) {

	}

	private Output run(String... args) throws Exception {
		Files.createDirectories(this.root.resolve("scenarios"));
		Path out = Files.createTempFile("launcher-out", ".txt");
		Path err = Files.createTempFile("launcher-err", ".txt");
		List<String> command = new java.util.ArrayList<>(List.of(this.root.resolve("fluxbench").toString()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
		builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
		Process process = builder.start();
		assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("launcher finished in time").isTrue();
		try {
			return new Output(process.exitValue(), Files.readString(out), Files.readString(err));
		}
		finally {
			Files.delete(out);
			Files.delete(err);
		}
	}

}

package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The failures of {@link BootJars}; the contract suite extracts the real Boot jars every
 * run.
 */
class BootJarsTests {

	private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

	@TempDir
	Path temporary;

	@Test
	void extractWhenTheJarIsNoBootJarShouldFailWithTheEndOfItsLog() throws IOException {
		Path jar = plainJar("plain.jar");

		assertThatIllegalStateException().isThrownBy(() -> BootJars.extract(JAVA, jar, this.temporary.resolve("plain")))
			.withMessageContaining("Could not extract " + jar)
			.withMessageContaining("no main manifest attribute");
	}

	@Test
	void extractShouldEmptyTheDirectoryOfAnEarlierRunFirst() throws IOException {
		Path directory = Files.createDirectories(this.temporary.resolve("app"));
		Path stale = Files.writeString(directory.resolve("stale.txt"), "from an earlier run");

		assertThatIllegalStateException().isThrownBy(() -> BootJars.extract(JAVA, plainJar("plain.jar"), directory));
		assertThat(stale).doesNotExist();
	}

	@Test
	void trainAotCacheWhenTheJvmIsNotTheRunningOneShouldRefuseAndSayWhy() {
		Path otherJava = this.temporary.resolve("other-jdk/bin/java");

		assertThat(BootJars.canTrainAotCache(otherJava)).isFalse();
		assertThatIllegalStateException()
			.isThrownBy(
					() -> BootJars.trainAotCache(otherJava, this.temporary.resolve("app.jar"), List.of(), List.of()))
			.withMessageContaining("cannot train an AOT cache");
	}

	private Path plainJar(String name) throws IOException {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		Path jar = this.temporary.resolve(name);
		try (OutputStream out = Files.newOutputStream(jar);
				JarOutputStream ignored = new JarOutputStream(out, manifest)) {
			return jar;
		}
	}

}

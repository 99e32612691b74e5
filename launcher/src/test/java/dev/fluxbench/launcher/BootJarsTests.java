package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

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

	@Test
	void prepareWhenTheJarIsNoBootJarShouldFailAndLeaveNothingThatALaterCallTakesAsPrepared() throws IOException {
		Path jar = plainJar("plain.jar");

		for (int call = 1; call <= 2; call++) {
			assertThatIllegalStateException().isThrownBy(() -> BootJars.prepare(JAVA, jar, true, List.of(), List.of()))
				.withMessageContaining("Could not extract " + jar);
		}
		try (Stream<Path> prepared = Files.walk(this.temporary.resolve("plain-prepared"))) {
			assertThat(prepared.map(Path::getFileName).map(Path::toString)).isNotEmpty()
				.noneMatch((name) -> name.equals("extracted") || name.equals("trained"));
		}
	}

	@Test
	void digestShouldFollowTheContentNotTheFileTime() throws IOException {
		Path jar = plainJar("a.jar");
		String digest = BootJars.digest(jar);
		Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
		assertThat(BootJars.digest(jar)).isEqualTo(digest).hasSize(16);
		Files.write(jar, new byte[] { 1 }, StandardOpenOption.APPEND);
		assertThat(BootJars.digest(jar)).isNotEqualTo(digest);
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

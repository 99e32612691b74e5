package dev.fluxbench.assess.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fluxbench.assess.NotAMavenProjectException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class ProjectReaderTests {

	@TempDir
	Path directory;

	@Test
	void readWhenTheDirectoryHasNoPomShouldSayItIsNotAMavenProject() {
		assertThatExceptionOfType(NotAMavenProjectException.class).isThrownBy(() -> reader().read(this.directory))
			.withMessageContaining("no pom.xml");
	}

	@Test
	void readWhenThePomIsNotXmlShouldSayItIsNotReadable() throws IOException {
		Files.writeString(this.directory.resolve("pom.xml"), "not a pom");
		assertThatExceptionOfType(NotAMavenProjectException.class).isThrownBy(() -> reader().read(this.directory))
			.withMessageContaining("not a readable POM");
	}

	@Test
	void readWhenADependencyCannotBeResolvedShouldSaySoInANoteAndKeepTheRest() throws IOException {
		Files.writeString(this.directory.resolve("pom.xml"),
				pom("app", "<packaging>jar</packaging>", dependency("org.example", "nowhere", "1.0")));
		MavenProject project = reader().read(this.directory);
		assertThat(project.modules()).singleElement().satisfies((module) -> {
			assertThat(module.artifactId()).isEqualTo("app");
			// Declared, so still in the tree, but nothing below it is known.
			assertThat(module.dependencies()).extracting(Dependency::coordinates)
				.containsExactly("org.example:nowhere:1.0");
		});
		assertThat(project.notes()).singleElement().asString().contains("org.example:nowhere");
	}

	@Test
	void readWhenTheProjectHasModulesShouldResolveASiblingFromItsSources() throws IOException {
		Files.writeString(this.directory.resolve("pom.xml"),
				pom("parent", "<packaging>pom</packaging><modules><module>a</module><module>b</module></modules>", ""));
		Files.createDirectories(this.directory.resolve("a"));
		Files.createDirectories(this.directory.resolve("b"));
		Files.writeString(this.directory.resolve("a/pom.xml"), child("a", ""));
		Files.writeString(this.directory.resolve("b/pom.xml"), child("b", dependency("fixture", "a", "1.0")));
		MavenProject project = reader().read(this.directory);
		assertThat(project.modules()).extracting(MavenModule::artifactId).containsExactly("parent", "a", "b");
		assertThat(project.modules().get(2).dependencies()).extracting(Dependency::coordinates)
			.containsExactly("fixture:a:1.0");
		assertThat(project.modules().get(2).relativeDirectory()).isEqualTo("b");
		assertThat(project.notes()).isEmpty();
	}

	private ProjectReader reader() {
		return new ProjectReader(this.directory.resolve("empty-repository"), true);
	}

	private static String pom(String artifactId, String extra, String dependencies) {
		return "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
				+ "<groupId>fixture</groupId><artifactId>" + artifactId + "</artifactId><version>1.0</version>" + extra
				+ "<dependencies>" + dependencies + "</dependencies></project>";
	}

	private static String child(String artifactId, String dependencies) {
		return "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
				+ "<parent><groupId>fixture</groupId><artifactId>parent</artifactId><version>1.0</version></parent>"
				+ "<artifactId>" + artifactId + "</artifactId><dependencies>" + dependencies
				+ "</dependencies></project>";
	}

	private static String dependency(String groupId, String artifactId, String version) {
		return "<dependency><groupId>" + groupId + "</groupId><artifactId>" + artifactId + "</artifactId><version>"
				+ version + "</version></dependency>";
	}

}

package dev.fluxbench.assess.project;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A module of the assessed project, as its effective POM describes it, with its resolved
 * dependency tree.
 *
 * @param groupId its group
 * @param artifactId its artifact, which names it in the report
 * @param version its version
 * @param packaging jar, war, pom…
 * @param directory where its pom.xml is
 * @param relativeDirectory that directory relative to the assessed one, "." for itself
 * @param properties the effective properties, such as java.version
 * @param dependencies the tree, flattened in the resolver's order, test scope left out
 * @param managedVersions the versions its dependency management sets, by group:artifact
 */
public record MavenModule(String groupId, String artifactId, String version, String packaging, Path directory,
		String relativeDirectory, Map<String, String> properties, List<Dependency> dependencies,
		Map<String, String> managedVersions) {

	public MavenModule {
		properties = Map.copyOf(properties);
		dependencies = List.copyOf(dependencies);
		managedVersions = Map.copyOf(managedVersions);
	}

	public boolean aggregatorOnly() {
		return "pom".equals(this.packaging);
	}

	/** The first node of the tree with this group and artifact, nearest first. */
	public Optional<Dependency> dependency(String groupId, String artifactId) {
		return this.dependencies.stream()
			.filter((dependency) -> dependency.groupId().equals(groupId) && dependency.artifactId().equals(artifactId))
			.findFirst();
	}

	public boolean has(String groupId, String artifactId) {
		return dependency(groupId, artifactId).isPresent();
	}

	public String coordinates() {
		return this.groupId + ":" + this.artifactId + ":" + this.version;
	}

}

package dev.fluxbench.assess.project;

import java.util.List;

/**
 * One node of a module's resolved dependency tree.
 *
 * @param groupId the group
 * @param artifactId the artifact
 * @param version the version the resolver settled on, after management and conflicts
 * @param scope compile, runtime or provided; test dependencies are left out
 * @param path the coordinates from the module down to this one, the module first
 */
public record Dependency(String groupId, String artifactId, String version, String scope, List<String> path) {

	public Dependency {
		path = List.copyOf(path);
	}

	public String coordinates() {
		return this.groupId + ":" + this.artifactId + ":" + this.version;
	}

	public String key() {
		return this.groupId + ":" + this.artifactId;
	}

	/** Declared by the module itself rather than brought by another dependency. */
	public boolean direct() {
		return this.path.size() == 2;
	}

}

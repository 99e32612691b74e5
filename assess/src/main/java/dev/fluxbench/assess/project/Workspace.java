package dev.fluxbench.assess.project;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.apache.maven.model.Model;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.repository.WorkspaceReader;
import org.eclipse.aether.repository.WorkspaceRepository;

/**
 * The POMs of the reactor around the assessed project, by coordinates: a module's
 * siblings and parents resolve from their sources, as they would in the reactor's own
 * build, even when they were never installed.
 */
final class Workspace implements WorkspaceReader {

	private final WorkspaceRepository repository = new WorkspaceRepository("fluxbench-assess");

	private final Map<String, Path> poms = new HashMap<>();

	void add(Path pom, Model model) {
		String groupId = (model.getGroupId() != null) ? model.getGroupId()
				: (model.getParent() != null) ? model.getParent().getGroupId() : null;
		String version = (model.getVersion() != null) ? model.getVersion()
				: (model.getParent() != null) ? model.getParent().getVersion() : null;
		if (groupId != null && version != null) {
			this.poms.putIfAbsent(groupId + ":" + model.getArtifactId() + ":" + version, pom);
		}
	}

	/** Adds a POM and every module under it that can be read; the rest are skipped. */
	void addTree(Path pom, Function<Path, Model> reader) {
		if (!Files.isRegularFile(pom)) {
			return;
		}
		Model model;
		try {
			model = reader.apply(pom);
		}
		catch (RuntimeException ex) {
			return;
		}
		add(pom, model);
		for (String module : model.getModules()) {
			Path child = pom.getParent().resolve(module).normalize();
			addTree(Files.isDirectory(child) ? child.resolve("pom.xml") : child, reader);
		}
	}

	Path pom(String groupId, String artifactId, String version) {
		return this.poms.get(groupId + ":" + artifactId + ":" + version);
	}

	@Override
	public WorkspaceRepository getRepository() {
		return this.repository;
	}

	@Override
	public File findArtifact(Artifact artifact) {
		if (!"pom".equals(artifact.getExtension())) {
			// Only descriptors are read: the tree needs POMs, never jars.
			return null;
		}
		Path pom = pom(artifact.getGroupId(), artifact.getArtifactId(), artifact.getBaseVersion());
		return (pom != null) ? pom.toFile() : null;
	}

	@Override
	public List<String> findVersions(Artifact artifact) {
		return this.poms.keySet()
			.stream()
			.filter((key) -> key.startsWith(artifact.getGroupId() + ":" + artifact.getArtifactId() + ":"))
			.map((key) -> key.substring(key.lastIndexOf(':') + 1))
			.toList();
	}

}

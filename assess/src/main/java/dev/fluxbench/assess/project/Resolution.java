package dev.fluxbench.assess.project;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.apache.maven.model.Model;
import org.apache.maven.model.Parent;
import org.apache.maven.model.Repository;
import org.apache.maven.model.building.FileModelSource;
import org.apache.maven.model.building.ModelSource;
import org.apache.maven.model.resolution.ModelResolver;
import org.apache.maven.model.resolution.UnresolvableModelException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.ArtifactType;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.collection.CollectResult;
import org.eclipse.aether.collection.DependencyCollectionException;
import org.eclipse.aether.graph.DependencyNode;
import org.eclipse.aether.graph.Exclusion;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.repository.SimpleArtifactDescriptorPolicy;

/**
 * The Maven resolver, set up as Maven 3 sets it up: the local repository and, unless
 * offline, Maven Central. Only POMs are fetched; the tree needs nothing else.
 */
final class Resolution {

	static final RemoteRepository CENTRAL = new RemoteRepository.Builder("central", "default",
			"https://repo.maven.apache.org/maven2/")
		.build();

	private final Path localRepository;

	private final boolean offline;

	private RepositorySystem system;

	Resolution(Path localRepository, boolean offline) {
		this.localRepository = localRepository;
		this.offline = offline;
	}

	Session open(Workspace workspace) {
		if (this.system == null) {
			this.system = new RepositorySystemSupplier().get();
		}
		RepositorySystemSession session = new SessionBuilderSupplier(this.system).get()
			.withLocalRepositoryBaseDirectories(this.localRepository)
			.setOffline(this.offline)
			.setSystemProperties(System.getProperties())
			.setWorkspaceReader(workspace)
			// Strict, so that a POM that is missing or broken is reported rather than
			// silently cutting its branch from the tree.
			.setArtifactDescriptorPolicy(new SimpleArtifactDescriptorPolicy(false, false))
			.build();
		return new Session(session, workspace);
	}

	final class Session implements AutoCloseable {

		private final RepositorySystemSession session;

		private final Workspace workspace;

		private final Set<String> reported = new LinkedHashSet<>();

		Session(RepositorySystemSession session, Workspace workspace) {
			this.session = session;
			this.workspace = workspace;
		}

		ModelResolver modelResolver() {
			return new PomResolver();
		}

		/**
		 * The module's tree without its test scope; what cannot be resolved becomes a
		 * note.
		 */
		List<Dependency> tree(String groupId, String artifactId, String version, Model model, List<String> notes) {
			CollectRequest request = new CollectRequest();
			request.setRootArtifact(new DefaultArtifact(groupId, artifactId, "pom", version));
			request.setRepositories(List.of(CENTRAL));
			for (org.apache.maven.model.Dependency declared : model.getDependencies()) {
				if ("test".equals(declared.getScope())) {
					continue;
				}
				if (declared.getVersion() == null || declared.getVersion().isBlank()) {
					notes.add(artifactId + ": " + declared.getGroupId() + ":" + declared.getArtifactId()
							+ " has no version (its BOM was not read); left out of the tree");
					continue;
				}
				request.addDependency(convert(declared));
			}
			if (model.getDependencyManagement() != null) {
				model.getDependencyManagement()
					.getDependencies()
					.stream()
					.filter((managed) -> managed.getVersion() != null && !"import".equals(managed.getScope()))
					.forEach((managed) -> request.addManagedDependency(convert(managed)));
			}
			DependencyNode root;
			try {
				CollectResult result = Resolution.this.system.collectDependencies(this.session, request);
				root = result.getRoot();
			}
			catch (DependencyCollectionException ex) {
				CollectResult partial = ex.getResult();
				root = partial.getRoot();
				for (Exception problem : partial.getExceptions()) {
					String line = ProjectReader.oneLine(problem.getMessage());
					if (this.reported.add(line)) {
						notes.add(artifactId + ": part of the dependency tree could not be resolved (" + line + ")");
					}
				}
			}
			List<Dependency> flat = new ArrayList<>();
			if (root != null) {
				List<String> path = List.of(groupId + ":" + artifactId + ":" + version);
				root.getChildren().forEach((child) -> flatten(child, path, flat));
			}
			return flat;
		}

		private void flatten(DependencyNode node, List<String> parentPath, List<Dependency> into) {
			if (node.getDependency() == null) {
				return;
			}
			var artifact = node.getArtifact();
			List<String> path = new ArrayList<>(parentPath);
			path.add(artifact.getGroupId() + ":" + artifact.getArtifactId() + ":" + artifact.getVersion());
			into.add(new Dependency(artifact.getGroupId(), artifact.getArtifactId(), artifact.getVersion(),
					node.getDependency().getScope(), path));
			node.getChildren().forEach((child) -> flatten(child, path, into));
		}

		private org.eclipse.aether.graph.Dependency convert(org.apache.maven.model.Dependency declared) {
			String type = (declared.getType() != null) ? declared.getType() : "jar";
			ArtifactType artifactType = this.session.getArtifactTypeRegistry().get(type);
			String extension = (artifactType != null) ? artifactType.getExtension() : type;
			String classifier = (declared.getClassifier() != null) ? declared.getClassifier()
					: (artifactType != null) ? artifactType.getClassifier() : "";
			DefaultArtifact artifact = new DefaultArtifact(declared.getGroupId(), declared.getArtifactId(), classifier,
					extension, declared.getVersion(), artifactType);
			List<Exclusion> exclusions = declared.getExclusions()
				.stream()
				.map((exclusion) -> new Exclusion(exclusion.getGroupId(), exclusion.getArtifactId(), "*", "*"))
				.toList();
			return new org.eclipse.aether.graph.Dependency(artifact, declared.getScope(), declared.isOptional(),
					exclusions);
		}

		@Override
		public void close() {
			if (this.session instanceof AutoCloseable closeable) {
				try {
					closeable.close();
				}
				catch (Exception ex) {
					// Nothing is left to write: the session only read.
				}
			}
		}

		/** Parents and imported BOMs: the reactor's POMs first, then the repositories. */
		private final class PomResolver implements ModelResolver {

			@Override
			public ModelSource resolveModel(String groupId, String artifactId, String version)
					throws UnresolvableModelException {
				Path pom = Session.this.workspace.pom(groupId, artifactId, version);
				if (pom != null) {
					return new FileModelSource(pom.toFile());
				}
				ArtifactRequest request = new ArtifactRequest(
						new DefaultArtifact(groupId, artifactId, "", "pom", version), List.of(CENTRAL), null);
				try {
					return new FileModelSource(Resolution.this.system.resolveArtifact(Session.this.session, request)
						.getArtifact()
						.getFile());
				}
				catch (ArtifactResolutionException ex) {
					throw new UnresolvableModelException(ProjectReader.oneLine(ex.getMessage()), groupId, artifactId,
							version, ex);
				}
			}

			@Override
			public ModelSource resolveModel(Parent parent) throws UnresolvableModelException {
				return resolveModel(parent.getGroupId(), parent.getArtifactId(), parent.getVersion());
			}

			@Override
			public ModelSource resolveModel(org.apache.maven.model.Dependency dependency)
					throws UnresolvableModelException {
				return resolveModel(dependency.getGroupId(), dependency.getArtifactId(), dependency.getVersion());
			}

			@Override
			public void addRepository(Repository repository) {
				// Central only: a project's own repositories are not consulted, and the
				// notes say what that leaves unresolved.
			}

			@Override
			public void addRepository(Repository repository, boolean replace) {
			}

			@Override
			public ModelResolver newCopy() {
				return this;
			}

		}

	}

}

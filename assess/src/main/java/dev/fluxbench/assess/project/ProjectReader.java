package dev.fluxbench.assess.project;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

import dev.fluxbench.assess.NotAMavenProjectException;
import org.apache.maven.model.Model;
import org.apache.maven.model.building.DefaultModelBuilderFactory;
import org.apache.maven.model.building.DefaultModelBuildingRequest;
import org.apache.maven.model.building.ModelBuilder;
import org.apache.maven.model.building.ModelBuildingException;
import org.apache.maven.model.building.ModelBuildingRequest;
import org.apache.maven.model.building.ModelCache;
import org.apache.maven.model.building.ModelProblem;
import org.apache.maven.model.io.xpp3.MavenXpp3Reader;
import org.codehaus.plexus.util.xml.pull.XmlPullParserException;

/**
 * Reads a Maven project as mvn would see it, without running its build: every module's
 * effective POM (parents, imported BOMs, profiles active by default) and its dependency
 * tree, from the local repository and, unless offline, Maven Central.
 */
public final class ProjectReader {

	private final Resolution resolution;

	private final ModelCache models = new ModelCache() {

		private final Map<String, Object> entries = new ConcurrentHashMap<>();

		@Override
		public void put(String groupId, String artifactId, String version, String tag, Object data) {
			this.entries.put(groupId + ":" + artifactId + ":" + version + ":" + tag, data);
		}

		@Override
		public Object get(String groupId, String artifactId, String version, String tag) {
			return this.entries.get(groupId + ":" + artifactId + ":" + version + ":" + tag);
		}

	};

	public ProjectReader(Path localRepository, boolean offline) {
		this.resolution = new Resolution(localRepository, offline);
	}

	/** The local repository mvn uses: maven.repo.local, else ~/.m2/repository. */
	public static Path defaultLocalRepository() {
		String configured = System.getProperty("maven.repo.local");
		return (configured != null && !configured.isBlank()) ? Path.of(configured)
				: Path.of(System.getProperty("user.home"), ".m2", "repository");
	}

	public MavenProject read(Path directory) {
		Path root = directory.toAbsolutePath().normalize();
		Path pom = root.resolve("pom.xml");
		if (!Files.isRegularFile(pom)) {
			throw new NotAMavenProjectException(directory + " is not a Maven project: it has no pom.xml");
		}
		List<String> notes = new ArrayList<>();
		Map<Path, Model> assessed = new LinkedHashMap<>();
		collect(pom, assessed, true);
		Workspace workspace = new Workspace();
		// The reactor the project belongs to, found through the parents' relative paths,
		// so
		// that a module's siblings resolve from their sources as in a reactor build.
		workspace.addTree(topmost(pom), this::rawModel);
		assessed.forEach(workspace::add);
		ModelBuilder builder = new DefaultModelBuilderFactory().newInstance();
		List<MavenModule> modules = new ArrayList<>();
		try (Resolution.Session session = this.resolution.open(workspace)) {
			for (Map.Entry<Path, Model> entry : assessed.entrySet()) {
				modules.add(module(root, entry.getKey(), entry.getValue(), builder, session, notes));
			}
		}
		return new MavenProject(root, modules, notes);
	}

	private MavenModule module(Path root, Path pom, Model raw, ModelBuilder builder, Resolution.Session session,
			List<String> notes) {
		Model model = effective(pom, raw, builder, session, notes);
		String artifactId = model.getArtifactId();
		String groupId = (model.getGroupId() != null) ? model.getGroupId()
				: (model.getParent() != null) ? model.getParent().getGroupId() : "";
		String version = (model.getVersion() != null) ? model.getVersion()
				: (model.getParent() != null) ? model.getParent().getVersion() : "";
		Map<String, String> properties = new LinkedHashMap<>();
		Properties modelProperties = model.getProperties();
		modelProperties.stringPropertyNames()
			.forEach((name) -> properties.put(name, modelProperties.getProperty(name)));
		Map<String, String> managed = new LinkedHashMap<>();
		if (model.getDependencyManagement() != null) {
			model.getDependencyManagement()
				.getDependencies()
				.forEach((dependency) -> managed.putIfAbsent(dependency.getGroupId() + ":" + dependency.getArtifactId(),
						dependency.getVersion()));
		}
		List<Dependency> tree = "pom".equals(model.getPackaging()) ? List.of()
				: session.tree(groupId, artifactId, version, model, notes);
		Path directory = pom.getParent();
		String relative = root.relativize(directory).toString().replace('\\', '/');
		return new MavenModule(groupId, artifactId, version, model.getPackaging(), directory,
				relative.isEmpty() ? "." : relative, properties, tree, managed);
	}

	private Model effective(Path pom, Model raw, ModelBuilder builder, Resolution.Session session, List<String> notes) {
		DefaultModelBuildingRequest request = new DefaultModelBuildingRequest();
		request.setPomFile(pom.toFile());
		request.setValidationLevel(ModelBuildingRequest.VALIDATION_LEVEL_MINIMAL);
		request.setProcessPlugins(false);
		request.setTwoPhaseBuilding(false);
		request.setSystemProperties(System.getProperties());
		request.setModelResolver(session.modelResolver());
		// Every module of a reactor imports the same BOMs and parents: read each once.
		request.setModelCache(this.models);
		try {
			return builder.build(request).getEffectiveModel();
		}
		catch (ModelBuildingException ex) {
			String problem = ex.getProblems()
				.stream()
				.filter((candidate) -> candidate.getSeverity() != ModelProblem.Severity.WARNING)
				.map(ModelProblem::getMessage)
				.findFirst()
				.orElse(ex.getMessage());
			notes.add(raw.getArtifactId() + ": its effective POM could not be built (" + oneLine(problem)
					+ "); read as written, without its parents and BOMs");
			return raw;
		}
	}

	private void collect(Path pom, Map<Path, Model> models, boolean required) {
		Model model = required ? rawModel(pom) : rawModelOrNull(pom);
		if (model == null || models.containsKey(pom)) {
			return;
		}
		models.put(pom, model);
		for (String module : model.getModules()) {
			Path child = pom.getParent().resolve(module).normalize();
			collect(Files.isDirectory(child) ? child.resolve("pom.xml") : child, models, false);
		}
	}

	/**
	 * The outermost POM reached through relative parent paths that name the right parent.
	 */
	private Path topmost(Path pom) {
		Path current = pom;
		for (int depth = 0; depth < 20; depth++) {
			Model model = rawModelOrNull(current);
			if (model == null || model.getParent() == null) {
				return current;
			}
			String relative = (model.getParent().getRelativePath() != null) ? model.getParent().getRelativePath()
					: "../pom.xml";
			if (relative.isBlank()) {
				return current;
			}
			Path candidate = current.getParent().resolve(relative).normalize();
			if (Files.isDirectory(candidate)) {
				candidate = candidate.resolve("pom.xml");
			}
			Model parent = rawModelOrNull(candidate);
			if (parent == null || !model.getParent().getArtifactId().equals(parent.getArtifactId())) {
				return current;
			}
			current = candidate;
		}
		return current;
	}

	Model rawModel(Path pom) {
		try (Reader reader = Files.newBufferedReader(pom)) {
			return new MavenXpp3Reader().read(reader, false);
		}
		catch (IOException | XmlPullParserException ex) {
			throw new NotAMavenProjectException(pom + " is not a readable POM: " + oneLine(ex.getMessage()));
		}
	}

	private Model rawModelOrNull(Path pom) {
		if (!Files.isRegularFile(pom)) {
			return null;
		}
		try {
			return rawModel(pom);
		}
		catch (NotAMavenProjectException ex) {
			return null;
		}
	}

	static String oneLine(String message) {
		return (message != null) ? message.lines().findFirst().orElse("").strip() : "no reason given";
	}

}

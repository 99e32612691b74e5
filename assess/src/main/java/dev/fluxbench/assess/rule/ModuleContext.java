package dev.fluxbench.assess.rule;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.config.ConfigEntry;
import dev.fluxbench.assess.project.Dependency;
import dev.fluxbench.assess.project.MavenModule;
import dev.fluxbench.assess.source.SourceFile;

/**
 * One module as the rules see it: its tree, its main sources and its configuration, and
 * the JDK it is meant to run on.
 */
public final class ModuleContext {

	private static final String SCHEDULERS = "reactor.core.scheduler";

	private final MavenModule module;

	private final List<SourceFile> sources;

	private final List<ConfigEntry> config;

	private final int jdk;

	private Set<String> offloaded;

	public ModuleContext(MavenModule module, List<SourceFile> sources, List<ConfigEntry> config, int jdk) {
		this.module = module;
		this.sources = List.copyOf(sources);
		this.config = List.copyOf(config);
		this.jdk = jdk;
	}

	public MavenModule module() {
		return this.module;
	}

	public String name() {
		return this.module.artifactId();
	}

	public List<SourceFile> sources() {
		return this.sources;
	}

	public List<ConfigEntry> config() {
		return this.config;
	}

	public int jdk() {
		return this.jdk;
	}

	public List<Dependency> dependencies() {
		return this.module.dependencies();
	}

	public Optional<Dependency> dependency(String groupId, String artifactId) {
		return this.module.dependency(groupId, artifactId);
	}

	public boolean has(String groupId, String artifactId) {
		return this.module.has(groupId, artifactId);
	}

	/**
	 * The first entry of any configuration file whose key is this one, in relaxed form.
	 */
	public Optional<ConfigEntry> setting(String key) {
		String canonical = ConfigEntry.canonical(key);
		return this.config.stream().filter((entry) -> entry.canonicalKey().equals(canonical)).findFirst();
	}

	public List<ConfigEntry> settings(Predicate<String> canonicalKey) {
		return this.config.stream().filter((entry) -> canonicalKey.test(entry.canonicalKey())).toList();
	}

	/** A WebFlux application already: WebFlux in the tree and Spring MVC not. */
	public boolean reactive() {
		return has("org.springframework", "spring-webflux") && !has("org.springframework", "spring-webmvc");
	}

	/**
	 * Whether the file hands its work to a Reactor scheduler, or is used by a file that
	 * does: blocking calls there are kept off the event loop on purpose.
	 */
	public boolean offloaded(SourceFile file) {
		if (this.offloaded == null) {
			Set<String> seeds = new HashSet<>();
			Set<String> referenced = new HashSet<>();
			for (SourceFile source : this.sources) {
				if (source.uses((type) -> type.startsWith(SCHEDULERS))) {
					seeds.add(source.path());
					source.typeUses().forEach((use) -> referenced.add(use.type()));
				}
			}
			Set<String> all = new HashSet<>(seeds);
			for (SourceFile source : this.sources) {
				String prefix = source.packageName().isEmpty() ? "" : source.packageName() + ".";
				if (source.types().stream().anyMatch((type) -> referenced.contains(prefix + type.name()))) {
					all.add(source.path());
				}
			}
			this.offloaded = all;
		}
		return this.offloaded.contains(file.path());
	}

	/**
	 * Whether the file only wires beans (a @Configuration class): it calls nothing per
	 * request.
	 */
	public static boolean wiring(SourceFile file) {
		return file.declaresTypeAnnotatedWith(
				(annotation) -> annotation.equals("org.springframework.context.annotation.Configuration")
						|| annotation.equals("org.springframework.boot.autoconfigure.AutoConfiguration"));
	}

	/** Whether the file declares a Spring component that serves requests. */
	public static boolean inRequestPath(SourceFile file) {
		return file.declaresTypeAnnotatedWith(Types.STEREOTYPES::contains);
	}

	public Location location(Dependency dependency) {
		return Location.dependency(dependency.coordinates(), dependency.path());
	}

}

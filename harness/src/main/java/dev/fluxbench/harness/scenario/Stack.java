package dev.fluxbench.harness.scenario;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The stacks under test. mvc and mvc-vt run the same jar: virtual threads are configuration, so
 * any difference between them is the threading model and nothing else.
 */
public enum Stack {

	MVC("mvc", "apps/mvc/target/fluxbench-mvc.jar", List.of(), Seed.CONCERTS,
			"Spring MVC on Tomcat's platform thread pool, JPA/Hikari, RestClient"),

	MVC_VT("mvc-vt", "apps/mvc/target/fluxbench-mvc.jar", List.of("vt"), Seed.NONE,
			"the same mvc jar with spring.threads.virtual.enabled (profile vt)"),

	WEBFLUX("webflux", "apps/webflux/target/fluxbench-webflux.jar", List.of(), Seed.CONCERTS,
			"Spring WebFlux on Reactor Netty, R2DBC, WebClient");

	private final String id;

	private final Path jar;

	private final List<String> profiles;

	private final Seed seed;

	private final String description;

	Stack(String id, String jar, List<String> profiles, Seed seed, String description) {
		this.id = id;
		this.jar = Path.of(jar);
		this.profiles = profiles;
		this.seed = seed;
		this.description = description;
	}

	/** The name on the command line and in every result file. */
	public String id() {
		return this.id;
	}

	/** The jar, relative to the project's root. */
	public Path jar() {
		return this.jar;
	}

	/** Spring profiles the stack adds to the database's. */
	public List<String> profiles() {
		return this.profiles;
	}

	public Seed seed() {
		return this.seed;
	}

	public String description() {
		return this.description;
	}

	/** The PostgreSQL schema of this stack: stacks never share rows, so one's writes cannot slow another. */
	public String schema() {
		return "fluxbench_" + this.id.replace('-', '_');
	}

	public static Optional<Stack> byId(String id) {
		return Arrays.stream(values()).filter((stack) -> stack.id.equals(id)).findFirst();
	}

	@Override
	public String toString() {
		return this.id;
	}

}

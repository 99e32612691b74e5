package dev.fluxbench.harness.scenario;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The stacks under test, and the variants of them the thesis compared. mvc and mvc-vt run
 * the same jar: virtual threads are configuration, so any difference between them is the
 * threading model and nothing else. The cached variants differ from their stack by one
 * property too, and seed 002's WebFlux variants by Spring profiles of the same webflux
 * jar.
 */
public enum Stack {

	MVC("mvc", "apps/mvc/target/fluxbench-mvc.jar", List.of(), Cache.NONE, "001_9c0053dc7fc6618a.txt",
			"Spring MVC on Tomcat's platform thread pool, JPA/Hikari, RestClient"),

	MVC_VT("mvc-vt", "apps/mvc/target/fluxbench-mvc.jar", List.of("vt"), Cache.NONE, "-",
			"the same mvc jar with spring.threads.virtual.enabled (profile vt)"),

	WEBFLUX("webflux", "apps/webflux/target/fluxbench-webflux.jar", List.of(), Cache.NONE, "001_9c0053dc7fc6618a.txt",
			"Spring WebFlux on Reactor Netty, R2DBC, WebClient"),

	MVC_REDIS("mvc-redis", "apps/mvc/target/fluxbench-mvc.jar", List.of(), Cache.DISTRIBUTED,
			"000_7f0aef5aecc896c0.txt", "mvc with the distributed unit cache in Redis: the thesis' original version"),

	WEBFLUX_REDIS("webflux-redis", "apps/webflux/target/fluxbench-webflux.jar", List.of(), Cache.DISTRIBUTED,
			"000_7f0aef5aecc896c0.txt",
			"webflux with the reactive distributed unit cache in Redis, which the thesis could not build"),

	WEBFLUX_JDBC("webflux-jdbc", "apps/webflux/target/fluxbench-webflux.jar", List.of("jdbc"), Cache.NONE,
			"002_40e23d62534e9a56.txt",
			"reactive controllers over the blocking JPA repository on a bounded-elastic scheduler of its own (profile jdbc)"),

	WEBFLUX_JDBC_PARALLEL("webflux-jdbc-parallel", "apps/webflux/target/fluxbench-webflux.jar",
			List.of("jdbc", "parallel"), Cache.NONE, "002_40e23d62534e9a56.txt",
			"webflux-jdbc on Schedulers.parallel(), one thread per core, BlockHound off (profiles jdbc, parallel)"),

	WEBFLUX_VT("webflux-vt", "apps/webflux/target/fluxbench-webflux.jar", List.of("vt"), Cache.NONE,
			"002_40e23d62534e9a56.txt",
			"WebFlux with blocking controller methods on virtual threads, over JPA (profile vt)"),

	MVC_PER_RELATION("mvc-per-relation", "apps/mvc/target/fluxbench-mvc.jar", List.of("per-relation"), Cache.NONE,
			"001_9c0053dc7fc6618a.txt",
			"mvc reading whole concerts through JPA's lazy relations, a select per relation (profile per-relation)"),

	WEBFLUX_PER_RELATION("webflux-per-relation", "apps/webflux/target/fluxbench-webflux.jar", List.of("per-relation"),
			Cache.NONE, "001_9c0053dc7fc6618a.txt",
			"webflux reading whole concerts with a publisher per relation instead of one join (profile per-relation)");

	/** The stacks of every scenario that does not name its own. */
	public static final List<Stack> DEFAULT = List.of(MVC, MVC_VT, WEBFLUX);

	/**
	 * The thesis' three versions (original with cache, without cache, WebFlux) and the
	 * two it could not run.
	 */
	public static final List<Stack> THESIS_VARIANTS = List.of(MVC_REDIS, MVC, WEBFLUX, WEBFLUX_REDIS, MVC_VT);

	/**
	 * Seed 002's comparison: the three stacks, and WebFlux over a blocking repository the
	 * ways the seed's "reactive on the REST layer only" could be built: on the elastic
	 * scheduler it used, on the parallel one it also tried, and on virtual threads, which
	 * it could not.
	 */
	/**
	 * Seed 001's ways of reading a whole concert: mvc with an entity graph and through
	 * lazy relations, webflux with one SQL join and with a publisher per relation.
	 */
	public static final List<Stack> CONCERT_VARIANTS = List.of(MVC, MVC_PER_RELATION, WEBFLUX, WEBFLUX_PER_RELATION);

	public static final List<Stack> IPPON_VARIANTS = List.of(MVC, MVC_VT, WEBFLUX, WEBFLUX_JDBC, WEBFLUX_JDBC_PARALLEL,
			WEBFLUX_VT);

	private final String id;

	private final Path jar;

	private final List<String> profiles;

	private final Cache cache;

	/**
	 * The seed document it comes from, by file name; "-" when it postdates every seed.
	 */
	private final String seed;

	private final String description;

	Stack(String id, String jar, List<String> profiles, Cache cache, String seed, String description) {
		this.id = id;
		this.jar = Path.of(jar);
		this.profiles = profiles;
		this.cache = cache;
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

	/** Which unit cache the app uses ({@code fluxbench.cache.mode}). */
	public Cache cache() {
		return this.cache;
	}

	public String seed() {
		return this.seed;
	}

	public String description() {
		return this.description;
	}

	/**
	 * The PostgreSQL schema of this stack: stacks never share rows, so one's writes
	 * cannot slow another.
	 */
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

	/** The apps' {@code fluxbench.cache.mode} values. */
	public enum Cache {

		NONE, LOCAL, DISTRIBUTED;

		/** The property's value, as the apps spell it. */
		public String mode() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}

	}

}

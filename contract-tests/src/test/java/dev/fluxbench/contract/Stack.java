package dev.fluxbench.contract;

import java.util.List;

/**
 * The stacks under test. mvc and mvc-vt are the same jar: virtual threads are a profile,
 * not a fork. Seed 002's webflux variants are profiles of the webflux jar that change
 * only how operations (and their accounts) reach the database, and seed 001's
 * per-relation variants only how whole concerts are read, so they run the account,
 * operation and concert suites only; the {@link #CORE} stacks run every suite.
 */
enum Stack {

	MVC("mvc", App.MVC, List.of()),

	MVC_VT("mvc-vt", App.MVC, List.of("vt")),

	WEBFLUX("webflux", App.WEBFLUX, List.of()),

	/**
	 * The reactive REST layer over the blocking JPA repository, on
	 * Schedulers.boundedElastic().
	 */
	WEBFLUX_JDBC("webflux-jdbc", App.WEBFLUX, List.of("jdbc")),

	/**
	 * The same on Schedulers.parallel(): the wrong scheduler for blocking work, on
	 * purpose.
	 */
	WEBFLUX_JDBC_PARALLEL("webflux-jdbc-parallel", App.WEBFLUX, List.of("jdbc", "parallel")),

	/** WebFlux with blocking controller methods on virtual threads. */
	WEBFLUX_VT("webflux-vt", App.WEBFLUX, List.of("vt")),

	/** mvc reading whole concerts through JPA's lazy relations, one select each. */
	MVC_PER_RELATION("mvc-per-relation", App.MVC, List.of(Stack.PER_RELATION)),

	/** webflux reading whole concerts with a publisher per relation. */
	WEBFLUX_PER_RELATION("webflux-per-relation", App.WEBFLUX, List.of(Stack.PER_RELATION));

	/** The stacks every suite covers. */
	static final List<Stack> CORE = List.of(MVC, MVC_VT, WEBFLUX);

	/** The profile of seed 001's per-relation reading of concerts. */
	private static final String PER_RELATION = "per-relation";

	private final String id;

	private final App app;

	private final List<String> profiles;

	Stack(String id, App app, List<String> profiles) {
		this.id = id;
		this.app = app;
		this.profiles = profiles;
	}

	/**
	 * The name the app reports in /actuator/info and in its metrics' {@code stack} tag.
	 */
	String id() {
		return this.id;
	}

	App app() {
		return this.app;
	}

	/** Whether it reads a whole concert a relation at a time rather than joined. */
	boolean perRelation() {
		return this.profiles.contains(PER_RELATION);
	}

	/** Profiles of the stack itself, added to the database's. */
	List<String> profiles() {
		return this.profiles;
	}

	/**
	 * The PostgreSQL schema (in MariaDB, the database) of this stack, so that the stacks
	 * never see each other's writes.
	 */
	String schema() {
		return "contract_" + this.id.replace('-', '_');
	}

	@Override
	public String toString() {
		return this.id;
	}

}

package dev.fluxbench.contract;

import java.util.List;

/**
 * The three stacks under test. mvc and mvc-vt are the same jar: virtual threads are a profile,
 * not a fork.
 */
enum Stack {

	MVC("mvc", App.MVC, List.of()),

	MVC_VT("mvc-vt", App.MVC, List.of("vt")),

	WEBFLUX("webflux", App.WEBFLUX, List.of());

	private final String id;

	private final App app;

	private final List<String> profiles;

	Stack(String id, App app, List<String> profiles) {
		this.id = id;
		this.app = app;
		this.profiles = profiles;
	}

	/** The name the app reports in /actuator/info and in its metrics' {@code stack} tag. */
	String id() {
		return this.id;
	}

	App app() {
		return this.app;
	}

	/** Profiles of the stack itself, added to the database's. */
	List<String> profiles() {
		return this.profiles;
	}

	/**
	 * The PostgreSQL schema (in MariaDB, the database) of this stack, so that the stacks never see
	 * each other's writes.
	 */
	String schema() {
		return "contract_" + this.id.replace('-', '_');
	}

	@Override
	public String toString() {
		return this.id;
	}

}

package dev.fluxbench.app.operation;

import dev.fluxbench.app.operation.OperationsProperties.Repository;
import dev.fluxbench.app.operation.OperationsProperties.SchedulerKind;

/**
 * The four WebFlux stacks of seed 002, named as the harness names them, and told apart by
 * the settings that really switch them rather than by profile names, as mvc tells mvc-vt
 * by its threads. A combination that is none of them stops the app at start-up instead of
 * running something no result file could name.
 */
public enum OperationsVariant {

	/** R2DBC all the way down. */
	WEBFLUX("webflux"),

	/**
	 * Reactive controllers over the blocking JPA repository, on a bounded-elastic
	 * scheduler.
	 */
	JDBC("webflux-jdbc"),

	/**
	 * The same on Reactor's parallel scheduler: the seed's wrong scheduler for blocking
	 * calls.
	 */
	JDBC_PARALLEL("webflux-jdbc-parallel"),

	/** Plain-value controllers over the blocking JPA repository, on virtual threads. */
	VT("webflux-vt");

	private final String stack;

	OperationsVariant(String stack) {
		this.stack = stack;
	}

	/** The stack's name in /actuator/info and in every metric's {@code stack} tag. */
	public String stack() {
		return this.stack;
	}

	public static OperationsVariant of(OperationsProperties properties, boolean virtualThreads) {
		boolean jpa = properties.repository() == Repository.JPA;
		boolean parallel = properties.scheduler() == SchedulerKind.PARALLEL;
		if (virtualThreads) {
			if (!jpa) {
				throw new IllegalStateException("spring.threads.virtual.enabled=true runs only controller methods "
						+ "with a plain return type on virtual threads, and only the operations over JPA have them: "
						+ "set " + OperationsProperties.REPOSITORY + "=jpa too (the profile vt sets both)");
			}
			if (parallel) {
				throw new IllegalStateException(OperationsProperties.SCHEDULER
						+ "=parallel is webflux-jdbc-parallel's (profiles jdbc,parallel); with virtual threads on, "
						+ "no blocking call runs on a scheduler");
			}
			return VT;
		}
		if (!jpa) {
			if (parallel) {
				throw new IllegalStateException(OperationsProperties.SCHEDULER + "=parallel applies to "
						+ OperationsProperties.REPOSITORY + "=jpa only: use the profiles jdbc,parallel");
			}
			return WEBFLUX;
		}
		return parallel ? JDBC_PARALLEL : JDBC;
	}

}

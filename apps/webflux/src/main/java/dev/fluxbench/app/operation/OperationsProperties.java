package dev.fluxbench.app.operation;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How seed 002's operations and accounts are stored, and where the blocking calls run
 * when they are stored through JDBC. The profiles jdbc, parallel and vt only set these
 * (and virtual threads), so a variant is what these say, whatever the profiles were
 * called; see {@link OperationsVariant}.
 *
 * @param repository {@code r2dbc}, or {@code jpa}: mvc's blocking
 * {@link OperationJpaRepository}, and the accounts through JDBC, on the pool
 * {@code fluxbench.jdbc.*} configures
 * @param scheduler where {@code jpa} runs its blocking calls unless virtual threads are
 * on: {@code bounded-elastic}, a scheduler of our own that the two caps below size, or
 * {@code parallel}, Reactor's shared one thread per core, which is the wrong place for
 * blocking work, on purpose
 * @param threadCap bounded-elastic only: its threads at most, so the blocking calls in
 * flight at once
 * @param queuedTaskCap bounded-elastic only: the calls that may wait for a thread; more
 * fail
 */
@Validated
@ConfigurationProperties(OperationsProperties.PREFIX)
public record OperationsProperties(@NotNull Repository repository, @NotNull SchedulerKind scheduler,
		@Min(1) int threadCap, @Min(1) int queuedTaskCap) {

	static final String PREFIX = "fluxbench.operations";

	/**
	 * For {@code @ConditionalOnProperty}, which compares the property's text, as written:
	 * r2dbc or jpa.
	 */
	public static final String REPOSITORY = PREFIX + ".repository";

	static final String SCHEDULER = PREFIX + ".scheduler";

	/**
	 * The bean name of the scheduler that {@code jpa} runs its blocking calls on, the
	 * operations' and the account lookups' alike; it exists only then.
	 */
	public static final String SCHEDULER_BEAN = "operationsScheduler";

	public enum Repository {

		R2DBC, JPA

	}

	public enum SchedulerKind {

		BOUNDED_ELASTIC, PARALLEL

	}

}

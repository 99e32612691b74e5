package dev.fluxbench.harness.report;

import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import dev.fluxbench.harness.launch.DatabaseActivity;

/**
 * A cumulative counter that the report turns into a per-load figure: the series of
 * metrics.csv it adds up, and what their absence means.
 *
 * @param source whose counter: {@code app} or {@code generator}
 * @param metric its name in metrics.csv
 * @param tags which of its series count, by their tags as metrics.csv keeps them
 * @param unit what one unit of the series is worth in the figure's unit, as 1e-9 for
 * nanoseconds into seconds
 * @param createdAtFirstEvent whether a series of it may first appear with its first
 * event, as Micrometer registers a meter for a new set of tags: then a series that
 * appears during a load was 0 before
 * @param witness a series whose presence shows that whatever creates the counter's series
 * is there, so that none of them means nothing happened yet; empty when there is no such
 * sign
 */
record Counter(String source, String metric, Predicate<String> tags, double unit, boolean createdAtFirstEvent,
		Optional<String> witness) {

	/** What fluxbench reads from /proc, not from the target's metrics. */
	private static final Set<String> PROC = Set.of("cpu_time_seconds", "rss_bytes", "jit_cpu_seconds");

	private static final Predicate<String> EVERY_SERIES = (tags) -> true;

	/** The app's CPU time, user + system, from /proc: there since the process started. */
	static final Counter APP_CPU = new Counter("app", "cpu_time_seconds", EVERY_SERIES, 1, false, Optional.empty());

	/**
	 * The app's own CPU counter, as Micrometer exposes it: what a service fluxbench did
	 * not start has instead. Not {@code process_cpu_usage}, a gauge of the recent share
	 * of the machine that cannot be added up over a load.
	 */
	static final Counter APP_CPU_MICROMETER = new Counter("app", "process_cpu_time_ns_total", EVERY_SERIES, 1e-9, false,
			Optional.empty());

	/** The app's own CPU counter, as the Prometheus client libraries expose it. */
	static final Counter APP_CPU_PROMETHEUS = new Counter("app", "process_cpu_seconds_total", EVERY_SERIES, 1, false,
			Optional.empty());

	/** The harness' own CPU time. */
	/** The app's JIT compiler threads, from /proc. */
	static final Counter APP_JIT_CPU = new Counter("app", "jit_cpu_seconds", EVERY_SERIES, 1, false, Optional.empty());

	/**
	 * The time compilations took by Micrometer, waiting for a core included: an upper
	 * bound of the JIT's CPU time.
	 */
	static final Counter APP_COMPILATION_MICROMETER = new Counter("app", "jvm_compilation_time_ms_total", EVERY_SERIES,
			1e-3, false, Optional.empty());

	static final Counter GENERATOR_CPU = new Counter("generator", "cpu_time_seconds", EVERY_SERIES, 1, false,
			Optional.empty());

	/**
	 * Micrometer registers the allocation counter when it binds the GC metrics, before
	 * any pause: with it, an app without pause series has not paused yet.
	 */
	private static final Optional<String> GC_METRICS_BOUND = Optional.of("jvm_gc_memory_allocated_bytes_total");

	/**
	 * GC pauses, over every collector, action and cause: a series per combination, made
	 * at its first pause.
	 */
	static final Counter GC_PAUSES = new Counter("app", "jvm_gc_pause_seconds_count", EVERY_SERIES, 1, true,
			GC_METRICS_BOUND);

	/** Time in GC pauses, in seconds. */
	static final Counter GC_PAUSE_SECONDS = new Counter("app", "jvm_gc_pause_seconds_sum", EVERY_SERIES, 1, true,
			GC_METRICS_BOUND);

	/**
	 * Seed 002's password checks. Summed over every series: a Prometheus server may add
	 * labels of its own (instance, job).
	 */
	static final Counter PASSWORD_CHECKS = new Counter("app", "fluxbench_password_checks_total", EVERY_SERIES, 1, true,
			Optional.empty());

	/**
	 * What they took, over both clocks: thread CPU, and wall time where the JDK measured
	 * no CPU.
	 */
	static final Counter PASSWORD_CHECK_SECONDS = new Counter("app", "fluxbench_password_check_seconds_total",
			EVERY_SERIES, 1, true, Optional.empty());

	/** Of that, the wall time: an upper bound of the CPU it stands for. */
	static final Counter PASSWORD_CHECK_WALL_SECONDS = new Counter("app", "fluxbench_password_check_seconds_total",
			(tags) -> tags.contains("clock=\"wall\""), 1, true, Optional.empty());

	/**
	 * The SQL statements the app executed, as its driver proxy counted them (seed 001's
	 * ways of reading a concert). The counter is registered at start-up, before Flyway's
	 * statements, so it is there from the first scrape.
	 */
	static final Counter SQL_STATEMENTS = new Counter("app", "fluxbench_sql_statements_total", EVERY_SERIES, 1, false,
			Optional.empty());

	/**
	 * Calls a circuit breaker counted as failed. Resilience4j makes a breaker's series
	 * with the breaker, which may be at its first call.
	 */
	static Counter breakerFailedCalls(String breaker) {
		return new Counter("app", "resilience4j_circuitbreaker_calls_seconds_count",
				(tags) -> named(tags, breaker) && Scrape.tag(tags, "kind").filter("failed"::equals).isPresent(), 1,
				true, Optional.empty());
	}

	/** Calls a circuit breaker refused while open: the app answered without calling. */
	static Counter breakerNotPermittedCalls(String breaker) {
		return new Counter("app", "resilience4j_circuitbreaker_not_permitted_calls_total",
				(tags) -> named(tags, breaker), 1, true, Optional.empty());
	}

	/**
	 * One of the database's own counters ({@code pg_stat_database}), which fluxbench
	 * reads itself: there from the load's first second.
	 */
	static Counter database(String metric) {
		return new Counter(DatabaseActivity.SOURCE, metric, EVERY_SERIES, 1, false, Optional.empty());
	}

	private static boolean named(String tags, String breaker) {
		return Scrape.tag(tags, "name").filter(breaker::equals).isPresent();
	}

	boolean counts(Scrape.Series series) {
		return series.source().equals(this.source) && series.metric().equals(this.metric)
				&& this.tags.test(series.tags());
	}

	/**
	 * Whether the target's metrics expose it; otherwise fluxbench measures it itself
	 * (/proc, its own JVM).
	 */
	boolean exposed() {
		return this.source.equals("app") && !PROC.contains(this.metric);
	}

}

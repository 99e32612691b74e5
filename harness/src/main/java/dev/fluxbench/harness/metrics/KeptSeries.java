package dev.fluxbench.harness.metrics;

import java.util.List;
import java.util.Optional;

import dev.fluxbench.contract.metrics.PrometheusText;

/**
 * The series of a Prometheus exposition that a benchmark needs, out of the several
 * hundred an app exposes. Keeping all of them once a second would make the metrics file
 * bigger than the samples.
 */
public final class KeptSeries {

	/**
	 * Metric name prefixes worth a line per second: memory, CPU, JIT compilation time, GC
	 * (with the allocation counter, which Micrometer registers with its GC metrics before
	 * the first pause: an app that has it but no pause series has not paused yet),
	 * threads, every pool, the partner-data service's cache hits, misses and failures
	 * taken for misses ({@code cache_errors_total}) and lookups by requester, the 503s of
	 * an overloaded stack and the clients that went away
	 * ({@code fluxbench_overload_total}, {@code fluxbench_client_disconnects_total}),
	 * seed 002's password checks and the time they took
	 * ({@code fluxbench_password_checks_total},
	 * {@code fluxbench_password_check_seconds_total}), the SQL statements the app
	 * executed ({@code fluxbench_sql_statements_total}), and the circuit breakers' state,
	 * failure rate, calls and calls not permitted, which the report draws under a fault
	 * schedule (Resilience4j's Micrometer names), the requests the app is serving
	 * ({@link InFlight}), and the requests it served, by which the report tells how a
	 * balancer spread the load over nodes.
	 */
	private static final List<String> PREFIXES = List.of("jvm_memory_used_bytes", "jvm_memory_committed_bytes",
			"process_cpu_usage", "process_cpu_time", "process_cpu_seconds_total", "system_cpu_usage",
			"jvm_gc_pause_seconds_count", "jvm_gc_pause_seconds_sum", "jvm_gc_pause_seconds_max",
			"jvm_gc_memory_allocated_bytes_total", "jvm_threads_live_threads", "jvm_threads_peak",
			"jvm_threads_virtual", "hikaricp_connections", "r2dbc_pool_", "httpcomponents_httpclient_pool_",
			"reactor_netty_connection_provider_", "tomcat_threads_", "executor_active", "executor_queued",
			"jvm_compilation_time_ms_total", "cache_gets_total", "cache_errors_total", "fluxbench_unit_lookups_total",
			"fluxbench_overload_total", "fluxbench_client_disconnects_total", "fluxbench_password_check",
			"fluxbench_sql_statements", "resilience4j_circuitbreaker_state", "resilience4j_circuitbreaker_failure_rate",
			"resilience4j_circuitbreaker_calls_seconds_count", "resilience4j_circuitbreaker_not_permitted_calls_total",
			InFlight.ACTIVE_COUNT, InFlight.ACTIVE_HISTOGRAM_COUNT, "http_server_requests_seconds_count");

	private KeptSeries() {
	}

	public static boolean isKept(String name) {
		return PREFIXES.stream().anyMatch(name::startsWith);
	}

	/**
	 * The kept samples of an exposition; a line that cannot be read is passed over, as
	 * the harness scrapes services it did not write.
	 */
	public static List<PrometheusText.Sample> of(String exposition) {
		// A sample's line starts with its name: the prefixes pick the lines before the
		// several hundred others cost a parse.
		return exposition.lines()
			.filter(KeptSeries::isKept)
			.map(PrometheusText::parseLine)
			.flatMap(Optional::stream)
			.toList();
	}

}

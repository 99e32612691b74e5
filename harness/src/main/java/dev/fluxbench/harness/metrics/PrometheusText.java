package dev.fluxbench.harness.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * The series of a Prometheus text exposition that a benchmark needs, out of the several
 * hundred an app exposes. Keeping all of them once a second would make the metrics file
 * bigger than the samples.
 */
public final class PrometheusText {

	/**
	 * Metric name prefixes worth a line per second: memory, CPU, GC, threads, every pool,
	 * the partner-data service's cache hits and misses and lookups by requester, and seed
	 * 002's password checks and the time they took
	 * ({@code fluxbench_password_checks_total},
	 * {@code fluxbench_password_check_seconds_total}), and the circuit breakers' state,
	 * failure rate, calls and calls not permitted, which the report draws under a fault
	 * schedule (Resilience4j's Micrometer names).
	 */
	public static final List<String> KEPT = List.of("jvm_memory_used_bytes", "jvm_memory_committed_bytes",
			"process_cpu_usage", "process_cpu_time", "process_cpu_seconds_total", "system_cpu_usage",
			"jvm_gc_pause_seconds_count", "jvm_gc_pause_seconds_sum", "jvm_gc_pause_seconds_max",
			"jvm_threads_live_threads", "jvm_threads_peak", "jvm_threads_virtual", "hikaricp_connections",
			"r2dbc_pool_", "httpcomponents_httpclient_pool_", "reactor_netty_connection_provider_", "tomcat_threads_",
			"executor_active", "executor_queued", "cache_gets_total", "fluxbench_unit_lookups_total",
			"fluxbench_password_check", "resilience4j_circuitbreaker_state", "resilience4j_circuitbreaker_failure_rate",
			"resilience4j_circuitbreaker_calls_seconds_count", "resilience4j_circuitbreaker_not_permitted_calls_total");

	/**
	 * @param name metric name
	 * @param tags the labels as written, without braces:
	 * {@code area="heap",id="G1 Eden Space"}
	 * @param value the sample's value
	 */
	public record Series(String name, String tags, double value) {

	}

	private PrometheusText() {
	}

	public static List<Series> parseKept(String exposition) {
		List<Series> kept = new ArrayList<>();
		for (String line : exposition.split("\n")) {
			if (line.isEmpty() || line.charAt(0) == '#' || KEPT.stream().noneMatch(line::startsWith)) {
				continue;
			}
			parse(line).ifPresent(kept::add);
		}
		return kept;
	}

	public static java.util.Optional<Series> parse(String line) {
		int brace = line.indexOf('{');
		int space;
		String name;
		String tags = "";
		if (brace >= 0 && brace < line.indexOf(' ')) {
			int close = line.lastIndexOf('}');
			if (close < brace) {
				return java.util.Optional.empty();
			}
			name = line.substring(0, brace);
			tags = line.substring(brace + 1, close);
			space = close + 1;
		}
		else {
			space = line.indexOf(' ');
			if (space < 0) {
				return java.util.Optional.empty();
			}
			name = line.substring(0, space);
		}
		String[] rest = line.substring(space).trim().split("\\s+");
		try {
			return java.util.Optional.of(new Series(name, tags, Double.parseDouble(rest[0])));
		}
		catch (NumberFormatException ex) {
			return java.util.Optional.empty();
		}
	}

}

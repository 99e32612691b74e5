package dev.fluxbench.harness.metrics;

import java.util.Map;

import dev.fluxbench.contract.metrics.PrometheusText;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class KeptSeriesTests {

	private static final String EXPOSITION = """
			# HELP jvm_memory_used_bytes The amount of used memory
			# TYPE jvm_memory_used_bytes gauge
			jvm_memory_used_bytes{application="fluxbench-mvc",area="heap",id="G1 Eden Space",stack="mvc"} 1.2345E7
			jvm_classes_loaded_classes{application="fluxbench-mvc",stack="mvc"} 12000.0
			hikaricp_connections_active{application="fluxbench-mvc",pool="artists",stack="mvc"} 3.0
			process_cpu_usage 0.25
			""";

	@Test
	void keptSeriesShouldBeOnlyTheOnesABenchmarkNeeds() {
		assertThat(KeptSeries.of(EXPOSITION))
			.extracting(PrometheusText.Sample::name, PrometheusText.Sample::labelsText, PrometheusText.Sample::value)
			.containsExactly(
					tuple("jvm_memory_used_bytes",
							"application=\"fluxbench-mvc\",area=\"heap\",id=\"G1 Eden Space\",stack=\"mvc\"", 1.2345E7),
					tuple("hikaricp_connections_active", "application=\"fluxbench-mvc\",pool=\"artists\",stack=\"mvc\"",
							3.0),
					tuple("process_cpu_usage", "", 0.25));
	}

	@Test
	void keptSeriesShouldHoldTheAllocationCounterThatShowsAnAppMeasuresItsGcPauses() {
		assertThat(KeptSeries.of("""
				jvm_gc_memory_allocated_bytes_total{application="fluxbench-mvc"} 1.5E9
				jvm_gc_memory_promoted_bytes_total{application="fluxbench-mvc"} 2.0E7
				""")).extracting(PrometheusText.Sample::name).containsExactly("jvm_gc_memory_allocated_bytes_total");
	}

	@Test
	void keptSeriesShouldHoldSeed002sPasswordChecksAndTheTimeTheyTookOnEitherClock() {
		assertThat(KeptSeries
			.of("""
					# TYPE fluxbench_password_checks_total counter
					fluxbench_password_checks_total{application="fluxbench-webflux",stack="webflux-vt"} 120.0
					fluxbench_password_check_seconds_total{application="fluxbench-webflux",clock="cpu",stack="webflux-vt"} 0.0
					fluxbench_password_check_seconds_total{application="fluxbench-webflux",clock="wall",stack="webflux-vt"} 7.5
					fluxbench_passwords_other_total 3.0
					"""))
			.extracting(PrometheusText.Sample::name, PrometheusText.Sample::value)
			.containsExactly(tuple("fluxbench_password_checks_total", 120.0),
					tuple("fluxbench_password_check_seconds_total", 0.0),
					tuple("fluxbench_password_check_seconds_total", 7.5));
	}

	@Test
	void keptSeriesShouldHoldTheCircuitBreakersStateFailureRateAndCalls() {
		assertThat(KeptSeries
			.of("""
					resilience4j_circuitbreaker_state{application="fluxbench-mvc",name="downstream",state="open"} 1.0
					resilience4j_circuitbreaker_state{application="fluxbench-mvc",name="downstream",state="closed"} 0.0
					resilience4j_circuitbreaker_failure_rate{application="fluxbench-mvc",name="downstream"} 62.5
					resilience4j_circuitbreaker_calls_seconds_count{application="fluxbench-mvc",kind="failed",name="downstream"} 40.0
					resilience4j_circuitbreaker_calls_seconds_sum{application="fluxbench-mvc",kind="failed",name="downstream"} 12.0
					resilience4j_circuitbreaker_not_permitted_calls_total{application="fluxbench-mvc",kind="not_permitted",name="downstream"} 7.0
					resilience4j_circuitbreaker_slow_call_rate{application="fluxbench-mvc",name="downstream"} -1.0
					"""))
			.extracting(PrometheusText.Sample::name, PrometheusText.Sample::value)
			.containsExactly(tuple("resilience4j_circuitbreaker_state", 1.0),
					tuple("resilience4j_circuitbreaker_state", 0.0),
					tuple("resilience4j_circuitbreaker_failure_rate", 62.5),
					tuple("resilience4j_circuitbreaker_calls_seconds_count", 40.0),
					tuple("resilience4j_circuitbreaker_not_permitted_calls_total", 7.0));
	}

	@Test
	void keptSeriesShouldHoldCacheFailuresOverloadAndClientsThatWentAway() {
		assertThat(KeptSeries.of("""
				cache_errors_total{cache="units",operation="get"} 4848.0
				cache_puts_total{cache="units"} 12.0
				fluxbench_overload_total{reason="overloaded"} 3.0
				fluxbench_client_disconnects_total 2.0
				""")).extracting(PrometheusText.Sample::name, PrometheusText.Sample::value)
			.containsExactly(tuple("cache_errors_total", 4848.0), tuple("fluxbench_overload_total", 3.0),
					tuple("fluxbench_client_disconnects_total", 2.0));
	}

	@Test
	void keptSeriesWhenALineCannotBeReadShouldPassOverItAndKeepTheOthers() {
		assertThat(KeptSeries.of("process_cpu_usage\nprocess_cpu_usage NaNx\nprocess_cpu_usage 0.5\n"))
			.containsExactly(new PrometheusText.Sample("process_cpu_usage", Map.of(), 0.5));
	}

}

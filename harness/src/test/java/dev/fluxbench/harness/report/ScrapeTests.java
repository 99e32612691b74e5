package dev.fluxbench.harness.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import dev.fluxbench.harness.results.MetricsCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class ScrapeTests {

	private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");

	@Test
	void countersShouldBeKeptSeriesBySeriesAndGaugesAsFigures(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "process_cpu_time_ns_total", "", 2.5e9),
				new MetricsCsv.Line(AT, "app", "cpu_time_seconds", "", 1.25),
				new MetricsCsv.Line(AT, "generator", "cpu_time_seconds", "", 0.5),
				new MetricsCsv.Line(AT, "app", "jvm_gc_pause_seconds_count", "gc=\"G1 Young Generation\"", 3),
				new MetricsCsv.Line(AT, "app", "jvm_gc_pause_seconds_max", "gc=\"G1 Young Generation\"", 0.01),
				new MetricsCsv.Line(AT, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"G1 Eden Space\"", 4e6),
				new MetricsCsv.Line(AT, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"G1 Old Gen\"", 6e6)));
		metrics.close();
		assertThat(Scrape.read(file)).singleElement().satisfies((scrape) -> {
			assertThat(scrape.answered()).isTrue();
			assertThat(scrape.heapUsed()).isEqualTo(1e7);
			assertThat(scrape.counters()).containsOnly(
					entry(new Scrape.Series("app", "process_cpu_time_ns_total", ""), 2.5e9),
					entry(new Scrape.Series("app", "cpu_time_seconds", ""), 1.25),
					entry(new Scrape.Series("generator", "cpu_time_seconds", ""), 0.5),
					entry(new Scrape.Series("app", "jvm_gc_pause_seconds_count", "gc=\"G1 Young Generation\""), 3.0));
		});
	}

	@Test
	void scrapeWhenItHoldsOnlyWhatFluxbenchReadsItselfShouldCountAsUnanswered(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "cpu_time_seconds", "", 1.25),
				new MetricsCsv.Line(AT, "app", "rss_bytes", "", 3e8),
				new MetricsCsv.Line(AT, "app", "scrape_failed", "HttpTimeoutException", 1),
				new MetricsCsv.Line(AT.plusSeconds(1), "app", "process_cpu_usage", "", 0.25)));
		metrics.close();
		assertThat(Scrape.read(file)).extracting(Scrape::answered).containsExactly(false, true);
	}

	@Test
	void circuitBreakersShouldBeReadByNameWithTheStateThatSaysOne(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_state",
						"application=\"mvc\",name=\"downstream\",state=\"closed\"", 0),
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_state",
						"application=\"mvc\",name=\"downstream\",state=\"open\"", 1),
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_state",
						"application=\"mvc\",name=\"partner\",state=\"closed\"", 1),
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_failure_rate", "name=\"downstream\"", 62.5),
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_calls_seconds_count",
						"kind=\"failed\",name=\"downstream\"", 40),
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_calls_seconds_count",
						"kind=\"successful\",name=\"downstream\"", 900),
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_not_permitted_calls_total",
						"kind=\"not_permitted\",name=\"downstream\"", 7),
				new MetricsCsv.Line(AT, "app", "resilience4j_circuitbreaker_state", "state=\"open\"", 1)));
		metrics.close();
		assertThat(Scrape.read(file)).singleElement().satisfies((scrape) -> {
			assertThat(scrape.breakers()).containsOnlyKeys("downstream", "partner");
			assertThat(scrape.breakers().get("downstream")).isEqualTo(new Scrape.Breaker("open", 62.5));
			assertThat(scrape.counters()).containsEntry(new Scrape.Series("app",
					"resilience4j_circuitbreaker_calls_seconds_count", "kind=\"failed\",name=\"downstream\""), 40.0);
			assertThat(scrape.breakers().get("downstream").open()).isTrue();
			assertThat(scrape.breakers().get("partner").closed()).isTrue();
		});
	}

	@Test
	void breakersWhenTheAppHasNoneShouldBeEmpty(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "cpu_time_seconds", "", 1.0)));
		metrics.close();
		assertThat(Scrape.read(file)).singleElement().satisfies((scrape) -> assertThat(scrape.breakers()).isEmpty());
	}

}

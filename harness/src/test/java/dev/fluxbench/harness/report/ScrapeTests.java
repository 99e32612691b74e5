package dev.fluxbench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.MetricsCsv;

class ScrapeTests {

	private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");

	@Test
	void aGivenServicesOwnCpuCounterStandsInForProc(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "process_cpu_time_ns_total", "", 2.5e9),
				new MetricsCsv.Line(AT.plusSeconds(1), "app", "process_cpu_seconds_total", "", 3.0)));
		metrics.close();
		assertThat(Scrape.read(file)).extracting(Scrape::appCpuSeconds).containsExactly(2.5, 3.0);
	}

	@Test
	void procWinsOverTheServicesOwnCounter(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "process_cpu_time_ns_total", "", 9e9),
				new MetricsCsv.Line(AT, "app", "cpu_time_seconds", "", 1.25)));
		metrics.close();
		assertThat(Scrape.read(file)).extracting(Scrape::appCpuSeconds).containsExactly(1.25);
	}

	@Test
	void passwordChecksAddUpOverBothClocksAndKeepTheWallPartApart(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics
			.write(List.of(new MetricsCsv.Line(AT, "app", "fluxbench_password_checks_total", "stack=\"mvc-vt\"", 40),
					new MetricsCsv.Line(AT, "app", "fluxbench_password_check_seconds_total",
							"clock=\"cpu\",stack=\"mvc-vt\"", 0.5),
					new MetricsCsv.Line(AT, "app", "fluxbench_password_check_seconds_total",
							"clock=\"wall\",stack=\"mvc-vt\"", 3.5),
					new MetricsCsv.Line(AT.plusSeconds(1), "app", "fluxbench_password_checks_total", "", 50),
					new MetricsCsv.Line(AT.plusSeconds(1), "app", "fluxbench_password_check_seconds_total",
							"clock=\"cpu\"", 4.0),
					new MetricsCsv.Line(AT.plusSeconds(2), "app", "cpu_time_seconds", "", 1.0)));
		metrics.close();
		List<Scrape> scrapes = Scrape.read(file);
		assertThat(scrapes).extracting(Scrape::passwordChecks).containsExactly(40.0, 50.0, Double.NaN);
		assertThat(scrapes).extracting(Scrape::passwordCheckSeconds).containsExactly(4.0, 4.0, Double.NaN);
		assertThat(scrapes).extracting(Scrape::passwordCheckWallSeconds).containsExactly(3.5, 0.0, Double.NaN);
	}

	@Test
	void eachCircuitBreakerIsReadByNameWithTheStateThatSaysOne(@TempDir Path directory) {
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
			assertThat(scrape.breakers().get("downstream")).isEqualTo(new Scrape.Breaker("open", 62.5, 40, 7));
			assertThat(scrape.breakers().get("downstream").open()).isTrue();
			assertThat(scrape.breakers().get("partner").closed()).isTrue();
		});
	}

	@Test
	void anAppWithoutBreakersHasNone(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "cpu_time_seconds", "", 1.0)));
		metrics.close();
		assertThat(Scrape.read(file)).singleElement().satisfies((scrape) -> assertThat(scrape.breakers()).isEmpty());
	}

	@Test
	void passwordChecksNeedTwoScrapesThatHaveThemAndAreNoneOtherwise() {
		Scrape without = scrape(0, Double.NaN, Double.NaN, Double.NaN, 10);
		assertThat(LoadResult.passwordChecks(List.of(without, scrape(1, Double.NaN, Double.NaN, Double.NaN, 12))))
			.isEmpty();
		assertThat(LoadResult.passwordChecks(List.of(without, scrape(1, 5, 0.4, 0, 12)))).isEmpty();
		LoadResult.PasswordChecks checks = LoadResult
			.passwordChecks(List.of(scrape(0, 5, 0.4, 0, 10), without, scrape(2, 25, 2.4, 0, 18)))
			.orElseThrow();
		assertThat(checks.checks()).isEqualTo(20);
		assertThat(checks.seconds()).isEqualTo(2.0);
		assertThat(checks.upperBound()).isFalse();
		assertThat(checks.shareOfAppCpu()).isEqualTo(0.25);
		assertThat(checks.secondsPerJourney(Optional.of(new Journeys(40, 40, 0, 0)))).isEqualTo(0.05);
		assertThat(checks.secondsPerJourney(Optional.empty())).isNaN();
	}

	private static Scrape scrape(int second, double checks, double seconds, double wall, double appCpu) {
		double nan = Double.NaN;
		return new Scrape(AT.plusSeconds(second), nan, nan, nan, nan, nan, appCpu, nan, nan, nan, nan, checks, seconds,
				wall);
	}

}

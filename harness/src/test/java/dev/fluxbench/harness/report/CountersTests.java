package dev.fluxbench.harness.report;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.MetricsCsv;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Every counter the report turns into a per-load figure, read from a metrics.csv as the
 * harness writes it: a series that appears during the load, a series reset by a restart,
 * and the reasons a figure cannot be known.
 */
class CountersTests {

	private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");

	private static final String YOUNG = "action=\"end of minor GC\",cause=\"G1 Evacuation Pause\","
			+ "gc=\"G1 Young Generation\"";

	private static final String OLD = "action=\"end of major GC\",cause=\"G1 Compaction Pause\","
			+ "gc=\"G1 Old Generation\"";

	@TempDir
	Path directory;

	@Test
	void gcPausesWhenTheirSeriesAppearsDuringTheLoadShouldCountFromZero() {
		// The quick report's webflux at 5 users: a 62 ms young pause whose series
		// appeared 5 s into the load.
		MetricsFile metrics = new MetricsFile().answered(0, 8);
		for (int second = 5; second < 8; second++) {
			metrics.app(second, "jvm_gc_pause_seconds_count", YOUNG, 1)
				.app(second, "jvm_gc_pause_seconds_sum", YOUNG, 0.062);
		}
		List<Scrape> scrapes = metrics.scrapes();
		assertThat(Counters.increase(scrapes, Counter.GC_PAUSES)).isEqualTo(Figure.of(1));
		assertThat(Counters.increase(scrapes, Counter.GC_PAUSE_SECONDS).value()).isCloseTo(0.062, within(1e-12));
	}

	@Test
	void requestsWhenNodesShareTheLoadShouldBeCountedPerNodeWithoutTheHarnessOwnScrapes() {
		MetricsFile metrics = new MetricsFile().answered(0, 4);
		for (int second = 0; second < 4; second++) {
			metrics.app(second, "http_server_requests_seconds_count", "node=\"1\",uri=\"/passthrough\"", 10 * second)
				.app(second, "http_server_requests_seconds_count", "node=\"2\",uri=\"/passthrough\"", 11 * second)
				.app(second, "http_server_requests_seconds_count", "node=\"2\",uri=\"/actuator/prometheus\"", second)
				.app(second, "http_server_requests_seconds_count", "uri=\"/passthrough\"", 100 * second);
		}
		Map<String, Double> served = Counters.increaseByTag(metrics.scrapes(), "http_server_requests_seconds_count",
				"node", (tags) -> !Scrape.tag(tags, "uri").orElse("").startsWith("/actuator"));
		assertThat(served).containsExactly(Map.entry("1", 30.0), Map.entry("2", 33.0));
		assertThat(NodeSpread.of(served.values()).even()).isTrue();
		assertThat(NodeSpread.of(List.of(30.0, 70.0)).describe()).isEqualTo("UNEVEN (busiest 70 %, least 30 %)");
	}

	@ParameterizedTest
	@CsvSource({ "2.0, 0.1, 0.05", "0.1, 0.03, 0.03", "0, 0, 0" })
	void jitShareWhenTheAppUsedLessThanACoreShouldBeMeasuredAgainstACore(double appCpuPerSecond, double jitPerSecond,
			double share) {
		// A light load's few compilations are no sign of an unfinished JIT; a core taken
		// from a busy app is.
		MetricsFile metrics = new MetricsFile().answered(0, 11);
		for (int second = 0; second <= 10; second++) {
			metrics.app(second, "cpu_time_seconds", "", 5 + second * appCpuPerSecond)
				.app(second, "jit_cpu_seconds", "", 1 + second * jitPerSecond);
		}
		assertThat(Counters.jitShare(metrics.scrapes()).value()).isCloseTo(share, within(1e-9));
	}

	@Test
	void gcPausesWhenTheirSeriesIsPresentFromTheStartShouldCountFromItsFirstValue() {
		MetricsFile metrics = new MetricsFile().answered(0, 3)
			.app(0, "jvm_gc_pause_seconds_count", YOUNG, 10)
			.app(1, "jvm_gc_pause_seconds_count", YOUNG, 12)
			.app(2, "jvm_gc_pause_seconds_count", YOUNG, 15);
		assertThat(Counters.increase(metrics.scrapes(), Counter.GC_PAUSES)).isEqualTo(Figure.of(5));
	}

	@Test
	void gcPausesWhenACollectorFirstPausesBesideAnotherShouldAddItsWholeCount() {
		MetricsFile metrics = new MetricsFile().answered(0, 3)
			.app(0, "jvm_gc_pause_seconds_count", YOUNG, 10)
			.app(1, "jvm_gc_pause_seconds_count", YOUNG, 11)
			.app(2, "jvm_gc_pause_seconds_count", YOUNG, 12)
			.app(2, "jvm_gc_pause_seconds_count", OLD, 1);
		assertThat(Counters.increase(metrics.scrapes(), Counter.GC_PAUSES)).isEqualTo(Figure.of(2 + 1));
	}

	@Test
	void gcPausesWhenResetByARestartShouldCountOnFromZeroInsteadOfSubtracting() {
		MetricsFile metrics = new MetricsFile().answered(0, 4)
			.app(0, "jvm_gc_pause_seconds_sum", YOUNG, 1.0)
			.app(1, "jvm_gc_pause_seconds_sum", YOUNG, 1.5)
			.app(2, "jvm_gc_pause_seconds_sum", YOUNG, 0.25)
			.app(3, "jvm_gc_pause_seconds_sum", YOUNG, 0.75);
		assertThat(Counters.increase(metrics.scrapes(), Counter.GC_PAUSE_SECONDS))
			.isEqualTo(Figure.of(0.5 + 0.25 + 0.5));
	}

	@Test
	void resetOfOneSeriesShouldNotBeHiddenByTheGrowthOfAnother() {
		// Two instances behind one Prometheus selector: the first restarts while the
		// second keeps counting, and their sum only dips.
		String first = YOUNG + ",instance=\"a\"";
		String second = YOUNG + ",instance=\"b\"";
		MetricsFile metrics = new MetricsFile().answered(0, 2)
			.app(0, "jvm_gc_pause_seconds_count", first, 100)
			.app(0, "jvm_gc_pause_seconds_count", second, 100)
			.app(1, "jvm_gc_pause_seconds_count", first, 5)
			.app(1, "jvm_gc_pause_seconds_count", second, 110);
		assertThat(Counters.increase(metrics.scrapes(), Counter.GC_PAUSES)).isEqualTo(Figure.of(5 + 10));
	}

	@Test
	void seriesWhenFirstSeenAfterAnUnansweredScrapeShouldStartFromItsFirstValue() {
		// The series may have existed all along: its first value is a start, not an
		// increase.
		MetricsFile metrics = new MetricsFile().failed(0)
			.answered(1, 3)
			.app(1, "jvm_gc_pause_seconds_count", YOUNG, 40)
			.app(2, "jvm_gc_pause_seconds_count", YOUNG, 41);
		assertThat(Counters.increase(metrics.scrapes(), Counter.GC_PAUSES)).isEqualTo(Figure.of(1));
		MetricsFile once = new MetricsFile().failed(0).answered(1, 2).app(1, "jvm_gc_pause_seconds_count", YOUNG, 40);
		assertThat(Counters.increase(once.scrapes(), Counter.GC_PAUSES)).isEqualTo(Figure.unknown(Figure.ONE_SCRAPE));
	}

	@Test
	void gcPausesWhenThereIsNoPauseSeriesShouldBeZeroIfTheGcMetricsAreThereAndUnknownOtherwise() {
		MetricsFile bound = new MetricsFile().answered(0, 3);
		for (int second = 0; second < 3; second++) {
			bound.app(second, "jvm_gc_memory_allocated_bytes_total", "", 1e6 * (second + 1));
		}
		assertThat(Counters.increase(bound.scrapes(), Counter.GC_PAUSES)).isEqualTo(Figure.of(0));
		assertThat(Counters.increase(new MetricsFile().answered(0, 3).scrapes(), Counter.GC_PAUSES))
			.isEqualTo(Figure.unknown(Figure.NOT_EXPOSED));
	}

	@Test
	void figureWhenThereAreNoScrapesOrAnsweredMetricsShouldSayWhy() {
		assertThat(Counters.increase(List.of(), Counter.GC_PAUSES)).isEqualTo(Figure.unknown(Figure.NOT_SCRAPED));
		MetricsFile unanswered = new MetricsFile().failed(0).failed(1).failed(2);
		assertThat(Counters.increase(unanswered.scrapes(), Counter.GC_PAUSES))
			.isEqualTo(Figure.unknown(Figure.NO_METRICS));
		assertThat(Counters.increase(new MetricsFile().answered(0, 1).scrapes(), Counter.GC_PAUSES))
			.isEqualTo(Figure.unknown(Figure.ONE_SCRAPE));
	}

	@Test
	void appCpuFromProcWhenFirstSeenDuringTheLoadShouldNotCountFromZero() {
		// /proc could not be read at first: the process had been running all along, so
		// its CPU time is no event that started with the series.
		MetricsFile metrics = new MetricsFile().answered(0, 4)
			.line(2, "app", "cpu_time_seconds", "", 30.0)
			.line(3, "app", "cpu_time_seconds", "", 30.5);
		assertThat(Counters.appCpuSeconds(metrics.scrapes())).isEqualTo(Figure.of(0.5));
	}

	@Test
	void appCpuFromProcShouldNeverBeMixedWithTheAppsOwnCounter() {
		// The JVM's own counter reads slightly lower; taken for the same series, the
		// step back from /proc to it would read as a restart.
		MetricsFile metrics = new MetricsFile().answered(0, 4)
			.line(0, "app", "cpu_time_seconds", "", 10.0)
			.line(1, "app", "cpu_time_seconds", "", 10.5)
			.line(3, "app", "cpu_time_seconds", "", 11.5);
		for (int second = 0; second < 4; second++) {
			metrics.app(second, "process_cpu_time_ns_total", "", (9.99 + 0.5 * second) * 1e9);
		}
		assertThat(Counters.appCpuSeconds(metrics.scrapes())).isEqualTo(Figure.of(1.5));
	}

	@Test
	void appCpuWhenFluxbenchDidNotStartTheServiceShouldComeFromItsOwnCounterAndNotSubtractARestart() {
		MetricsFile micrometer = new MetricsFile().answered(0, 4)
			.app(0, "process_cpu_time_ns_total", "", 40e9)
			.app(1, "process_cpu_time_ns_total", "", 41e9)
			.app(2, "process_cpu_time_ns_total", "", 2e9)
			.app(3, "process_cpu_time_ns_total", "", 3e9);
		assertThat(Counters.appCpuSeconds(micrometer.scrapes()).value()).isCloseTo(1 + 2 + 1, within(1e-9));
		MetricsFile prometheus = new MetricsFile().answered(0, 2)
			.app(0, "process_cpu_seconds_total", "", 7)
			.app(1, "process_cpu_seconds_total", "", 7.25);
		assertThat(Counters.appCpuSeconds(prometheus.scrapes())).isEqualTo(Figure.of(0.25));
		assertThat(Counters.appCpuSeconds(new MetricsFile().answered(0, 2).scrapes()))
			.isEqualTo(Figure.unknown(Figure.NOT_EXPOSED));
	}

	@Test
	void generatorCpuShouldCountItsOwnSeries() {
		MetricsFile metrics = new MetricsFile().line(0, "generator", "cpu_time_seconds", "", 5)
			.line(1, "generator", "cpu_time_seconds", "", 5.25)
			.line(2, "generator", "cpu_time_seconds", "", 5.75);
		assertThat(Counters.increase(metrics.scrapes(), Counter.GENERATOR_CPU)).isEqualTo(Figure.of(0.75));
		assertThat(Counters.increase(new MetricsFile().answered(0, 2).scrapes(), Counter.GENERATOR_CPU))
			.isEqualTo(Figure.unknown(Figure.NOT_RECORDED));
	}

	@Test
	void passwordChecksShouldCountAWallClockSeriesThatAppearsDuringTheLoadAndSurviveARestart() {
		MetricsFile metrics = new MetricsFile().answered(0, 4)
			.app(0, "fluxbench_password_checks_total", "", 40)
			.app(1, "fluxbench_password_checks_total", "", 45)
			.app(2, "fluxbench_password_checks_total", "", 3)
			.app(3, "fluxbench_password_checks_total", "", 8);
		for (int second = 0; second < 4; second++) {
			metrics.app(second, "fluxbench_password_check_seconds_total", "clock=\"cpu\"", 0.5 + 0.1 * second);
		}
		metrics.app(3, "fluxbench_password_check_seconds_total", "clock=\"wall\"", 0.25);
		LoadResult.PasswordChecks checks = LoadResult.passwordChecks(metrics.scrapes()).orElseThrow();
		assertThat(checks.checks()).isEqualTo(5 + 3 + 5);
		assertThat(checks.seconds()).isCloseTo(0.3 + 0.25, within(1e-9));
		assertThat(checks.wallSeconds()).isEqualTo(0.25);
		assertThat(checks.upperBound()).isTrue();
		assertThat(LoadResult.passwordChecks(new MetricsFile().answered(0, 3).scrapes())).isEmpty();
	}

	@Test
	void breakerCallsWhenTheBreakerIsMadeDuringTheLoadShouldCountFromZeroAndSurviveARestart() {
		String failed = "kind=\"failed\",name=\"downstream\"";
		String refused = "kind=\"not_permitted\",name=\"downstream\"";
		MetricsFile metrics = new MetricsFile().answered(0, 5)
			.app(2, "resilience4j_circuitbreaker_calls_seconds_count", failed, 4)
			.app(2, "resilience4j_circuitbreaker_not_permitted_calls_total", refused, 0)
			.app(3, "resilience4j_circuitbreaker_calls_seconds_count", failed, 9)
			.app(3, "resilience4j_circuitbreaker_not_permitted_calls_total", refused, 20)
			.app(4, "resilience4j_circuitbreaker_calls_seconds_count", failed, 1)
			.app(4, "resilience4j_circuitbreaker_not_permitted_calls_total", refused, 6)
			.app(4, "resilience4j_circuitbreaker_calls_seconds_count", "kind=\"failed\",name=\"partner\"", 50);
		List<Scrape> scrapes = metrics.scrapes();
		assertThat(Counters.increase(scrapes, Counter.breakerFailedCalls("downstream")))
			.isEqualTo(Figure.of(4 + 5 + 1));
		assertThat(Counters.increase(scrapes, Counter.breakerNotPermittedCalls("downstream")))
			.isEqualTo(Figure.of(20 + 6));
		assertThat(Counters.increase(scrapes, Counter.breakerFailedCalls("partner"))).isEqualTo(Figure.of(50));
	}

	/**
	 * Counters that metrics.csv keeps but the report turns into no figure yet: the same
	 * reading holds for them, whatever their name.
	 */
	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			cache_gets_total                            | cache="units",result="miss"
			cache_errors_total                          | cache="units",operation="get"
			hikaricp_connections_acquire_seconds_count  | pool="artists"
			http_server_requests_seconds_count          | method="GET",status="200",uri="/api/artists"
			""")
	void counterWhenItAppearsDuringTheLoadAndIsResetShouldCountItsIncreases(String metric, String tags) {
		Counter counter = new Counter("app", metric, (any) -> true, 1, true, Optional.empty());
		MetricsFile metrics = new MetricsFile().answered(0, 5)
			.app(1, metric, tags, 3)
			.app(2, metric, tags, 7)
			.app(3, metric, tags, 2)
			.app(4, metric, tags, 4);
		assertThat(Counters.increase(metrics.scrapes(), counter)).isEqualTo(Figure.of(3 + 4 + 2 + 2));
	}

	@Test
	void efficiencyWhenAPauseSeriesAppearsMidWindowShouldCountThePause() {
		MetricsFile metrics = new MetricsFile().answered(0, 8);
		for (int second = 0; second < 8; second++) {
			metrics.line(second, "app", "cpu_time_seconds", "", 10 + 0.5 * second)
				.line(second, "generator", "cpu_time_seconds", "", 5 + 0.25 * second);
			if (second >= 5) {
				metrics.app(second, "jvm_gc_pause_seconds_count", YOUNG, 1)
					.app(second, "jvm_gc_pause_seconds_sum", YOUNG, 0.062);
			}
		}
		LoadResult.Efficiency efficiency = load(metrics.scrapes()).efficiency();
		assertThat(efficiency.gcPauses()).isEqualTo(Figure.of(1));
		assertThat(efficiency.gcPauseMillis().value()).isCloseTo(62, within(1e-9));
		assertThat(efficiency.appCpuPer1000().value()).isCloseTo(3.5, within(1e-9));
		assertThat(efficiency.generatorCpuPer1000().value()).isCloseTo(1.75, within(1e-9));
	}

	@Test
	void efficiencyWhenTheLoadHasNoScrapesShouldSaySoForEveryFigure() {
		LoadResult.Efficiency efficiency = load(List.of()).efficiency();
		assertThat(List.of(efficiency.appCpuPer1000(), efficiency.generatorCpuPer1000(), efficiency.heapUsedMeanMb(),
				efficiency.heapUsedMaxMb(), efficiency.rssMaxMb(), efficiency.gcPauses(), efficiency.gcPauseMillis()))
			.extracting(Figure::text)
			.containsOnly(Figure.NOT_SCRAPED);
	}

	@Test
	void cpuVerdictWhenSingleTrialsShouldSeparateOnlyWhatTheIntervalsBetweenScrapesTell() {
		LoadResult light = load(cpu(0.5, 0.02));
		Map<String, List<LoadResult>> heavier = new LinkedHashMap<>();
		heavier.put("mvc", List.of(light));
		heavier.put("webflux", List.of(load(cpu(0.8, 0.02))));
		Verdict apart = Verdict.of(5, Summary.ALL, Aspect.CPU, heavier);
		assertThat(apart.outcome()).isEqualTo(Verdict.Outcome.INDICATIVE);
		assertThat(apart.best()).contains("mvc");
		// A little more on average, but second by second all over the place.
		Map<String, List<LoadResult>> noisier = new LinkedHashMap<>();
		noisier.put("mvc", List.of(light));
		noisier.put("mvc-vt", List.of(load(cpu(0.52, 0.3))));
		Verdict together = Verdict.of(5, Summary.ALL, Aspect.CPU, noisier);
		assertThat(together.estimates().get("mvc").median()).isLessThan(together.estimates().get("mvc-vt").median());
		assertThat(together.outcome()).isEqualTo(Verdict.Outcome.NO_SIGNIFICANT_DIFFERENCE);
		assertThat(together.tiedWith()).containsExactly("mvc-vt");
	}

	/**
	 * The app's CPU counter over eight scrapes a second apart, growing by {@code rate}
	 * CPU-seconds a second, one second more and the next less by {@code swing}.
	 */
	private List<Scrape> cpu(double rate, double swing) {
		MetricsFile metrics = new MetricsFile();
		double used = 10;
		for (int second = 0; second < 8; second++) {
			metrics.line(second, "app", "cpu_time_seconds", "", used);
			used += rate + ((second % 2 == 0) ? swing : -swing);
		}
		return metrics.scrapes();
	}

	private static LoadResult load(List<Scrape> scrapes) {
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < 1000; i++) {
			samples.add(new Sample(AT.plusMillis(7 * i), "passthrough", Duration.ofMillis(100), Duration.ofMillis(100),
					Duration.ZERO, 50, "200", true, ""));
		}
		return LoadResult.of(new LoadKey("quick", 5, "webflux", 1), true, samples, scrapes, Duration.ofSeconds(2),
				Optional.empty(), Optional.empty());
	}

	/** A metrics.csv made second by second, and read back as the report reads it. */
	private final class MetricsFile {

		private final List<MetricsCsv.Line> lines = new ArrayList<>();

		/** Scrapes the app answered, from one second to before another. */
		MetricsFile answered(int from, int to) {
			for (int second = from; second < to; second++) {
				app(second, "jvm_threads_live_threads", "", 30);
			}
			return this;
		}

		/** A scrape the app did not answer, as the recorder writes it. */
		MetricsFile failed(int second) {
			return line(second, "app", "scrape_failed", "HttpTimeoutException", 1);
		}

		MetricsFile app(int second, String metric, String tags, double value) {
			return line(second, "app", metric, tags, value);
		}

		MetricsFile line(int second, String source, String metric, String tags, double value) {
			this.lines.add(new MetricsCsv.Line(AT.plusSeconds(second), source, metric, tags, value));
			return this;
		}

		List<Scrape> scrapes() {
			Path file = CountersTests.this.directory.resolve("metrics-" + System.nanoTime() + ".csv");
			try (MetricsCsv metrics = MetricsCsv.create(file)) {
				metrics.write(this.lines);
			}
			return Scrape.read(file);
		}

	}

}

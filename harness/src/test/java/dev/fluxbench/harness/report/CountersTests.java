package dev.fluxbench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.MetricsCsv;
import dev.fluxbench.harness.results.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CountersTests {

	private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");

	private static final double NONE = Double.NaN;

	/** A scrape the app answered (it has threads), with this many GC pauses so far. */
	private static Scrape answered(int second, double gcPauses) {
		return new Scrape(AT.plusSeconds(second), 1e8, 2e8, 5e7, 6e7, 3e8, second, second, 30, gcPauses, NONE, NONE,
				NONE, NONE);
	}

	/** A scrape the app did not answer: only the generator's own figures. */
	private static Scrape unanswered(int second) {
		return new Scrape(AT.plusSeconds(second), NONE, NONE, NONE, NONE, NONE, NONE, second, NONE, NONE, NONE, NONE,
				NONE, NONE);
	}

	@Test
	void aSeriesThatAppearsDuringTheLoadStartedFromZero() {
		List<Scrape> scrapes = List.of(answered(0, NONE), answered(1, NONE), answered(2, 1), answered(3, 3));
		assertThat(Counters.increase(scrapes, Scrape::gcPauses)).isEqualTo(3);
	}

	@Test
	void aSeriesPresentFromTheStartCountsFromItsFirstValue() {
		List<Scrape> scrapes = List.of(answered(0, 10), answered(1, 12), answered(2, 15));
		assertThat(Counters.increase(scrapes, Scrape::gcPauses)).isEqualTo(5);
	}

	@Test
	void aResetCountsOnFromZeroInsteadOfSubtracting() {
		List<Scrape> scrapes = List.of(answered(0, 10), answered(1, 12), answered(2, 2), answered(3, 4));
		assertThat(Counters.increase(scrapes, Scrape::gcPauses)).isEqualTo(2 + 2 + 2);
	}

	@Test
	void aScrapeTheAppDidNotAnswerProvesNothing() {
		// The series may have existed all along: its first value is a start, not an
		// increase.
		List<Scrape> scrapes = List.of(unanswered(0), answered(1, 40), answered(2, 41));
		assertThat(Counters.increase(scrapes, Scrape::gcPauses)).isEqualTo(1);
		assertThat(Counters.increase(List.of(unanswered(0), answered(1, 40)), Scrape::gcPauses)).isNaN();
	}

	@Test
	void aSeriesNeverExposedIsUnknownNotZero() {
		List<Scrape> scrapes = List.of(answered(0, NONE), answered(1, NONE));
		assertThat(Counters.increase(scrapes, Scrape::gcPauses)).isNaN();
		assertThat(Counters.increase(scrapes, Scrape::passwordChecks)).isNaN();
	}

	/**
	 * The quick report's webflux at 5 users: a 62 ms young pause whose series appeared 5
	 * s in.
	 */
	@Test
	void theEfficiencyOfALoadCountsAPauseWhoseSeriesAppearedMidWindow(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		List<MetricsCsv.Line> lines = new ArrayList<>();
		for (int second = 0; second < 8; second++) {
			Instant at = AT.plusSeconds(second);
			lines.add(new MetricsCsv.Line(at, "app", "jvm_threads_live_threads", "", 30));
			lines.add(new MetricsCsv.Line(at, "app", "cpu_time_seconds", "", 10 + 0.5 * second));
			lines.add(new MetricsCsv.Line(at, "generator", "cpu_time_seconds", "", 5 + 0.25 * second));
			if (second >= 5) {
				String young = "action=\"end of minor GC\",cause=\"G1 Evacuation Pause\",gc=\"G1 Young Generation\"";
				lines.add(new MetricsCsv.Line(at, "app", "jvm_gc_pause_seconds_count", young, 1));
				lines.add(new MetricsCsv.Line(at, "app", "jvm_gc_pause_seconds_sum", young, 0.062));
			}
		}
		metrics.write(lines);
		metrics.close();
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < 1000; i++) {
			samples.add(new Sample(AT.plusMillis(7 * i), "passthrough", Duration.ofMillis(100), Duration.ofMillis(100),
					Duration.ZERO, 50, "200", true, ""));
		}
		LoadResult load = LoadResult.of(new LoadKey("quick", 5, "webflux", 1), true, samples, Scrape.read(file),
				Duration.ofSeconds(2), Optional.empty(), Optional.empty());
		assertThat(load.efficiency().gcPauses()).isEqualTo(1);
		assertThat(load.efficiency().gcPauseMillis()).isCloseTo(62, within(1e-9));
		assertThat(load.efficiency().appCpuPer1000()).isCloseTo(3.5, within(1e-9));
		assertThat(load.efficiency().generatorCpuPer1000()).isCloseTo(1.75, within(1e-9));
	}

}

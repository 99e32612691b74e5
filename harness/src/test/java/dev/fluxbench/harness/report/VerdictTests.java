package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;

import dev.fluxbench.harness.report.Verdict.Outcome;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Summary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VerdictTests {

	@Test
	void verdictWhenIntervalsAreDisjointShouldMakeTheBestMedianBetter() {
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P99,
				stacks("mvc", List.of(300, 310, 305), "webflux", List.of(150, 160, 155)));
		assertThat(verdict.outcome()).isEqualTo(Outcome.BETTER);
		assertThat(verdict.best()).contains("webflux");
		assertThat(verdict.sentence()).isEqualTo("webflux better (155 ms)");
	}

	@Test
	void verdictWhenIntervalsOverlapShouldBeNoSignificantDifference() {
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P99,
				stacks("mvc", List.of(150, 200, 160), "webflux", List.of(155, 140, 190)));
		assertThat(verdict.outcome()).isEqualTo(Outcome.NO_SIGNIFICANT_DIFFERENCE);
		assertThat(verdict.best()).contains("webflux");
		assertThat(verdict.tiedWith()).containsExactly("mvc");
		assertThat(verdict.sentence()).isEqualTo("no significant difference between webflux and mvc");
	}

	@Test
	void verdictWhenAThirdStackOverlapsTheBestShouldNameItToo() {
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P99, stacks("mvc", List.of(300, 310, 305), "mvc-vt",
				List.of(150, 170, 160), "webflux", List.of(140, 165, 150)));
		assertThat(verdict.outcome()).isEqualTo(Outcome.NO_SIGNIFICANT_DIFFERENCE);
		assertThat(verdict.tiedWith()).containsExactly("mvc-vt");
	}

	@Test
	void verdictWhenThroughputIsHigherShouldCallItBetter() {
		Map<String, List<LoadResult>> stacks = new LinkedHashMap<>();
		stacks.put("mvc", List.of(throughput(1, 500), throughput(2, 510), throughput(3, 505)));
		stacks.put("webflux", List.of(throughput(1, 550), throughput(2, 555), throughput(3, 560)));
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.THROUGHPUT, stacks);
		assertThat(verdict.outcome()).isEqualTo(Outcome.BETTER);
		assertThat(verdict.best()).contains("webflux");
	}

	@Test
	void verdictWhenASingleTrialShouldBeIndicativeOnly() {
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P99, stacks("mvc", List.of(300), "webflux", List.of(150)));
		assertThat(verdict.outcome()).isEqualTo(Outcome.INDICATIVE);
		assertThat(verdict.sentence()).isEqualTo("webflux best (150 ms); single trial: indicative only");
	}

	@Test
	void verdictWhenSingleTrialsAreLevelAtTheTopShouldNameNoStackWhicheverRanFirst() {
		for (Map<String, List<LoadResult>> stacks : List.of(
				stacks("mvc", List.of(150), "mvc-vt", List.of(150), "webflux", List.of(300)),
				stacks("webflux", List.of(300), "mvc-vt", List.of(150), "mvc", List.of(150)))) {
			Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P99, stacks);
			assertThat(verdict.outcome()).isEqualTo(Outcome.NO_SIGNIFICANT_DIFFERENCE);
			assertThat(verdict.best().orElseThrow()).isIn("mvc", "mvc-vt");
			assertThat(verdict.tiedWith()).containsAnyOf("mvc", "mvc-vt").doesNotContain("webflux");
		}
	}

	@Test
	void verdictWhenSingleTrialsSamplesDoNotSeparateTheStacksShouldBeNoSignificantDifference() {
		Map<LoadResult, List<Sample>> samples = new IdentityHashMap<>();
		Map<String, List<LoadResult>> stacks = new LinkedHashMap<>();
		stacks.put("mvc", List.of(spread(samples, 1, 2000, 2000)));
		stacks.put("webflux", List.of(spread(samples, 2, 2000, 2000)));
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P95, stacks, resampled(samples));
		// The two p95s differ by chance alone, which their samples show.
		assertThat(verdict.estimates().get("mvc").median()).isNotEqualTo(verdict.estimates().get("webflux").median());
		assertThat(verdict.outcome()).isEqualTo(Outcome.NO_SIGNIFICANT_DIFFERENCE);
		assertThat(verdict.tiedWith()).hasSize(1);
		// Without the samples, the same figures are only ranked.
		assertThat(Verdict.of(10, Summary.ALL, Aspect.P95, stacks).outcome()).isEqualTo(Outcome.INDICATIVE);
	}

	@Test
	void verdictWhenSingleTrialsSamplesSeparateTheStacksShouldBeIndicative() {
		Map<LoadResult, List<Sample>> samples = new IdentityHashMap<>();
		Map<String, List<LoadResult>> stacks = new LinkedHashMap<>();
		stacks.put("mvc", List.of(spread(samples, 1, 200, 20)));
		stacks.put("mvc-vt", List.of(spread(samples, 2, 160, 20)));
		stacks.put("webflux", List.of(spread(samples, 3, 100, 20)));
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P95, stacks, resampled(samples));
		assertThat(verdict.outcome()).isEqualTo(Outcome.INDICATIVE);
		assertThat(verdict.best()).contains("webflux");
		assertThat(verdict.tiedWith()).isEmpty();
	}

	@Test
	void verdictWhenTheFigureIsTheSameEverywhereShouldBeEqual() {
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P99,
				stacks("mvc", List.of(150, 150), "webflux", List.of(150, 150)));
		assertThat(verdict.outcome()).isEqualTo(Outcome.EQUAL);
		assertThat(verdict.sentence()).isEqualTo("equal (150 ms in every stack)");
	}

	@Test
	void verdictWhenLoadsAreUnfinishedShouldLeaveThemOut() {
		Map<String, List<LoadResult>> stacks = new LinkedHashMap<>();
		stacks.put("mvc", List.of(p99(1, 300, true), p99(2, 300, true)));
		stacks.put("webflux", List.of(p99(1, 100, false), p99(2, 100, false)));
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.P99, stacks);
		assertThat(verdict.outcome()).isEqualTo(Outcome.NO_DATA);
		assertThat(verdict.estimates()).containsOnlyKeys("mvc");
	}

	@Test
	void verdictWhenNoStackHasTheFigureShouldBeNoData() {
		Verdict verdict = Verdict.of(10, Summary.ALL, Aspect.CPU,
				stacks("mvc", List.of(300, 300), "webflux", List.of(150, 150)));
		assertThat(verdict.outcome()).isEqualTo(Outcome.NO_DATA);
		assertThat(verdict.sentence()).isEqualTo("not enough data to compare");
	}

	private static Map<String, List<LoadResult>> stacks(Object... stackThenP99s) {
		Map<String, List<LoadResult>> stacks = new LinkedHashMap<>();
		for (int i = 0; i < stackThenP99s.length; i += 2) {
			@SuppressWarnings("unchecked")
			List<Integer> p99s = (List<Integer>) stackThenP99s[i + 1];
			List<LoadResult> trials = new ArrayList<>();
			for (int trial = 0; trial < p99s.size(); trial++) {
				trials.add(p99(trial + 1, p99s.get(trial), true));
			}
			stacks.put((String) stackThenP99s[i], trials);
		}
		return stacks;
	}

	/**
	 * 100 samples whose 99th percentile is {@code p99} ms; no metrics, so no CPU figure.
	 */
	private static LoadResult p99(int trial, long p99, boolean finished) {
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			samples.add(sample(i * 10L, (i >= 98) ? p99 : 10));
		}
		return LoadResult.of(new LoadKey("s", 10, "x", trial), finished, samples, List.of(), Duration.ZERO,
				Optional.empty(), Optional.empty());
	}

	/**
	 * 2000 samples over ten seconds, their times drawn at random (with a seed of the
	 * trial's) from {@code center} plus or minus {@code width / 2} ms; remembered in
	 * {@code samples}.
	 */
	private static LoadResult spread(Map<LoadResult, List<Sample>> samples, int seed, int center, int width) {
		Random random = new Random(seed);
		List<Sample> drawn = new ArrayList<>();
		for (int i = 0; i < 2000; i++) {
			drawn.add(sample(i * 5L, center - width / 2 + random.nextInt(width + 1)));
		}
		LoadResult load = LoadResult.of(new LoadKey("s", 10, "x", 1), true, drawn, List.of(), Duration.ZERO,
				Optional.empty(), Optional.empty());
		samples.put(load, drawn);
		return load;
	}

	private static BiFunction<LoadResult, String, Optional<Measurements>> resampled(
			Map<LoadResult, List<Sample>> samples) {
		return (trial, label) -> Optional
			.ofNullable(Measurements.byLabel(samples.get(trial), Duration.ZERO).get(label));
	}

	/** {@code rps} samples a second for ten seconds. */
	private static LoadResult throughput(int trial, int rps) {
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < rps * 10; i++) {
			samples.add(sample(i * 10_000L / (rps * 10), 1));
		}
		return LoadResult.of(new LoadKey("s", 10, "x", trial), true, samples, List.of(), Duration.ZERO,
				Optional.empty(), Optional.empty());
	}

	private static Sample sample(long startMillis, long elapsed) {
		return new Sample(Instant.EPOCH.plusMillis(startMillis), "x", Duration.ofMillis(elapsed), Duration.ZERO,
				Duration.ZERO, 0, "200", true, "");
	}

}

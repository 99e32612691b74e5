package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Summary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StatisticsTests {

	@Test
	void percentilesShouldFollowTheNearestRankDefinition() {
		double[] values = { 15, 20, 35, 40, 50 };
		assertThat(Statistics.percentile(values, 5)).isEqualTo(15);
		assertThat(Statistics.percentile(values, 30)).isEqualTo(20);
		assertThat(Statistics.percentile(values, 40)).isEqualTo(20);
		assertThat(Statistics.percentile(values, 50)).isEqualTo(35);
		assertThat(Statistics.percentile(values, 100)).isEqualTo(50);
		assertThat(Statistics.percentile(values, 0)).isEqualTo(15);
	}

	/** The summaries' HdrHistogram percentiles must be the exact ones, not estimates. */
	@Test
	void summaryPercentilesWhenTheDataIsSkewedShouldAgreeWithASortedReference() {
		SplittableRandom random = new SplittableRandom(7);
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < 20_011; i++) {
			long millis = 1 + (long) (-40 * Math.log(1 - random.nextDouble())) + ((i % 97 == 0) ? 5_000 : 0);
			samples.add(new Sample(Instant.EPOCH.plusMillis(i), "x", Duration.ofMillis(millis), Duration.ZERO,
					Duration.ZERO, 0, "200", true, ""));
		}
		double[] reference = samples.stream().mapToDouble((sample) -> sample.elapsed().toMillis()).toArray();
		Summary summary = Summary.of(new LoadKey("s", 1, "mvc", 1), samples).getFirst();
		assertThat(millis(summary.p50())).isEqualTo(Statistics.percentile(reference, 50));
		assertThat(millis(summary.p90())).isEqualTo(Statistics.percentile(reference, 90));
		assertThat(millis(summary.p95())).isEqualTo(Statistics.percentile(reference, 95));
		assertThat(millis(summary.p99())).isEqualTo(Statistics.percentile(reference, 99));
		assertThat(millis(summary.p999())).isEqualTo(Statistics.percentile(reference, 99.9));
		assertThat(millis(summary.max())).isEqualTo(Arrays.stream(reference).max().orElseThrow());
		assertThat(millis(summary.mean())).isCloseTo(Statistics.mean(reference), within(0.01));
		assertThat(millis(summary.stdDev())).isCloseTo(Statistics.standardDeviation(reference),
				within(Statistics.standardDeviation(reference) * 0.001));
	}

	@Test
	void medianMeanAndStandardDeviationShouldMatchKnownValues() {
		assertThat(Statistics.median(new double[] { 3, 1, 2 })).isEqualTo(2);
		assertThat(Statistics.median(new double[] { 4, 1, 3, 2 })).isEqualTo(2.5);
		assertThat(Statistics.mean(new double[] { 2, 4, 4, 4, 5, 5, 7, 9 })).isEqualTo(5);
		assertThat(Statistics.standardDeviation(new double[] { 2, 4, 4, 4, 5, 5, 7, 9 })).isCloseTo(Math.sqrt(32.0 / 7),
				within(1e-12));
		assertThat(Statistics.standardDeviation(new double[] { 5 })).isZero();
	}

	@Test
	void bootstrapWhenTheValuesAreIdenticalShouldBeThatValue() {
		assertThat(Statistics.bootstrapMedian(new double[] { 7, 7, 7 })).isEqualTo(new Interval(7, 7));
		assertThat(Statistics.bootstrapMedian(new double[] { 7 })).isEqualTo(new Interval(7, 7));
	}

	@Test
	void bootstrapIntervalShouldStayWithinTheDataAndBeTheSameEveryTime() {
		double[] values = { 310, 295, 301, 330, 299 };
		Interval interval = Statistics.bootstrapMedian(values);
		assertThat(interval.low()).isGreaterThanOrEqualTo(295).isLessThanOrEqualTo(Statistics.median(values));
		assertThat(interval.high()).isLessThanOrEqualTo(330).isGreaterThanOrEqualTo(Statistics.median(values));
		assertThat(Statistics.bootstrapMedian(values)).isEqualTo(interval);
	}

	/**
	 * For large samples the median's standard error is 1.2533 sigma / sqrt(n), so the 95%
	 * interval is about 2 x 1.96 x 1.2533 x 10 / sqrt(1000) = 1.55 wide around the sample
	 * median.
	 */
	@Test
	void bootstrapIntervalWhenTheSampleIsNormalShouldHaveTheTheoreticalWidth() {
		double[] values = normal(new SplittableRandom(3), 1000, 100, 10);
		Interval interval = Statistics.bootstrapMedian(values);
		double median = Statistics.median(values);
		assertThat(interval.high() - interval.low()).isBetween(1.55 * 0.7, 1.55 * 1.3);
		assertThat(interval.low()).isLessThan(median);
		assertThat(interval.high()).isGreaterThan(median);
	}

	/**
	 * Over many samples of a known distribution, about 95% of the intervals hold its true
	 * median.
	 */
	@Test
	void bootstrapIntervalsShouldCoverTheTrueMedianAboutNinetyFivePercentOfTheTime() {
		SplittableRandom random = new SplittableRandom(11);
		int covered = 0;
		int experiments = 300;
		for (int i = 0; i < experiments; i++) {
			Interval interval = Statistics.bootstrapMedian(normal(random, 41, 100, 10), 0.95, 2000, i);
			if (interval.low() <= 100 && 100 <= interval.high()) {
				covered++;
			}
		}
		assertThat(covered / (double) experiments).isBetween(0.89, 0.99);
	}

	@Test
	void intervalsWhenTheyShareAPointShouldOverlap() {
		assertThat(new Interval(1, 2).overlaps(new Interval(2, 3))).isTrue();
		assertThat(new Interval(1, 2).overlaps(new Interval(2.01, 3))).isFalse();
		assertThat(new Interval(1, 5).overlaps(new Interval(2, 3))).isTrue();
	}

	private static double[] normal(SplittableRandom random, int n, double mean, double sigma) {
		double[] values = new double[n];
		for (int i = 0; i < n; i++) {
			// Box-Muller: two uniforms give a standard normal.
			double u = 1 - random.nextDouble();
			double v = random.nextDouble();
			values[i] = mean + sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
		}
		return values;
	}

	private static double millis(Duration duration) {
		return duration.toNanos() / 1e6;
	}

}

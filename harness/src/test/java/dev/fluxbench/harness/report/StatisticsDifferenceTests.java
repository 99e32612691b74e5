package dev.fluxbench.harness.report;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.fluxbench.harness.report.Statistics.Interval;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The bootstraps of a difference between two samples, which the CI gate's baseline
 * comparison uses.
 */
class StatisticsDifferenceTests {

	@Test
	void differenceWhenSamplesAreIdenticalConstantsShouldBeExactlyZero() {
		double[] values = { 5, 5, 5 };
		assertThat(Statistics.bootstrapMedianDifference(values, values)).isEqualTo(new Interval(0, 0));
		assertThat(Statistics.bootstrapPercentileDifference(values, values, 99)).isEqualTo(new Interval(0, 0));
		assertThat(Statistics.bootstrapMeanDifference(values, values)).isEqualTo(new Interval(0, 0));
	}

	/**
	 * Both sides get their own resamples, so a sample against itself has a real interval
	 * around zero.
	 */
	@Test
	void differenceOfASampleAgainstItselfShouldGiveAnIntervalAroundZero() {
		double[] values = exponential(new SplittableRandom(5), 2000, 100, 20);
		Interval interval = Statistics.bootstrapPercentileDifference(values, values, 95);
		assertThat(interval.low()).isNegative();
		assertThat(interval.high()).isPositive();
		assertThat(interval.high() + interval.low()).isCloseTo(0, within((interval.high() - interval.low()) / 2));
	}

	@Test
	void differenceWhenEveryValueIsShiftedShouldHaveANarrowIntervalThatExcludesZero() {
		double[] before = exponential(new SplittableRandom(5), 2000, 100, 20);
		double[] after = Arrays.stream(before).map((value) -> value + 200).toArray();
		Interval p95 = Statistics.bootstrapPercentileDifference(before, after, 95);
		assertThat(p95.low()).isPositive().isLessThanOrEqualTo(200);
		assertThat(p95.high()).isGreaterThanOrEqualTo(200).isLessThan(230);
		Interval mean = Statistics.bootstrapMeanDifference(before, after);
		assertThat(mean.low()).isBetween(195.0, 200.0);
		assertThat(mean.high()).isBetween(200.0, 205.0);
	}

	@Test
	void differenceWhenEveryPerTrialFigureMovedShouldExcludeZero() {
		Interval interval = Statistics.bootstrapMedianDifference(new double[] { 100, 102, 101 },
				new double[] { 130, 131, 129 });
		assertThat(interval.low()).isBetween(27.0, 29.0);
		assertThat(interval.high()).isBetween(29.0, 31.0);
	}

	/**
	 * Resamples are kept as counts; their statistics must be those of the values they
	 * stand for.
	 */
	@Test
	void resampleStatisticsShouldBeThoseOfTheResampledValues() {
		SplittableRandom random = new SplittableRandom(17);
		for (int n : new int[] { 1, 2, 5, 100, 1001 }) {
			Statistics.Resample resample = new Statistics.Resample(exponential(random, n, 100, 20));
			for (int i = 0; i < 20; i++) {
				resample.draw(random);
				double[] values = resample.values();
				assertThat(values).hasSize(n);
				for (double percentile : new double[] { 0, 1, 25, 50, 90, 95, 99, 100 }) {
					assertThat(resample.percentile(percentile)).isEqualTo(Statistics.percentile(values, percentile));
				}
				assertThat(resample.median()).isEqualTo(Statistics.median(values));
				assertThat(resample.mean()).isCloseTo(Statistics.mean(values), within(1e-9));
			}
		}
	}

	@Test
	void intervalWhenTheInputsAreTheSameShouldBeTheSameEveryTime() {
		double[] a = exponential(new SplittableRandom(1), 500, 100, 20);
		double[] b = exponential(new SplittableRandom(2), 500, 100, 20);
		assertThat(Statistics.bootstrapPercentileDifference(a, b, 99))
			.isEqualTo(Statistics.bootstrapPercentileDifference(a, b, 99));
	}

	/**
	 * Two samples of one distribution: about 95% of the intervals of their difference
	 * hold zero, so a gate that asks for zero to be outside fails an unchanged build
	 * about 2.5% of the time before its tolerance is even considered.
	 */
	@Test
	void intervalsWhenSamplesShareADistributionShouldHoldZeroAboutNinetyFivePercentOfTheTime() {
		SplittableRandom random = new SplittableRandom(13);
		int covered = 0;
		int experiments = 200;
		for (int i = 0; i < experiments; i++) {
			double[] a = exponential(random, 300, 100, 20);
			double[] b = exponential(random, 300, 100, 20);
			Interval interval = Statistics.bootstrapDifference(a, b, (resample) -> resample.percentile(90), 0.95, 1000,
					i);
			if (interval.low() <= 0 && 0 <= interval.high()) {
				covered++;
			}
		}
		assertThat(covered / (double) experiments).isBetween(0.89, 0.99);
	}

	@Test
	void thinningShouldKeepThePercentilesOfALargeInputAndLeaveASmallOneAlone() {
		double[] large = exponential(new SplittableRandom(9), 200_000, 100, 20);
		double[] thinned = Statistics.thin(large, 20_000);
		assertThat(thinned).hasSize(20_000);
		// Each kept value stands for a slice of 10 values, a twentieth of a thousandth of
		// the ranks.
		for (double percentile : new double[] { 50, 95, 99 }) {
			assertThat(Statistics.percentile(thinned, percentile)).isBetween(
					Statistics.percentile(large, percentile - 0.01), Statistics.percentile(large, percentile + 0.01));
		}
		double[] small = { 3, 1, 2 };
		assertThat(Statistics.thin(small, 20_000)).isSameAs(small);
	}

	@Test
	void differenceWhenTheInputsAreLargeShouldBeFoundToo() {
		double[] a = exponential(new SplittableRandom(3), 100_000, 100, 20);
		double[] b = exponential(new SplittableRandom(4), 100_000, 110, 20);
		Interval interval = Statistics.bootstrapPercentileDifference(a, b, 50);
		assertThat(interval.low()).isBetween(8.0, 10.0);
		assertThat(interval.high()).isBetween(10.0, 12.0);
	}

	@Test
	void emptyInputsAndImpossiblePercentilesShouldBeRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Statistics.bootstrapMeanDifference(new double[0], new double[] { 1 }));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Statistics.bootstrapPercentileDifference(new double[] { 1 }, new double[] { 1 }, 101));
	}

	/** A floor plus an exponential tail: the shape of response times. */
	private static double[] exponential(SplittableRandom random, int n, double floor, double mean) {
		double[] values = new double[n];
		for (int i = 0; i < n; i++) {
			values[i] = floor + Math.floor(-mean * Math.log(1 - random.nextDouble()));
		}
		return values;
	}

}

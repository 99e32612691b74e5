package dev.fluxbench.harness.report;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The few statistics the report needs, over plain doubles. Per-sample percentiles come from
 * HdrHistogram in {@code Summary}; these work on the handful of per-trial figures a verdict
 * compares, where a histogram would be overkill.
 */
public final class Statistics {

	/** Resamples per bootstrap: enough for a stable 2.5th and 97.5th percentile. */
	static final int RESAMPLES = 10_000;

	/**
	 * A fixed seed, so that the same results directory always gives the same report: a verdict
	 * that changed between two renderings of the same data would be worse than useless.
	 */
	static final long SEED = 20_261_122L;

	private Statistics() {
	}

	/** A closed interval. */
	public record Interval(double low, double high) {

		public boolean overlaps(Interval other) {
			return this.low <= other.high && other.low <= this.high;
		}

	}

	/**
	 * The nearest-rank percentile: the smallest value with at least {@code percentile}% of the
	 * values at or below it, which is what HdrHistogram reports for exact values too.
	 */
	public static double percentile(double[] values, double percentile) {
		if (values.length == 0) {
			throw new IllegalArgumentException("No values");
		}
		if (percentile < 0 || percentile > 100) {
			throw new IllegalArgumentException("A percentile is between 0 and 100: " + percentile);
		}
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
		return sorted[Math.max(rank, 1) - 1];
	}

	/** The middle value, or the mean of the two middle ones. */
	public static double median(double[] values) {
		if (values.length == 0) {
			throw new IllegalArgumentException("No values");
		}
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	public static double mean(double[] values) {
		return Arrays.stream(values).average().orElseThrow(() -> new IllegalArgumentException("No values"));
	}

	/** The sample standard deviation (n - 1); zero for a single value. */
	public static double standardDeviation(double[] values) {
		if (values.length < 2) {
			return 0;
		}
		double mean = mean(values);
		double squares = Arrays.stream(values).map((value) -> (value - mean) * (value - mean)).sum();
		return Math.sqrt(squares / (values.length - 1));
	}

	/**
	 * The percentile bootstrap 95% confidence interval of the median: resample the values with
	 * replacement, take each resample's median, and keep the middle 95% of those medians. With a
	 * single value the interval is that value, which says nothing, and the verdict says so.
	 */
	public static Interval bootstrapMedian(double[] values) {
		return bootstrapMedian(values, 0.95, RESAMPLES, SEED);
	}

	static Interval bootstrapMedian(double[] values, double confidence, int resamples, long seed) {
		if (values.length == 0) {
			throw new IllegalArgumentException("No values");
		}
		SplittableRandom random = new SplittableRandom(seed);
		double[] medians = new double[resamples];
		double[] resample = new double[values.length];
		for (int i = 0; i < resamples; i++) {
			for (int j = 0; j < values.length; j++) {
				resample[j] = values[random.nextInt(values.length)];
			}
			medians[i] = median(resample);
		}
		double tail = (1 - confidence) / 2 * 100;
		return new Interval(percentile(medians, tail), percentile(medians, 100 - tail));
	}

	static double[] toArray(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).toArray();
	}

}

package dev.fluxbench.harness.report;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/**
 * The few statistics the report needs, over plain doubles. Per-sample percentiles come
 * from HdrHistogram in {@code Summary}; these work on the handful of per-trial figures a
 * verdict compares, where a histogram would be overkill. The bootstraps of a difference
 * also take the samples of a load, for a baseline comparison of single trials.
 */
public final class Statistics {

	/** Resamples per bootstrap: enough for a stable 2.5th and 97.5th percentile. */
	static final int RESAMPLES = 10_000;

	/**
	 * A fixed seed, so that the same results directory always gives the same report: a
	 * verdict that changed between two renderings of the same data would be worse than
	 * useless.
	 */
	static final long SEED = 20_261_122L;

	/**
	 * Resamples per bootstrap when an input has more than {@link #LARGE_INPUT} values.
	 */
	static final int LARGE_RESAMPLES = 2_000;

	static final int LARGE_INPUT = 1_000;

	/**
	 * The most values a bootstrap of a difference resamples per side; more are
	 * {@link #thin thinned}.
	 */
	static final int MAX_RESAMPLED = 20_000;

	private Statistics() {
	}

	/**
	 * The nearest-rank percentile: the smallest value with at least {@code percentile}%
	 * of the values at or below it, which is what HdrHistogram reports for exact values
	 * too.
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
	 * The percentile bootstrap 95% confidence interval of the median: resample the values
	 * with replacement, take each resample's median, and keep the middle 95% of those
	 * medians. With a single value the interval is that value, which says nothing, and
	 * the verdict says so.
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

	/**
	 * The bootstrap 95% confidence interval of {@code median(b) - median(a)}, each side
	 * resampled on its own: for a handful of per-trial figures, as a baseline comparison
	 * with several trials.
	 */
	public static Interval bootstrapMedianDifference(double[] a, double[] b) {
		return bootstrapDifference(a, b, Resample::median);
	}

	/**
	 * The bootstrap 95% confidence interval of {@code percentile(b) - percentile(a)}
	 * (nearest rank), each side resampled on its own: for the samples of one load, as p95
	 * against a baseline.
	 */
	public static Interval bootstrapPercentileDifference(double[] a, double[] b, double percentile) {
		if (percentile < 0 || percentile > 100) {
			throw new IllegalArgumentException("A percentile is between 0 and 100: " + percentile);
		}
		return bootstrapDifference(a, b, (resample) -> resample.percentile(percentile));
	}

	/**
	 * The bootstrap 95% confidence interval of {@code mean(b) - mean(a)}, each side
	 * resampled on its own.
	 */
	public static Interval bootstrapMeanDifference(double[] a, double[] b) {
		return bootstrapDifference(a, b, Resample::mean);
	}

	/**
	 * The bootstrap 95% confidence interval of
	 * {@code sum(numeratorsB) / sum(denominatorsB)
	 * - sum(numeratorsA) / sum(denominatorsA)}, each side's pairs resampled together and
	 * on their own: a cost per request over the intervals of a load, where an interval's
	 * CPU and its requests belong together. A resample whose denominators sum to zero is
	 * left out.
	 */
	public static Interval bootstrapRatioDifference(double[] numeratorsA, double[] denominatorsA, double[] numeratorsB,
			double[] denominatorsB) {
		if (numeratorsA.length == 0 || numeratorsB.length == 0) {
			throw new IllegalArgumentException("No values");
		}
		if (numeratorsA.length != denominatorsA.length || numeratorsB.length != denominatorsB.length) {
			throw new IllegalArgumentException("Every numerator needs its denominator");
		}
		SplittableRandom random = new SplittableRandom(SEED);
		double[] differences = new double[RESAMPLES];
		int kept = 0;
		for (int i = 0; i < RESAMPLES; i++) {
			double ratioA = resampledRatio(numeratorsA, denominatorsA, random);
			double ratioB = resampledRatio(numeratorsB, denominatorsB, random);
			if (!Double.isNaN(ratioA) && !Double.isNaN(ratioB)) {
				differences[kept++] = ratioB - ratioA;
			}
		}
		if (kept == 0) {
			throw new IllegalArgumentException("No resample has a denominator");
		}
		double[] all = Arrays.copyOf(differences, kept);
		return new Interval(percentile(all, 2.5), percentile(all, 97.5));
	}

	private static double resampledRatio(double[] numerators, double[] denominators, SplittableRandom random) {
		double numerator = 0;
		double denominator = 0;
		for (int j = 0; j < numerators.length; j++) {
			int drawn = random.nextInt(numerators.length);
			numerator += numerators[drawn];
			denominator += denominators[drawn];
		}
		return (denominator > 0) ? numerator / denominator : Double.NaN;
	}

	/**
	 * Thins large inputs and takes fewer resamples for them, so that comparing two loads
	 * of a few hundred thousand samples each stays a matter of a second: the percentiles
	 * of a resample are stable long before 10 000 resamples once each one holds thousands
	 * of values.
	 */
	private static Interval bootstrapDifference(double[] a, double[] b, ToDoubleFunction<Resample> statistic) {
		int resamples = (Math.max(a.length, b.length) > LARGE_INPUT) ? LARGE_RESAMPLES : RESAMPLES;
		return bootstrapDifference(thin(a, MAX_RESAMPLED), thin(b, MAX_RESAMPLED), statistic, 0.95, resamples, SEED);
	}

	/**
	 * The percentile bootstrap of a difference of two independent samples. Both sides
	 * draw from one seeded generator, so that the result is the same on every call, yet
	 * two identical inputs still get different resamples and an honest, non-degenerate
	 * interval around zero.
	 */
	static Interval bootstrapDifference(double[] a, double[] b, ToDoubleFunction<Resample> statistic, double confidence,
			int resamples, long seed) {
		if (a.length == 0 || b.length == 0) {
			throw new IllegalArgumentException("No values");
		}
		SplittableRandom random = new SplittableRandom(seed);
		Resample resampleA = new Resample(a);
		Resample resampleB = new Resample(b);
		double[] differences = new double[resamples];
		for (int i = 0; i < resamples; i++) {
			resampleA.draw(random);
			resampleB.draw(random);
			differences[i] = statistic.applyAsDouble(resampleB) - statistic.applyAsDouble(resampleA);
		}
		double tail = (1 - confidence) / 2 * 100;
		return new Interval(percentile(differences, tail), percentile(differences, 100 - tail));
	}

	/**
	 * At most {@code cap} values, evenly spaced through the sorted input: the order
	 * statistics at the middle of each of {@code cap} equal slices. Unlike a random
	 * subsample it keeps every percentile where it was, and it is the same on every call.
	 * The fewer values make a bootstrap interval wider, never narrower, which for a gate
	 * errs on the safe side.
	 */
	static double[] thin(double[] values, int cap) {
		if (values.length <= cap) {
			return values;
		}
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		double[] thinned = new double[cap];
		for (int i = 0; i < cap; i++) {
			thinned[i] = sorted[(int) ((i + 0.5) * sorted.length / cap)];
		}
		return thinned;
	}

	static double[] toArray(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).toArray();
	}

	/** A closed interval. */
	public record Interval(double low, double high) {

		public boolean overlaps(Interval other) {
			return this.low <= other.high && other.low <= this.high;
		}

	}

	/**
	 * A resample with replacement, kept as how often each value of the sorted input was
	 * drawn rather than as the values themselves: a percentile is then found by counting
	 * in from the nearer end, where sorting every resample would cost a logarithm more
	 * per value.
	 */
	static final class Resample {

		private final double[] sorted;

		private final int[] draws;

		Resample(double[] values) {
			this.sorted = values.clone();
			Arrays.sort(this.sorted);
			this.draws = new int[values.length];
		}

		void draw(SplittableRandom random) {
			int n = this.sorted.length;
			Arrays.fill(this.draws, 0);
			for (int i = 0; i < n; i++) {
				// A 32-bit draw scaled to [0, n) by a multiply, not nextInt(n)'s
				// division: faster, with a bias below n / 2^32, far under anything a 95%
				// interval can show.
				this.draws[(int) (((random.nextInt() & 0xFFFF_FFFFL) * n) >>> 32)]++;
			}
		}

		/** The nearest-rank percentile, as {@link Statistics#percentile}. */
		double percentile(double percentile) {
			int rank = (int) Math.ceil(percentile / 100.0 * this.sorted.length);
			return atRank(Math.max(rank, 1));
		}

		double median() {
			int n = this.sorted.length;
			return (n % 2 == 1) ? atRank(n / 2 + 1) : (atRank(n / 2) + atRank(n / 2 + 1)) / 2;
		}

		double mean() {
			double sum = 0;
			for (int i = 0; i < this.sorted.length; i++) {
				sum += this.draws[i] * this.sorted[i];
			}
			return sum / this.sorted.length;
		}

		/** The resample's values in ascending order: what the counts stand for. */
		double[] values() {
			double[] values = new double[this.sorted.length];
			int at = 0;
			for (int i = 0; i < this.sorted.length; i++) {
				Arrays.fill(values, at, at + this.draws[i], this.sorted[i]);
				at += this.draws[i];
			}
			return values;
		}

		/** The value at a 1-based rank of the resample in ascending order. */
		private double atRank(int rank) {
			int n = this.sorted.length;
			if (rank <= n / 2) {
				int below = 0;
				for (int i = 0; i < n; i++) {
					below += this.draws[i];
					if (below >= rank) {
						return this.sorted[i];
					}
				}
			}
			else {
				int above = 0;
				for (int i = n - 1; i >= 0; i--) {
					above += this.draws[i];
					if (above > n - rank) {
						return this.sorted[i];
					}
				}
			}
			throw new IllegalStateException("A resample holds " + n + " values");
		}

	}

}

package dev.fluxbench.harness.derive;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a range of traffic says about load: the thesis read "normal" as the typical rate
 * and looked at spikes and peak hours (section 6.1). All rates are in requests per
 * second.
 *
 * @param normal the median of the per-step rates: half the steps were busier, half
 * quieter, and a few spikes or a quiet night do not move it
 * @param p99 the 99th percentile of the per-step rates (nearest rank): the peak, without
 * the one step that a deployment or a retry storm may have produced
 * @param max the busiest step
 * @param busiestHour the 60 minutes with the highest mean rate
 * @param points how many steps had data
 */
public record TrafficProfile(double normal, double p99, double max, Window busiestHour, int points) {

	static final Duration HOUR = Duration.ofHours(1);

	private static final double TIE = 1e-9;

	/**
	 * The profile of a series.
	 * @param series at least {@link RangeQuery#MIN_POINTS} rates
	 * @param step the time between two evaluations, which tells how many points make an
	 * hour
	 */
	public static TrafficProfile of(RateSeries series, Duration step) {
		List<RateSeries.Point> points = series.points();
		if (points.isEmpty()) {
			throw new IllegalArgumentException("a traffic profile needs at least one point");
		}
		double[] sorted = points.stream().mapToDouble(RateSeries.Point::perSecond).sorted().toArray();
		return new TrafficProfile(median(sorted), percentile(sorted, 99), sorted[sorted.length - 1],
				busiestHour(points, step), sorted.length);
	}

	/** The middle value, or the mean of the two middle values of an even count. */
	static double median(double[] sorted) {
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	/**
	 * The nearest-rank percentile: the smallest value that at least {@code percent} % of
	 * the values do not exceed. It is always a rate that was measured, never an
	 * interpolation between two.
	 */
	static double percentile(double[] sorted, int percent) {
		int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
		return sorted[Math.max(rank, 1) - 1];
	}

	/**
	 * The window of one hour with the highest mean, found by time, not by counting
	 * points, so that steps without data shorten a window instead of stretching it past
	 * the hour. A window starts at a point and holds the points before its start plus one
	 * hour; only windows that the range covers whole compete. On ties the earliest wins.
	 */
	static Window busiestHour(List<RateSeries.Point> points, Duration step) {
		Instant last = points.get(points.size() - 1).time();
		if (points.get(0).time().plus(HOUR).minus(step).isAfter(last)) {
			double mean = points.stream().mapToDouble(RateSeries.Point::perSecond).average().orElseThrow();
			return new Window(points.get(0).time(), last, points.size(), mean, true);
		}
		Window best = null;
		double sum = 0;
		int end = 0;
		for (int start = 0; start < points.size(); start++) {
			Instant from = points.get(start).time();
			if (from.plus(HOUR).minus(step).isAfter(last)) {
				break;
			}
			Instant until = from.plus(HOUR);
			while (end < points.size() && points.get(end).time().isBefore(until)) {
				sum += points.get(end).perSecond();
				end++;
			}
			int count = end - start;
			double mean = sum / count;
			// The running sum drifts by a few ulps over thousands of steps: that must not
			// make a later window of the same traffic beat an earlier one.
			if (best == null || mean > best.mean() + TIE * Math.max(1, best.mean())) {
				best = new Window(from, points.get(end - 1).time(), count, mean, false);
			}
			sum -= points.get(start).perSecond();
		}
		return best;
	}

	/**
	 * A stretch of the range.
	 *
	 * @param first the time of its first point
	 * @param last the time of its last point
	 * @param points how many points it holds
	 * @param mean their mean rate, in requests per second
	 * @param wholeRange whether the range is shorter than an hour, so the window is all
	 * of it
	 */
	public record Window(Instant first, Instant last, int points, double mean, boolean wholeRange) {

	}

}

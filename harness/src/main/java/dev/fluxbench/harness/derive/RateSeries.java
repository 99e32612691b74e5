package dev.fluxbench.harness.derive;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The request rate at every step of a range that had data, oldest first.
 *
 * @param points the rates, in requests per second
 * @param warnings what Prometheus warned about while answering (a partial answer, for
 * one)
 */
public record RateSeries(List<Point> points, List<String> warnings) {

	public RateSeries {
		points = List.copyOf(points);
		warnings = List.copyOf(warnings);
		for (int i = 1; i < points.size(); i++) {
			if (!points.get(i - 1).time().isBefore(points.get(i).time())) {
				throw new IllegalArgumentException("points out of order at " + points.get(i).time());
			}
		}
	}

	public static RateSeries of(List<Point> points) {
		return new RateSeries(points, List.of());
	}

	/**
	 * The rate at one step.
	 *
	 * @param time when Prometheus evaluated the query
	 * @param perSecond requests per second
	 */
	public record Point(Instant time, double perSecond) {

		public Point {
			Objects.requireNonNull(time, "time");
			if (!Double.isFinite(perSecond) || perSecond < 0) {
				throw new IllegalArgumentException(
						"a rate is finite and not negative, not " + perSecond + " at " + time);
			}
		}

	}

}

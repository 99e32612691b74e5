package dev.fluxbench.harness.results;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.HdrHistogram.Histogram;

/**
 * The figures of one label (or {@link #ALL} labels) at one load of one stack in one
 * trial: a line of {@code summary.csv}. Percentiles are computed from every sample with
 * an HdrHistogram that is exact at millisecond resolution, not estimated as JMeter's own
 * listeners do.
 *
 * @param key which measurement
 * @param label a request label, or {@link #ALL}
 * @param samples how many samples
 * @param errors how many failed
 * @param errorsByCause failed samples by {@link ErrorCause} code
 * @param min shortest elapsed time
 * @param mean mean elapsed time
 * @param stdDev standard deviation of the elapsed times
 * @param max longest elapsed time
 * @param p50 median
 * @param p90 90th percentile
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param throughput samples per second from the first start to the last end
 * @param span from the first start to the last end
 */
public record Summary(LoadKey key, String label, long samples, long errors, SortedMap<String, Long> errorsByCause,
		Duration min, Duration mean, Duration stdDev, Duration max, Duration p50, Duration p90, Duration p95,
		Duration p99, Duration p999, double throughput, Duration span) {

	public static final String ALL = "*";

	/**
	 * Significant digits such that every value below about 2 minutes is its own bucket:
	 * exact percentiles for the millisecond values JMeter measures.
	 */
	private static final int SIGNIFICANT_DIGITS = 5;

	public Summary {
		errorsByCause = new TreeMap<>(errorsByCause);
	}

	/**
	 * One summary over all labels, then one per label in first-seen order; none for no
	 * samples.
	 */
	public static List<Summary> of(LoadKey key, List<Sample> samples) {
		if (samples.isEmpty()) {
			return List.of();
		}
		List<Summary> summaries = new ArrayList<>();
		summaries.add(summarize(key, ALL, samples));
		Map<String, List<Sample>> byLabel = samples.stream()
			.collect(Collectors.groupingBy(Sample::label, LinkedHashMap::new, Collectors.toList()));
		if (byLabel.size() > 1) {
			byLabel.forEach((label, labelled) -> summaries.add(summarize(key, label, labelled)));
		}
		return summaries;
	}

	/** The summary of one label, or of {@link #ALL}. */
	public static java.util.Optional<Summary> forLabel(List<Summary> summaries, String label) {
		return summaries.stream().filter((summary) -> summary.label().equals(label)).findFirst();
	}

	private static Summary summarize(LoadKey key, String label, List<Sample> samples) {
		Histogram histogram = new Histogram(SIGNIFICANT_DIGITS);
		SortedMap<String, Long> causes = new TreeMap<>();
		long errors = 0;
		for (Sample sample : samples) {
			histogram.recordValue(sample.elapsed().toMillis());
			if (!sample.success()) {
				errors++;
				causes.merge(sample.errorCause().isEmpty() ? "unknown" : sample.errorCause(), 1L, Long::sum);
			}
		}
		var first = samples.stream().map(Sample::timestamp).min(Comparator.naturalOrder()).orElseThrow();
		var last = samples.stream()
			.map((sample) -> sample.timestamp().plus(sample.elapsed()))
			.max(Comparator.naturalOrder())
			.orElseThrow();
		Duration span = Duration.between(first, last);
		double seconds = Math.max(span.toNanos(), 1_000_000) / 1e9;
		return new Summary(key, label, samples.size(), errors, causes, millis(histogram.getMinValue()),
				nanos(histogram.getMean()), nanos(histogram.getStdDeviation()), millis(histogram.getMaxValue()),
				percentile(histogram, 50), percentile(histogram, 90), percentile(histogram, 95),
				percentile(histogram, 99), percentile(histogram, 99.9), samples.size() / seconds, span);
	}

	private static Duration percentile(Histogram histogram, double percentile) {
		return millis(histogram.getValueAtPercentile(percentile));
	}

	private static Duration nanos(double millis) {
		return Duration.ofNanos(Math.round(millis * 1_000_000));
	}

	private static Duration millis(long value) {
		return Duration.ofMillis(value);
	}

}

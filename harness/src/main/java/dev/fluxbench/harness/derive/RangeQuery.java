package dev.fluxbench.harness.derive;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One request to Prometheus' {@code /api/v1/query_range}: a PromQL expression evaluated
 * every {@code step} from {@code start} to {@code end}, both included.
 *
 * @param prometheus Prometheus' base URL, such as {@code http://127.0.0.1:9090}; a path
 * prefix (Prometheus behind a proxy under {@code /prometheus}) is kept
 * @param promql the expression
 * @param start the first evaluation
 * @param end the last evaluation
 * @param step the time between two evaluations
 */
public record RangeQuery(URI prometheus, String promql, Instant start, Instant end, Duration step) {

	/**
	 * The thesis' query (section 6.1): requests per minute, summed over every instance
	 * and endpoint.
	 */
	public static final String THESIS_QUERY = "sum(increase(http_server_requests_seconds_count[1m]))";

	/** Fewer points than this say nothing about a median, let alone a 99th percentile. */
	public static final int MIN_POINTS = 5;

	public RangeQuery {
		Objects.requireNonNull(prometheus, "prometheus");
		Objects.requireNonNull(promql, "promql");
		Objects.requireNonNull(start, "start");
		Objects.requireNonNull(end, "end");
		Objects.requireNonNull(step, "step");
		if (promql.isBlank()) {
			throw new IllegalArgumentException("the query is empty");
		}
		if (step.toMillis() < 1) {
			throw new IllegalArgumentException("the step must be at least 1ms, not " + step);
		}
		if (!start.isBefore(end)) {
			throw new IllegalArgumentException("the range must end after it starts: " + start + " to " + end);
		}
	}

	/** The query over {@code range} up to {@code end}. */
	public static RangeQuery ending(URI prometheus, String promql, Instant end, Duration range, Duration step) {
		if (range.isNegative() || range.isZero()) {
			throw new IllegalArgumentException("the range must be longer than 0s");
		}
		return new RangeQuery(prometheus, promql, end.minus(range), end, step);
	}

	/**
	 * How many evaluations the range holds; Prometheus returns fewer where the series has
	 * no data.
	 */
	public long expectedPoints() {
		return Duration.between(this.start, this.end).toMillis() / this.step.toMillis() + 1;
	}

	/** The URL of the request, with every parameter encoded. */
	URI uri() {
		String base = this.prometheus.toString().replaceAll("/+$", "");
		return URI.create(base + "/api/v1/query_range?query=" + encode(this.promql) + "&start=" + seconds(this.start)
				+ "&end=" + seconds(this.end) + "&step=" + BigDecimal.valueOf(this.step.toMillis(), 3).toPlainString());
	}

	/**
	 * Prometheus takes Unix seconds with a fraction, which needs no time-zone thinking.
	 */
	private static String seconds(Instant instant) {
		return BigDecimal.valueOf(instant.toEpochMilli(), 3).toPlainString();
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

}

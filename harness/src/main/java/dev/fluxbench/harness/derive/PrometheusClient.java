package dev.fluxbench.harness.derive;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.harness.launch.EnvironmentException;

/**
 * Reads one series from Prometheus' HTTP API ({@code GET /api/v1/query_range}). Failures
 * are sorted by who can fix them: {@link IllegalArgumentException} when the query or the
 * range is wrong (bad PromQL, several series, too few points),
 * {@link EnvironmentException} when Prometheus is (unreachable, not Prometheus, or no
 * series under that metric name).
 */
public final class PrometheusClient {

	/**
	 * Longer than Prometheus' own default query timeout (2m), so that a heavy query over
	 * a long range ends with Prometheus' explanation rather than ours.
	 */
	static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(130);

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

	private static final int ERROR_EXCERPT = 200;

	private final HttpClient http;

	private final ObjectMapper json;

	private final Duration requestTimeout;

	public PrometheusClient() {
		this(REQUEST_TIMEOUT);
	}

	PrometheusClient(Duration requestTimeout) {
		this.http = HttpClient.newBuilder()
			.connectTimeout(CONNECT_TIMEOUT)
			.followRedirects(HttpClient.Redirect.NORMAL)
			.build();
		this.json = new ObjectMapper();
		this.requestTimeout = requestTimeout;
	}

	/**
	 * The query's one series as requests per second.
	 * @param query what to ask
	 * @param perSecond whether the query returns requests per second already; otherwise
	 * its values are requests per minute, as the thesis' query returns them, and are
	 * divided by 60
	 */
	public RateSeries rates(RangeQuery query, boolean perSecond) {
		Answer answer = parse(fetch(query), query);
		List<Series> series = (answer.data() != null && answer.data().result() != null) ? answer.data().result()
				: List.of();
		if (series.isEmpty()) {
			throw new EnvironmentException("the query returned no series: is the application scraped under that metric"
					+ " name? (" + query.promql() + ", " + query.start() + " to " + query.end() + ")");
		}
		if (series.size() > 1) {
			throw new IllegalArgumentException("the query returned " + series.size() + " series (the first: "
					+ labels(series.get(0).metric()) + "); derive needs one: wrap the query in sum(...)");
		}
		List<RateSeries.Point> points = points(series.get(0), perSecond ? 1 : 60);
		if (points.size() < RangeQuery.MIN_POINTS) {
			throw new IllegalArgumentException("the query returned " + points.size() + " point(s) with data between "
					+ query.start() + " and " + query.end() + "; derive needs at least " + RangeQuery.MIN_POINTS
					+ ": widen --range, shorten --step, or move --end to when the application was scraped");
		}
		return new RateSeries(points, (answer.warnings() != null) ? answer.warnings() : List.of());
	}

	private HttpResponse<String> fetch(RangeQuery query) {
		URI uri = query.uri();
		HttpRequest request = HttpRequest.newBuilder(uri)
			.timeout(this.requestTimeout)
			.header("Accept", "application/json")
			.GET()
			.build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (HttpConnectTimeoutException ex) {
			throw new EnvironmentException(
					"Prometheus at " + query.prometheus() + " cannot be reached (no connection" + " within "
							+ ScenarioFile.duration(CONNECT_TIMEOUT, false) + "): is it running, and is the URL right?",
					ex);
		}
		catch (HttpTimeoutException ex) {
			throw new EnvironmentException("Prometheus at " + query.prometheus() + " did not answer within "
					+ ScenarioFile.duration(this.requestTimeout, false), ex);
		}
		catch (ConnectException ex) {
			throw new EnvironmentException("Prometheus at " + query.prometheus() + " cannot be reached (" + reason(ex)
					+ "): is it running, and is the URL right?", ex);
		}
		catch (IOException ex) {
			throw new EnvironmentException(
					"Prometheus at " + query.prometheus() + " failed to answer (" + reason(ex) + ")", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while waiting for Prometheus at " + query.prometheus(), ex);
		}
	}

	private Answer parse(HttpResponse<String> response, RangeQuery query) {
		Answer answer;
		try {
			answer = this.json.readValue(response.body(), Answer.class);
		}
		catch (JsonProcessingException ex) {
			answer = null;
		}
		int status = response.statusCode();
		if (answer == null || answer.status() == null) {
			// Not Prometheus' API answering: a wrong port or path, a proxy's error page,
			// a login page.
			throw new EnvironmentException(query.prometheus() + " answered HTTP " + status + " with no Prometheus API"
					+ " answer (" + excerpt(response.body()) + "): is that Prometheus' base URL?");
		}
		if (status == 200 && "success".equals(answer.status())) {
			if (answer.data() != null && answer.data().resultType() != null
					&& !"matrix".equals(answer.data().resultType())) {
				throw new EnvironmentException(
						"Prometheus answered a " + answer.data().resultType() + " where query_range answers a matrix");
			}
			return answer;
		}
		String reason = "Prometheus refused the query (HTTP " + status
				+ ((answer.errorType() != null) ? ", " + answer.errorType() : "") + "): " + answer.error();
		// 400 (bad_data: bad PromQL, a bad parameter, too many points) and 422
		// (execution: too many samples) are about the query and the range, which the user
		// can change; the rest is Prometheus'.
		if (status == 400 || status == 422) {
			throw new IllegalArgumentException(reason);
		}
		throw new EnvironmentException(reason);
	}

	private static List<RateSeries.Point> points(Series series, int divisor) {
		List<RateSeries.Point> points = new ArrayList<>();
		for (List<String> pair : (series.values() != null) ? series.values() : List.<List<String>>of()) {
			if (pair.size() != 2) {
				throw new EnvironmentException("Prometheus answered a point that is not [time, value]: " + pair);
			}
			Instant time = instant(pair.get(0));
			double value = number(pair.get(1));
			// Prometheus writes NaN and Inf as strings; a gap tells nothing about the
			// load.
			if (!Double.isFinite(value)) {
				continue;
			}
			if (value < 0) {
				throw new IllegalArgumentException("the query returned " + pair.get(1) + " at " + time
						+ ": a request rate is never negative, is it a counter's increase()?");
			}
			points.add(new RateSeries.Point(time, value / divisor));
		}
		return points;
	}

	private static Instant instant(String seconds) {
		try {
			BigDecimal value = new BigDecimal(seconds);
			return Instant.ofEpochSecond(0, value.movePointRight(9).longValueExact());
		}
		catch (ArithmeticException | NumberFormatException ex) {
			throw new EnvironmentException("Prometheus answered a time that is not Unix seconds: " + seconds, ex);
		}
	}

	private static double number(String value) {
		try {
			return Double.parseDouble(value);
		}
		catch (NumberFormatException ex) {
			throw new EnvironmentException("Prometheus answered a value that is not a number: " + value, ex);
		}
	}

	private static String labels(Map<String, String> metric) {
		if (metric == null || metric.isEmpty()) {
			return "{}";
		}
		return metric.entrySet()
			.stream()
			.map((label) -> label.getKey() + "=\"" + label.getValue() + "\"")
			.collect(Collectors.joining(", ", "{", "}"));
	}

	/**
	 * The JDK's HttpClient often throws without a message, or wraps the useful one in a
	 * cause.
	 */
	private static String reason(IOException ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof UnresolvedAddressException) {
				return "unknown host";
			}
			if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
				return cause.getMessage();
			}
		}
		return (ex instanceof ConnectException) ? "connection refused" : ex.getClass().getSimpleName();
	}

	private static String excerpt(String body) {
		String flat = (body != null) ? body.replaceAll("\\s+", " ").strip() : "";
		if (flat.isEmpty()) {
			return "empty body";
		}
		return (flat.length() <= ERROR_EXCERPT) ? flat : flat.substring(0, ERROR_EXCERPT) + "...";
	}

	/**
	 * Prometheus' envelope: {@code {"status", "data", "errorType", "error", "warnings"}}.
	 */
	@JsonIgnoreProperties(ignoreUnknown = true)
	record Answer(String status, Data data, String errorType, String error, List<String> warnings) {

	}

	@JsonIgnoreProperties(ignoreUnknown = true)
	record Data(String resultType, List<Series> result) {

	}

	/** One series of a matrix: its labels, and {@code [unix seconds, "value"]} pairs. */
	@JsonIgnoreProperties(ignoreUnknown = true)
	record Series(Map<String, String> metric, List<List<String>> values) {

	}

}

package dev.fluxbench.harness.derive;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * Prometheus' {@code /api/v1/query_range} as far as derive uses it: it answers whatever
 * it was told to, and remembers the parameters of the last request. On 127.0.0.1, any
 * free port.
 */
public final class FakePrometheus implements AutoCloseable {

	/**
	 * Where every fake series starts: a fixed time, so that tests can name their windows.
	 */
	public static final Instant START = Instant.parse("2026-11-20T08:00:00Z");

	private final HttpServer server;

	private volatile int status = 200;

	private volatile String body = matrix(Duration.ofMinutes(1), 60, 60, 60, 60, 60);

	private volatile String contentType = "application/json";

	private volatile Map<String, String> lastQuery = Map.of();

	private final AtomicInteger requests = new AtomicInteger();

	private FakePrometheus(HttpServer server) {
		this.server = server;
	}

	public static FakePrometheus start() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		FakePrometheus fake = new FakePrometheus(server);
		server.createContext("/api/v1/query_range", fake::handle);
		server.start();
		return fake;
	}

	/**
	 * The next answers: an HTTP status and a body, JSON unless {@link #html()} says
	 * otherwise.
	 */
	public FakePrometheus answer(int status, String body) {
		this.status = status;
		this.body = body;
		this.contentType = "application/json";
		return this;
	}

	/** Answers in HTML from now on, as a proxy's error page does. */
	public FakePrometheus html() {
		this.contentType = "text/html";
		return this;
	}

	public URI url() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
	}

	public Map<String, String> lastQuery() {
		return this.lastQuery;
	}

	public int requests() {
		return this.requests.get();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	/**
	 * A successful answer with one series of these values, {@code step} apart from
	 * {@link #START}.
	 */
	public static String matrix(Duration step, double... values) {
		return "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[" + series("", step, values)
				+ "]}}";
	}

	/** A successful answer with several series, each with the same values. */
	public static String matrixOf(int seriesCount, Duration step, double... values) {
		StringJoiner all = new StringJoiner(",");
		for (int i = 0; i < seriesCount; i++) {
			all.add(series("\"instance\":\"node-" + i + "\"", step, values));
		}
		return "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[" + all + "]}}";
	}

	/** Prometheus' error envelope. */
	public static String error(String errorType, String error) {
		return "{\"status\":\"error\",\"errorType\":\"" + errorType + "\",\"error\":\"" + error.replace("\"", "\\\"")
				+ "\"}";
	}

	private static String series(String labels, Duration step, double... values) {
		StringJoiner points = new StringJoiner(",");
		for (int i = 0; i < values.length; i++) {
			Instant time = START.plus(step.multipliedBy(i));
			String value = Double.isNaN(values[i]) ? "NaN" : String.format(Locale.ROOT, "%s", values[i]);
			// Prometheus writes the time as a JSON number with up to three decimals, the
			// value as a string.
			points.add("[" + time.getEpochSecond() + "."
					+ String.format(Locale.ROOT, "%03d", time.getNano() / 1_000_000) + ",\"" + value + "\"]");
		}
		return "{\"metric\":{" + labels + "},\"values\":[" + points + "]}";
	}

	private void handle(HttpExchange exchange) throws IOException {
		this.requests.incrementAndGet();
		Map<String, String> query = new LinkedHashMap<>();
		String raw = exchange.getRequestURI().getRawQuery();
		if (raw != null) {
			for (String pair : raw.split("&")) {
				int equals = pair.indexOf('=');
				query.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
						URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
			}
		}
		this.lastQuery = Map.copyOf(query);
		byte[] bytes = this.body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", this.contentType);
		exchange.sendResponseHeaders(this.status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

}

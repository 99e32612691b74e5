package dev.fluxbench.harness.target;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.metrics.KeptSeries;

/**
 * Where a target's metrics come from, read once a second during a load: its own
 * Prometheus endpoint (as our apps' {@code /actuator/prometheus}), or a Prometheus server
 * that scrapes it, asked for the series a label selector picks.
 */
public sealed interface MetricsSource {

	/** The series worth keeping; what {@link KeptSeries} names. */
	List<PrometheusText.Sample> read(HttpClient client, Duration timeout) throws IOException, InterruptedException;

	/**
	 * Parses {@code URL} (an exposition endpoint) or {@code URL{selector}} (a Prometheus
	 * server and the labels that pick the target's series, as
	 * {@code http://prom:9090{job="before"}}).
	 */
	static MetricsSource parse(String text) {
		int brace = text.indexOf('{');
		if (brace > 0 && text.endsWith("}")) {
			return new Server(uri(text.substring(0, brace)), text.substring(brace));
		}
		return new Endpoint(uri(text));
	}

	private static URI uri(String text) {
		URI uri = URI.create(text);
		if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
			throw new IllegalArgumentException("'" + text + "' is not an http(s) URL");
		}
		return uri;
	}

	/**
	 * Fails with an {@link EnvironmentException} unless the source answers with metrics:
	 * a wrong URL must stop a run before it starts, not leave a report without figures.
	 */
	default void check(String target) {
		try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
			if (this instanceof Endpoint endpoint) {
				// An endpoint may expose none of the series fluxbench keeps, but it must
				// expose some.
				if (endpoint.exposition(client, Duration.ofSeconds(10))
					.lines()
					.noneMatch((line) -> PrometheusText.parseLine(line).isPresent())) {
					throw new EnvironmentException("metrics of target " + target + " at " + this
							+ " hold no Prometheus sample: is it the right URL?");
				}
			}
			else if (read(client, Duration.ofSeconds(10)).isEmpty()) {
				throw new EnvironmentException(
						"metrics of target " + target + " at " + this + ": the selector picks no series");
			}
		}
		catch (IOException ex) {
			throw new EnvironmentException(
					"metrics of target " + target + " at " + this + " are unreachable: " + Probe.reason(ex));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while checking the metrics of target " + target);
		}
	}

	/** A Prometheus text exposition, scraped as Prometheus would. */
	record Endpoint(URI uri) implements MetricsSource {

		@Override
		public List<PrometheusText.Sample> read(HttpClient client, Duration timeout)
				throws IOException, InterruptedException {
			return KeptSeries.of(exposition(client, timeout));
		}

		String exposition(HttpClient client, Duration timeout) throws IOException, InterruptedException {
			HttpResponse<String> response = client.send(HttpRequest.newBuilder(this.uri).timeout(timeout).GET().build(),
					BodyHandlers.ofString());
			if (response.statusCode() != 200) {
				throw new IOException("HTTP " + response.statusCode());
			}
			String type = response.headers().firstValue("Content-Type").orElse("");
			if (!type.startsWith("text/plain") && !type.startsWith("application/openmetrics-text")) {
				throw new IOException("not a Prometheus exposition (Content-Type '" + type + "')");
			}
			return response.body();
		}

		@Override
		public String toString() {
			return this.uri.toString();
		}

	}

	/**
	 * A Prometheus server's instant query of {@code selector}: every series with those
	 * labels at their latest scrape, filtered as an endpoint's would be.
	 */
	record Server(URI server, String selector) implements MetricsSource {

		private static final ObjectMapper JSON = new ObjectMapper();

		@Override
		public List<PrometheusText.Sample> read(HttpClient client, Duration timeout)
				throws IOException, InterruptedException {
			// Appended, not resolved: a Prometheus behind a path prefix keeps its prefix.
			String base = this.server.toString().replaceFirst("/+$", "");
			URI query = URI
				.create(base + "/api/v1/query?query=" + URLEncoder.encode(this.selector, StandardCharsets.UTF_8));
			HttpResponse<String> response = client.send(HttpRequest.newBuilder(query).timeout(timeout).GET().build(),
					BodyHandlers.ofString());
			JsonNode body;
			try {
				body = JSON.readTree(response.body());
			}
			catch (IOException ex) {
				throw new IOException("not a Prometheus server (HTTP " + response.statusCode() + ", no JSON)");
			}
			if (!"success".equals(body.path("status").asText())) {
				throw new IOException(
						"Prometheus refused the query " + this.selector + ": " + body.path("error").asText());
			}
			List<PrometheusText.Sample> series = new ArrayList<>();
			for (JsonNode result : body.path("data").path("result")) {
				JsonNode metric = result.path("metric");
				String name = metric.path("__name__").asText();
				if (!KeptSeries.isKept(name)) {
					continue;
				}
				Map<String, String> labels = new LinkedHashMap<>();
				metric.properties().forEach((label) -> {
					if (!label.getKey().equals("__name__")) {
						labels.put(label.getKey(), label.getValue().asText());
					}
				});
				series.add(new PrometheusText.Sample(name, labels,
						Double.parseDouble(result.path("value").path(1).asText("NaN"))));
			}
			return series;
		}

		@Override
		public String toString() {
			return this.server + this.selector;
		}

	}

}

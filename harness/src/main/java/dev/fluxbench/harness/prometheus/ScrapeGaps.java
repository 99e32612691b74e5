package dev.fluxbench.harness.prometheus;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fluxbench.harness.results.PrometheusJson;

/**
 * The scrapes Prometheus missed while a service ran, read back from Prometheus itself:
 * every scrape leaves a sample of {@code up}, 1 when it succeeded and 0 when it failed,
 * at the time it began, and a scrape never made leaves nothing. A gap is a stretch of
 * more than one and a half intervals without a successful scrape. Counting starts at a
 * service's first scrape, since Prometheus learns of a new service a few seconds after it
 * started, and ends when the service was taken away, since the scrapes after that meet a
 * service that is stopping.
 */
final class ScrapeGaps {

	private ScrapeGaps() {
	}

	/**
	 * One service's scrapes.
	 * @param window when it ran, with its labels
	 * @param samples its {@code up} samples, in time order
	 * @param interval the scrape interval
	 * @param longestScrape the longest scrape, when any was made
	 */
	static PrometheusJson.Target count(Window window, List<Sample> samples, Duration interval,
			Optional<Duration> longestScrape) {
		List<Sample> inside = samples.stream()
			.filter((sample) -> !sample.time().isBefore(window.from()) && !sample.time().isAfter(window.to()))
			.sorted(Comparator.comparing(Sample::time))
			.toList();
		List<PrometheusJson.Gap> gaps = new ArrayList<>();
		if (inside.isEmpty()) {
			// Never scraped while it ran: the whole of it is one gap.
			int missed = (int) (Duration.between(window.from(), window.to()).toMillis() / interval.toMillis());
			if (missed > 0) {
				gaps.add(new PrometheusJson.Gap(window.from(), window.to(), missed));
			}
		}
		else {
			Instant previous = inside.getFirst().time();
			for (Sample sample : inside.subList(1, inside.size())) {
				if (sample.up()) {
					gap(previous, sample.time(), interval).ifPresent(gaps::add);
					previous = sample.time();
				}
			}
			gap(previous, window.to(), interval).ifPresent(gaps::add);
		}
		int failed = (int) inside.stream().filter((sample) -> !sample.up()).count();
		return new PrometheusJson.Target(window.target().job(), window.target().address(), window.target().labels(),
				window.from(), window.to(), inside.size(), failed,
				gaps.stream().mapToInt(PrometheusJson.Gap::missed).sum(), longestScrape, gaps);
	}

	/**
	 * A gap between two moments with data, when they are more than one and a half
	 * intervals apart: a late scrape moves one by less than half an interval.
	 */
	private static Optional<PrometheusJson.Gap> gap(Instant from, Instant to, Duration interval) {
		long between = Duration.between(from, to).toMillis();
		if (between * 2 <= interval.toMillis() * 3) {
			return Optional.empty();
		}
		int missed = (int) Math.max(1, Math.round((double) between / interval.toMillis()) - 1);
		return Optional.of(new PrometheusJson.Gap(from, to, missed));
	}

	/** Asks Prometheus for a service's scrapes and counts its gaps. */
	static PrometheusJson.Target read(PrometheusServer prometheus, Window window, Duration interval) {
		String selector = selector(window.target());
		// A range selector returns the raw samples, each at the time its scrape began.
		long seconds = Duration.between(window.from(), window.to()).toSeconds() + 2;
		String range = "[" + seconds + "s]";
		List<Sample> samples = new ArrayList<>();
		for (JsonNode series : prometheus.query("up" + selector + range, window.to())) {
			for (JsonNode point : series.path("values")) {
				samples.add(new Sample(PrometheusServer.instant(point.path(0)), point.path(1).asText().equals("1")));
			}
		}
		Optional<Duration> longest = Optional.empty();
		for (JsonNode series : prometheus.query("max_over_time(scrape_duration_seconds" + selector + range + ")",
				window.to())) {
			double value = Double.parseDouble(series.path("value").path(1).asText("NaN"));
			if (Double.isFinite(value)) {
				longest = Optional.of(Duration.ofNanos(Math.round(value * 1e9)));
			}
		}
		return count(window, samples, interval, longest);
	}

	/** The selector that picks exactly this target's series. */
	static String selector(ScrapeTargets.ScrapeTarget target) {
		List<String> matchers = new ArrayList<>();
		matchers.add(matcher("job", target.job()));
		matchers.add(matcher("instance", target.address()));
		target.labels()
			.entrySet()
			.stream()
			.sorted(Map.Entry.comparingByKey())
			.forEach((label) -> matchers.add(matcher(label.getKey(), label.getValue())));
		return matchers.stream().collect(Collectors.joining(",", "{", "}"));
	}

	private static String matcher(String label, String value) {
		return label + "=\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
	}

	/** A service's time in Prometheus' targets. */
	record Window(ScrapeTargets.ScrapeTarget target, Instant from, Instant to) {

	}

	/** One scrape: when it began, and whether it succeeded. */
	record Sample(Instant time, boolean up) {

	}

}

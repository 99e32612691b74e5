package dev.fluxbench.harness.metrics;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.harness.target.MetricsSource;

/**
 * The requests a target is still serving, as its own metrics count them: Spring's
 * {@code http.server.requests.active} long task timer, in MVC and WebFlux alike. A load
 * whose client gave up on a request (a timeout) leaves the request running in the app,
 * and a jammed stack may hold many of them for a while: the next load must not begin
 * under them.
 */
public final class InFlight {

	/** The timer's count of active requests. */
	static final String ACTIVE_COUNT = "http_server_requests_active_seconds_active_count";

	/** The same count, named so when the timer publishes a histogram. */
	static final String ACTIVE_HISTOGRAM_COUNT = "http_server_requests_active_seconds_gcount";

	/** The scrape that reads the count is itself a request in flight. */
	private static final long SCRAPE = 1;

	private final MetricsSource metrics;

	private final Duration interval;

	/**
	 * Reads the requests in flight from the given metrics.
	 * @param interval how often the metrics are read while waiting
	 */
	public InFlight(MetricsSource metrics, Duration interval) {
		this.metrics = metrics;
		this.interval = interval;
	}

	/**
	 * How many requests the samples count in flight, not counting the scrape that read
	 * them; empty when the target has no such timer.
	 */
	static OptionalLong count(List<PrometheusText.Sample> samples) {
		List<PrometheusText.Sample> active = samples.stream()
			.filter((sample) -> sample.name().equals(ACTIVE_COUNT) || sample.name().equals(ACTIVE_HISTOGRAM_COUNT))
			.toList();
		if (active.isEmpty()) {
			return OptionalLong.empty();
		}
		long count = Math.round(active.stream().mapToDouble(PrometheusText.Sample::value).sum());
		return OptionalLong.of(Math.max(0, count - SCRAPE));
	}

	/**
	 * Waits until the target serves no request, or {@code maximum} has passed.
	 * @return how many requests were in flight at the first reading, and at the last;
	 * both empty when the target does not count them or its metrics did not answer
	 */
	public Settled settle(HttpClient client, Duration maximum) throws InterruptedException {
		Instant deadline = Instant.now().plus(maximum);
		OptionalLong first = read(client);
		OptionalLong last = first;
		while (last.isPresent() && last.getAsLong() > 0 && Instant.now().isBefore(deadline)) {
			Thread.sleep(this.interval);
			last = read(client);
		}
		return new Settled(first, last);
	}

	private OptionalLong read(HttpClient client) throws InterruptedException {
		try {
			return count(this.metrics.read(client, this.interval.plusSeconds(1)));
		}
		catch (IOException | RuntimeException ex) {
			return OptionalLong.empty();
		}
	}

	/**
	 * What a wait found.
	 *
	 * @param before the requests in flight when it began
	 * @param after the requests in flight when it ended: 0 unless the wait ran out
	 */
	public record Settled(OptionalLong before, OptionalLong after) {

		/** Whether the target was serving requests when the wait began. */
		public boolean waited() {
			return this.before.isPresent() && this.before.getAsLong() > 0;
		}

	}

}

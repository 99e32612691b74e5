package dev.fluxbench.harness.results;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * In run.json, the Prometheus that {@code fluxbench run --prometheus} started: where it
 * listened, what it was, where its configuration and data are kept, and the scrapes it
 * missed. Missed scrapes are only counted here: they never fail a run, and no figure of
 * the report comes from Prometheus.
 *
 * @param address where it listened while the run ran
 * @param version its version, as its build information gives it
 * @param executable the program, as found on the PATH
 * @param pid its process
 * @param config its configuration, relative to the results directory
 * @param dataDirectory its data, relative to the results directory: open it with a
 * Prometheus of your own to see the run in Grafana (docs/prometheus-grafana.md)
 * @param log its output, relative to the results directory
 * @param scrapeInterval how often it scraped every service
 * @param gaps the scrapes it missed, counted at the end of the run; empty while the run
 * runs or when it did not finish
 */
public record PrometheusJson(String address, String version, String executable, long pid, String config,
		String dataDirectory, String log, Duration scrapeInterval, Optional<Gaps> gaps) {

	public PrometheusJson {
		address = ResultJson.text(address);
		version = ResultJson.text(version);
		executable = ResultJson.text(executable);
		config = ResultJson.text(config);
		dataDirectory = ResultJson.text(dataDirectory);
		log = ResultJson.text(log);
		scrapeInterval = (scrapeInterval != null) ? scrapeInterval : Duration.ZERO;
		gaps = ResultJson.optional(gaps);
	}

	/** The same Prometheus, with the scrapes it missed. */
	public PrometheusJson withGaps(Gaps gaps) {
		return new PrometheusJson(this.address, this.version, this.executable, this.pid, this.config,
				this.dataDirectory, this.log, this.scrapeInterval, Optional.of(gaps));
	}

	/**
	 * Scrapes missed over the whole run: a gap is a stretch of more than one and a half
	 * intervals without a successful scrape of a service that was running.
	 *
	 * @param gaps how many gaps, over every target
	 * @param missedScrapes the scrapes those gaps should have held: failed (the service
	 * did not answer within the interval) or never made (Prometheus was late)
	 * @param failedScrapes scrapes made that failed
	 * @param scrapes scrapes made
	 * @param notCounted why the gaps could not be counted, when they could not; then the
	 * counts are 0
	 * @param targets per service and trial
	 */
	public record Gaps(int gaps, int missedScrapes, int failedScrapes, int scrapes, Optional<String> notCounted,
			List<Target> targets) {

		public Gaps {
			notCounted = ResultJson.optional(notCounted);
			targets = ResultJson.list(targets);
		}

		/** The totals over these targets. */
		public static Gaps of(List<Target> targets) {
			return new Gaps(targets.stream().mapToInt((target) -> target.gaps().size()).sum(),
					targets.stream().mapToInt(Target::missed).sum(), targets.stream().mapToInt(Target::failed).sum(),
					targets.stream().mapToInt(Target::scrapes).sum(), Optional.empty(), targets);
		}

		/** Gaps that could not be counted, and why. */
		public static Gaps notCounted(String reason) {
			return new Gaps(0, 0, 0, 0, Optional.of(reason), List.of());
		}

	}

	/**
	 * One service as Prometheus scraped it while it ran.
	 *
	 * @param job its job
	 * @param instance its {@code host:port}
	 * @param labels the labels fluxbench gave it (stack, trial)
	 * @param from when it was handed to Prometheus
	 * @param to when it was taken away, just before it stopped
	 * @param scrapes scrapes made from its first one to {@code to}
	 * @param failed those that failed
	 * @param missed scrapes its gaps should have held
	 * @param longestScrape the longest scrape, empty when none was made
	 * @param gaps every gap, in time order
	 */
	public record Target(String job, String instance, Map<String, String> labels, Instant from, Instant to, int scrapes,
			int failed, int missed, Optional<Duration> longestScrape, List<Gap> gaps) {

		public Target {
			job = ResultJson.text(job);
			instance = ResultJson.text(instance);
			labels = ResultJson.map(labels);
			longestScrape = ResultJson.optional(longestScrape);
			gaps = ResultJson.list(gaps);
		}

	}

	/**
	 * A stretch without a successful scrape.
	 *
	 * @param from the last successful scrape before it, or the first failed one
	 * @param to the next successful scrape, or when the service was taken away
	 * @param missed how many scrapes it should have held
	 */
	public record Gap(Instant from, Instant to, int missed) {

	}

}

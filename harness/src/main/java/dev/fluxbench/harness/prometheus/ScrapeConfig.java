package dev.fluxbench.harness.prometheus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Prometheus' configuration for a run: one job per kind of service fluxbench starts or
 * measures, each fed by a file of targets that {@link ScrapeTargets} rewrites as services
 * start and stop, since every stack gets a new port at every trial. With the default
 * interval it is word for word {@code ops/prometheus/prometheus.yml}, which a test holds
 * to it, so that a team's own Prometheus scrapes the same way.
 */
public final class ScrapeConfig {

	/** The stacks under test, or the services given with {@code --target}. */
	public static final String APPS = "fluxbench-app";

	/** The downstream the launched stacks call. */
	public static final String DOWNSTREAM = "fluxbench-downstream";

	/**
	 * Prometheus itself: its own metrics tell when it scraped late, which is how missed
	 * scrapes show on a dashboard.
	 */
	public static final String PROMETHEUS = "prometheus";

	/** The jobs, in the order the configuration lists them. */
	public static final List<String> JOBS = List.of(APPS, DOWNSTREAM, PROMETHEUS);

	/** The configuration's file name in the run's Prometheus directory. */
	public static final String FILE_NAME = "prometheus.yml";

	/**
	 * Where the target files are, relative to the configuration, as Prometheus reads
	 * them.
	 */
	public static final String TARGETS_DIRECTORY = "targets";

	private ScrapeConfig() {
	}

	/** A job's file of targets, relative to the configuration's directory. */
	public static Path targetsFile(String job) {
		return Path.of(TARGETS_DIRECTORY, job + ".json");
	}

	/** The configuration, scraping every service at this interval. */
	public static String yaml(Duration scrapeInterval) {
		String interval = duration(scrapeInterval);
		return """
				# Prometheus' scrape configuration for a fluxbench run (docs/prometheus-grafana.md). This is the file
				# './fluxbench run --prometheus' writes into the run's prometheus/ directory; your own Prometheus can
				# use it as it is, next to a targets/ directory of the same shape.
				#
				# fluxbench starts every stack on a new port at every trial, so no target is written here: each job
				# reads its targets from a file that the harness rewrites when a service starts or stops (file-based
				# discovery, relative to this file). Each app's target carries the labels stack (the stack, variant
				# or --target name, as run.json names it) and trial; the stack tag the apps put on their own series
				# is kept as exported_stack.
				global:
				  scrape_interval: %1$s
				  # As long as the interval: a scrape that takes longer is a missed one, counted in run.json, and
				  # never a pile of scrapes on a stack that is already overloaded.
				  scrape_timeout: %1$s
				  evaluation_interval: %1$s
				scrape_configs:
				  # The stacks under test (or the services given with --target and --metrics).
				  - job_name: %2$s
				    metrics_path: /actuator/prometheus
				    file_sd_configs:
				      - files: [%5$s]
				        refresh_interval: 5s
				  # The downstream that the passthrough, the chain and the partner-data service call.
				  - job_name: %3$s
				    metrics_path: /actuator/prometheus
				    file_sd_configs:
				      - files: [%6$s]
				        refresh_interval: 5s
				  # Prometheus itself: prometheus_target_interval_length_seconds shows scrapes that came late.
				  - job_name: %4$s
				    file_sd_configs:
				      - files: [%7$s]
				        refresh_interval: 5s
				""".formatted(interval, APPS, DOWNSTREAM, PROMETHEUS, targetsFile(APPS), targetsFile(DOWNSTREAM),
				targetsFile(PROMETHEUS));
	}

	/** A duration as Prometheus writes it: {@code 5s}, {@code 250ms}. */
	static String duration(Duration duration) {
		if (duration == null) {
			return "null";
		}
		return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
	}

}

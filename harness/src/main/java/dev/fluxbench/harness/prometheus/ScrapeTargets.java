package dev.fluxbench.harness.prometheus;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fluxbench.harness.results.ResultsDirectory;

/**
 * The services Prometheus scrapes now, as the files of its file-based discovery: one per
 * job, a JSON list of target groups. Each file is replaced whole through a rename, as
 * Prometheus asks, so that it never reads half of one. Prometheus notices a change within
 * seconds, not at once: a service's first scrape comes a little after it started.
 */
final class ScrapeTargets {

	private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

	private final Path directory;

	private final Map<String, List<ScrapeTarget>> byJob = new LinkedHashMap<>();

	/**
	 * Empty files for every job, so that Prometheus starts with a valid configuration.
	 * @param directory where the configuration is; the files go to its {@code targets/}
	 */
	ScrapeTargets(Path directory) {
		this.directory = directory;
		ScrapeConfig.JOBS.forEach((job) -> {
			this.byJob.put(job, new ArrayList<>());
			write(job);
		});
	}

	synchronized void add(ScrapeTarget target) {
		List<ScrapeTarget> targets = this.byJob.get(target.job());
		if (targets == null) {
			throw new IllegalArgumentException("no job " + target.job() + " in the configuration");
		}
		targets.add(target);
		write(target.job());
	}

	/** Takes a target out of its job's file; Prometheus then stops scraping it. */
	synchronized void remove(ScrapeTarget target) {
		List<ScrapeTarget> targets = this.byJob.get(target.job());
		if (targets != null && targets.remove(target)) {
			write(target.job());
		}
	}

	Path file(String job) {
		return this.directory.resolve(ScrapeConfig.targetsFile(job));
	}

	private void write(String job) {
		List<Map<String, Object>> groups = new ArrayList<>();
		for (ScrapeTarget target : this.byJob.get(job)) {
			groups.add(Map.of("targets", List.of(target.address()), "labels", target.discoveryLabels()));
		}
		try {
			ResultsDirectory.writeAtomically(file(job), JSON.writeValueAsString(groups) + "\n");
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("Could not write the targets of " + job, ex);
		}
	}

	/**
	 * One service to scrape.
	 *
	 * @param job its job in the configuration
	 * @param metrics the URL of its metrics, exactly as Prometheus must fetch them
	 * @param labels what tells it apart on a dashboard (stack, trial)
	 */
	record ScrapeTarget(String job, URI metrics, Map<String, String> labels) {

		ScrapeTarget {
			if (metrics.getScheme() == null || !metrics.getScheme().matches("https?") || metrics.getHost() == null) {
				throw new IllegalArgumentException("not an http(s) URL to scrape: " + metrics);
			}
			labels = Map.copyOf(labels);
		}

		/** {@code host:port}, as Prometheus names a target's instance. */
		String address() {
			int port = (this.metrics.getPort() > 0) ? this.metrics.getPort()
					: this.metrics.getScheme().equals("https") ? 443 : 80;
			return this.metrics.getHost() + ":" + port;
		}

		/**
		 * The labels, and the path, scheme and query Prometheus must use in place of the
		 * job's: a service given with {@code --target} may expose its metrics anywhere.
		 */
		Map<String, String> discoveryLabels() {
			Map<String, String> labels = new LinkedHashMap<>(new TreeMap<>(this.labels));
			labels.put("__scheme__", this.metrics.getScheme());
			String path = this.metrics.getRawPath();
			labels.put("__metrics_path__", (path == null || path.isEmpty()) ? "/" : path);
			if (this.metrics.getRawQuery() != null) {
				for (String parameter : this.metrics.getRawQuery().split("&")) {
					String[] pair = parameter.split("=", 2);
					labels.put("__param_" + URLDecoder.decode(pair[0], StandardCharsets.UTF_8),
							(pair.length == 2) ? URLDecoder.decode(pair[1], StandardCharsets.UTF_8) : "");
				}
			}
			return labels;
		}

	}

}

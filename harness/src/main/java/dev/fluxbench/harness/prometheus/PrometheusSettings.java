package dev.fluxbench.harness.prometheus;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a run's Prometheus is set up: which program, and how often it scrapes.
 *
 * @param executable Prometheus' server, as found on the PATH
 * @param scrapeInterval how often every service is scraped; also each scrape's timeout,
 * so that a scrape that is late under load is a missed scrape, not a queue of them
 */
public record PrometheusSettings(Path executable, Duration scrapeInterval) {

	/**
	 * Dashboards' rates span four scrapes: at this interval a load of a minute has a
	 * dozen points, and one scrape of a stack every 5 s costs it nothing measurable.
	 */
	public static final Duration DEFAULT_SCRAPE_INTERVAL = Duration.ofSeconds(5);

	public static final Duration SHORTEST_SCRAPE_INTERVAL = Duration.ofSeconds(1);

	public static final Duration LONGEST_SCRAPE_INTERVAL = Duration.ofMinutes(1);

	public static final String MISSING = "--prometheus needs Prometheus' server 'prometheus' on the PATH:"
			+ " install Debian's package (apt-get install prometheus)";

	public PrometheusSettings {
		Objects.requireNonNull(executable, "executable");
		if (scrapeInterval == null || scrapeInterval.compareTo(SHORTEST_SCRAPE_INTERVAL) < 0
				|| scrapeInterval.compareTo(LONGEST_SCRAPE_INTERVAL) > 0 || scrapeInterval.toMillis() % 1000 != 0) {
			throw new IllegalArgumentException("the scrape interval must be whole seconds from 1s to 1m, not "
					+ ScrapeConfig.duration(scrapeInterval));
		}
	}

	/** Prometheus' server from the PATH, or empty when it has none. */
	public static Optional<Path> onPath(String path) {
		if (path == null) {
			return Optional.empty();
		}
		for (String directory : path.split(File.pathSeparator)) {
			if (directory.isEmpty()) {
				continue;
			}
			Path candidate = Path.of(directory, "prometheus");
			if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
				return Optional.of(candidate);
			}
		}
		return Optional.empty();
	}

}

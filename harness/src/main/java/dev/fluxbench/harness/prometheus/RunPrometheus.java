package dev.fluxbench.harness.prometheus;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.results.PrometheusJson;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.target.MetricsSource;

/**
 * What a run sees of its Prometheus: it hands each service over when it starts and takes
 * it back before it stops, and at the end learns which scrapes were missed. Without
 * {@code --prometheus} it is {@link #none()}, which does nothing.
 */
public final class RunPrometheus implements AutoCloseable {

	/** The run's Prometheus directory, inside the results directory. */
	public static final String DIRECTORY = "prometheus";

	/**
	 * The longest wait for a service's first scrape. Prometheus reads a changed target
	 * file within seconds, but passes new targets on to its scrapers every 5 s only.
	 */
	static final Duration FIRST_SCRAPE_MARGIN = Duration.ofSeconds(15);

	private static final Duration POLL = Duration.ofMillis(200);

	private final Optional<PrometheusServer> server;

	private final Optional<ScrapeTargets> targets;

	private final Duration interval;

	private final PrintWriter out;

	private final List<Registration> registrations = new ArrayList<>();

	private PrometheusJson description;

	private RunPrometheus(Optional<PrometheusServer> server, Optional<ScrapeTargets> targets, Duration interval,
			PrintWriter out, PrometheusJson description) {
		this.server = server;
		this.targets = targets;
		this.interval = interval;
		this.out = out;
		this.description = description;
	}

	/** No Prometheus: every method does nothing. */
	public static RunPrometheus none() {
		return new RunPrometheus(Optional.empty(), Optional.empty(), Duration.ZERO,
				new PrintWriter(PrintWriter.nullWriter()), null);
	}

	/**
	 * Writes the configuration into the results directory and starts Prometheus on it,
	 * scraping itself and nothing else yet.
	 * @param cpus the cores it may use: the generator's and the downstream's, never the
	 * app's
	 * @throws EnvironmentException when it does not start
	 */
	public static RunPrometheus start(PrometheusSettings settings, Path results, Optional<String> cpus,
			PrintWriter out) {
		Path directory = results.resolve(DIRECTORY);
		Path config = directory.resolve(ScrapeConfig.FILE_NAME);
		ResultsDirectory.writeAtomically(config, ScrapeConfig.yaml(settings.scrapeInterval()));
		ScrapeTargets targets = new ScrapeTargets(directory);
		Path data = directory.resolve("data");
		Path log = directory.resolve("prometheus.log");
		PrometheusServer server = PrometheusServer.start(settings.executable(), config, data, log, cpus, List.of());
		try {
			return started(server, targets, settings, results, config, data, log, out);
		}
		catch (RuntimeException ex) {
			server.close();
			throw ex;
		}
	}

	private static RunPrometheus started(PrometheusServer server, ScrapeTargets targets, PrometheusSettings settings,
			Path results, Path config, Path data, Path log, PrintWriter out) {
		PrometheusJson description = new PrometheusJson(server.baseUri().toString(), server.version(),
				settings.executable().toString(), server.pid(), relative(results, config), relative(results, data),
				relative(results, log), settings.scrapeInterval(), Optional.empty());
		out.printf("prometheus: %s (version %s, pid %d), scraping every %s; data in %s%n", server.baseUri(),
				description.version(), server.pid(), ScrapeConfig.duration(settings.scrapeInterval()), data);
		RunPrometheus prometheus = new RunPrometheus(Optional.of(server), Optional.of(targets),
				settings.scrapeInterval(), out, description);
		// Only its own scrapes tell when it scraped late.
		prometheus.register(List.of(new ScrapeTargets.ScrapeTarget(ScrapeConfig.PROMETHEUS,
				server.baseUri().resolve("/metrics"), Map.of())));
		return prometheus;
	}

	/** What run.json records, empty without Prometheus. */
	public synchronized Optional<PrometheusJson> describe() {
		return Optional.ofNullable(this.description);
	}

	/** Hands the downstream over; it is scraped until {@link #finish()}. */
	public Registration watchDownstream(URI downstream) {
		return watch(new ScrapeTargets.ScrapeTarget(ScrapeConfig.DOWNSTREAM, downstream.resolve("/actuator/prometheus"),
				Map.of()), "the downstream");
	}

	/**
	 * Hands a target over, with its stack (or target name) and trial as labels, and waits
	 * for its first scrape, so that Prometheus holds every second of its loads.
	 * @param nodes where its metrics are, one entry per node; behind a balancer every
	 * node is scraped, told apart by a {@code node} label as in metrics.csv. A Prometheus
	 * server of the user's is already scraping the target and is left alone.
	 */
	public Registration watch(String stack, int trial, List<Optional<MetricsSource>> nodes) {
		if (this.server.isEmpty()) {
			return Registration.NONE;
		}
		List<ScrapeTargets.ScrapeTarget> targets = new ArrayList<>();
		for (int i = 0; i < nodes.size(); i++) {
			if (nodes.get(i).orElse(null) instanceof MetricsSource.Endpoint endpoint) {
				Map<String, String> labels = new LinkedHashMap<>();
				labels.put("stack", stack);
				labels.put("trial", String.valueOf(trial));
				if (nodes.size() > 1) {
					labels.put("node", String.valueOf(i + 1));
				}
				targets.add(new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS, endpoint.uri(), labels));
			}
		}
		if (targets.isEmpty()) {
			return Registration.NONE;
		}
		Registration registration = register(targets);
		targets.forEach((target) -> awaitFirstScrape(target, stack + " trial " + trial
				+ (target.labels().containsKey("node") ? " node " + target.labels().get("node") : "")));
		return registration;
	}

	private Registration watch(ScrapeTargets.ScrapeTarget target, String name) {
		if (this.server.isEmpty()) {
			return Registration.NONE;
		}
		Registration registration = register(List.of(target));
		awaitFirstScrape(target, name);
		return registration;
	}

	private synchronized Registration register(List<ScrapeTargets.ScrapeTarget> targets) {
		targets.forEach(this.targets.orElseThrow()::add);
		Registration registration = new Registration(this, targets, Instant.now());
		this.registrations.add(registration);
		return registration;
	}

	private void awaitFirstScrape(ScrapeTargets.ScrapeTarget target, String name) {
		PrometheusServer prometheus = this.server.orElseThrow();
		long deadline = System.nanoTime() + this.interval.multipliedBy(2).plus(FIRST_SCRAPE_MARGIN).toNanos();
		String query = "up" + ScrapeGaps.selector(target);
		try {
			while (prometheus.query(query, Instant.now()).isEmpty()) {
				if (System.nanoTime() > deadline) {
					this.out.printf("prometheus: %s is not scraped yet; its first seconds will be missing there%n",
							name);
					return;
				}
				Thread.sleep(POLL);
			}
		}
		catch (EnvironmentException ex) {
			this.out.printf("prometheus: could not tell whether %s is scraped: %s%n", name, ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private synchronized void unregister(Registration registration) {
		registration.targets.forEach(this.targets.orElseThrow()::remove);
	}

	/**
	 * Takes back whatever is still scraped, counts the scrapes missed while each service
	 * ran, and prints the count. Never fails: a count that cannot be made is recorded as
	 * such.
	 * @return what run.json records, with the gaps
	 */
	public Optional<PrometheusJson> finish() {
		if (this.server.isEmpty()) {
			return Optional.empty();
		}
		List<Registration> all;
		synchronized (this) {
			all = List.copyOf(this.registrations);
		}
		all.forEach(Registration::close);
		PrometheusJson.Gaps gaps;
		try {
			List<PrometheusJson.Target> counted = new ArrayList<>();
			for (Registration registration : all) {
				for (ScrapeGaps.Window window : registration.windows()) {
					counted.add(ScrapeGaps.read(this.server.get(), window, this.interval));
				}
			}
			gaps = PrometheusJson.Gaps.of(counted);
			this.out.printf("prometheus: %d scrapes, %d missed in %d gap(s)%s%n", gaps.scrapes(), gaps.missedScrapes(),
					gaps.gaps(), (gaps.failedScrapes() > 0) ? " (" + gaps.failedScrapes() + " failed)" : "");
		}
		catch (RuntimeException ex) {
			// Prometheus gone or refusing: the run itself is fine, and says the count is
			// missing.
			gaps = PrometheusJson.Gaps.notCounted(String.valueOf(ex.getMessage()));
			this.out.printf("prometheus: missed scrapes not counted: %s%n", ex.getMessage());
		}
		synchronized (this) {
			this.description = this.description.withGaps(gaps);
			return Optional.of(this.description);
		}
	}

	/** Stops Prometheus, by its pid, with time to close its data directory. */
	@Override
	public void close() {
		this.server.ifPresent(PrometheusServer::close);
	}

	private static String relative(Path results, Path file) {
		return results.relativize(file).toString();
	}

	/** A service in Prometheus' targets, each of its nodes; closing it takes them out. */
	public static final class Registration implements AutoCloseable {

		static final Registration NONE = new Registration(null, List.of(), Instant.EPOCH);

		private final RunPrometheus owner;

		private final List<ScrapeTargets.ScrapeTarget> targets;

		private final Instant from;

		private Instant to;

		private Registration(RunPrometheus owner, List<ScrapeTargets.ScrapeTarget> targets, Instant from) {
			this.owner = owner;
			this.targets = List.copyOf(targets);
			this.from = from;
		}

		synchronized List<ScrapeGaps.Window> windows() {
			Instant until = (this.to != null) ? this.to : Instant.now();
			return this.targets.stream().map((target) -> new ScrapeGaps.Window(target, this.from, until)).toList();
		}

		/**
		 * Takes the service out of Prometheus' targets; calling it again does nothing.
		 */
		@Override
		public void close() {
			if (this.owner == null) {
				return;
			}
			synchronized (this) {
				if (this.to != null) {
					return;
				}
				this.to = Instant.now();
			}
			this.owner.unregister(this);
		}

	}

}

package dev.fluxbench.harness.metrics;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.harness.engines.Engines;
import dev.fluxbench.harness.launch.DatabaseActivity;
import dev.fluxbench.harness.results.MetricsCsv;
import dev.fluxbench.harness.target.MetricsSource;

/**
 * {@code metrics.csv}: every second during a load, the target's kept Prometheus series
 * (when it has a source), the RSS and CPU time from /proc of the app and of what serves
 * it (the downstream, the LDAP directory), the database's own count of its connections
 * and transactions where it gives one ({@link DatabaseActivity}), the CPU time of the
 * app's JIT compiler threads ({@link CompilerCpu}), and the generator's own CPU time, so
 * that a reader can tell whether the generator, not the app, was the bottleneck. When
 * JMeter remote engines run the load, the generator is the harness and every engine: each
 * engine's CPU time is recorded too, and the generator's is their sum. {@link MetricsCsv}
 * holds the file's format.
 */
public final class MetricsRecorder implements AutoCloseable {

	public static final Duration INTERVAL = Duration.ofSeconds(1);

	/**
	 * Shorter than the interval, so a stuck app costs a missing scrape, not a pile-up of
	 * them.
	 */
	private static final Duration SCRAPE_TIMEOUT = Duration.ofMillis(900);

	/** The app's nodes: one, unless a balancer spreads the load over several. */
	private final List<Node> nodes;

	/**
	 * Processes that serve the app (downstream, LDAP directory), by their name in the
	 * file.
	 */
	private final Map<String, Long> servicePids;

	private final MetricsCsv csv;

	private final HttpClient client;

	private final ScheduledExecutorService scheduler;

	/** The JMeter remote engines that run the load; empty when the harness runs it. */
	private final Optional<Engines> engines;

	/** The database's own view of its load; empty when it gives none. */
	private final Optional<DatabaseActivity> database;

	private MetricsRecorder(Path file, List<Node> nodes, Map<String, Long> servicePids, Optional<Engines> engines,
			Optional<DatabaseActivity> database) {
		this.nodes = List.copyOf(nodes);
		this.engines = engines;
		this.database = database;
		this.servicePids = Map.copyOf(servicePids);
		this.csv = MetricsCsv.create(file);
		this.client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(SCRAPE_TIMEOUT)
			.build();
		this.scheduler = Executors
			.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("metrics-scrape").factory());
	}

	/** Starts recording now and every second until closed. */
	public static MetricsRecorder start(Path file, Optional<MetricsSource> metrics, OptionalLong appPid,
			Map<String, Long> servicePids) {
		return start(file, metrics, appPid, servicePids, Optional.empty());
	}

	/**
	 * The same, for a load that JMeter remote engines run.
	 * @param engines the engines, whose CPU time is the generator's
	 */
	public static MetricsRecorder start(Path file, Optional<MetricsSource> metrics, OptionalLong appPid,
			Map<String, Long> servicePids, Optional<Engines> engines) {
		return start(file, List.of(new Node(metrics, appPid)), servicePids, engines);
	}

	/**
	 * The same, for an app of several nodes behind a balancer: each node's lines are the
	 * app's, told apart by a {@code node="N"} label, so that every counter of the app
	 * adds up over the nodes.
	 */
	public static MetricsRecorder start(Path file, List<Node> nodes, Map<String, Long> servicePids,
			Optional<Engines> engines) {
		return start(file, nodes, servicePids, engines, Optional.empty());
	}

	/**
	 * The same, with the database's own view of its load each second: its lines are the
	 * {@link DatabaseActivity#SOURCE database}'s. The recorder closes it.
	 */
	public static MetricsRecorder start(Path file, List<Node> nodes, Map<String, Long> servicePids,
			Optional<Engines> engines, Optional<DatabaseActivity> database) {
		MetricsRecorder recorder = new MetricsRecorder(file, nodes, servicePids, engines, database);
		recorder.scheduler.scheduleAtFixedRate(recorder::recordQuietly, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
		return recorder;
	}

	private void recordQuietly() {
		try {
			record();
		}
		catch (RuntimeException ex) {
			// One lost scrape is a gap in a graph; it must not end the measurement.
		}
	}

	private synchronized void record() {
		Instant now = Instant.now();
		List<MetricsCsv.Line> lines = new ArrayList<>();
		for (int i = 0; i < this.nodes.size(); i++) {
			String label = (this.nodes.size() > 1) ? "node=\"" + (i + 1) + "\"" : "";
			if (!node(lines, now, this.nodes.get(i), label)) {
				return;
			}
		}
		this.servicePids
			.forEach((name, pid) -> ProcessStats.of(pid).ifPresent((stats) -> process(lines, now, name, "", stats)));
		this.database.ifPresent((database) -> lines.addAll(database.read(now)));
		double generatorCpu = ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
			.getProcessCpuTime() / 1e9;
		try {
			if (this.engines.isPresent()) {
				for (Map.Entry<String, Double> engine : this.engines.get().cpuSeconds().entrySet()) {
					lines.add(new MetricsCsv.Line(now, "engine", "cpu_time_seconds",
							"engine=\"" + engine.getKey() + "\"", engine.getValue()));
					generatorCpu += engine.getValue();
				}
			}
			lines.add(new MetricsCsv.Line(now, "generator", "cpu_time_seconds", "", generatorCpu));
		}
		catch (RemoteException | NotBoundException ex) {
			// An engine that did not answer leaves a gap in the generator's CPU, not a
			// drop.
			lines.add(new MetricsCsv.Line(now, "engine", "scrape_failed", ex.getClass().getSimpleName(), 1));
		}
		this.csv.write(lines);
	}

	/**
	 * One node's lines, with {@code label} in front of their own tags.
	 * @return false when interrupted
	 */
	private boolean node(List<MetricsCsv.Line> lines, Instant now, Node node, String label) {
		node.pid()
			.ifPresent((pid) -> ProcessStats.of(pid).ifPresent((stats) -> process(lines, now, "app", label, stats)));
		node.compiler().flatMap((threads) -> {
			OptionalDouble seconds = threads.seconds();
			return seconds.isPresent() ? Optional.of(seconds.getAsDouble()) : Optional.empty();
		}).ifPresent((seconds) -> lines.add(new MetricsCsv.Line(now, "app", "jit_cpu_seconds", label, seconds)));
		try {
			if (node.metrics().isPresent()) {
				for (PrometheusText.Sample sample : node.metrics().get().read(this.client, SCRAPE_TIMEOUT)) {
					String tags = label.isEmpty() ? sample.labelsText()
							: sample.labelsText().isEmpty() ? label : label + "," + sample.labelsText();
					lines.add(new MetricsCsv.Line(now, "app", sample.name(), tags, sample.value()));
				}
			}
		}
		catch (IOException ex) {
			lines.add(new MetricsCsv.Line(now, "app", "scrape_failed",
					label.isEmpty() ? ex.getClass().getSimpleName() : label, 1));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		return true;
	}

	private static void process(List<MetricsCsv.Line> lines, Instant now, String source, String tags,
			ProcessStats stats) {
		lines.add(new MetricsCsv.Line(now, source, "rss_bytes", tags, stats.rssBytes()));
		lines.add(new MetricsCsv.Line(now, source, "cpu_time_seconds", tags, stats.cpuTime().toMillis() / 1000.0));
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
		try {
			this.scheduler.awaitTermination(2, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		synchronized (this) {
			this.csv.close();
		}
		this.database.ifPresent(DatabaseActivity::close);
		this.client.close();
	}

	/**
	 * One node of the app: its metrics, and its process when fluxbench started it (a
	 * given service's /proc is not ours to read).
	 *
	 * @param metrics where its Prometheus series come from
	 * @param pid its process
	 * @param compiler its JIT compiler threads
	 */
	public record Node(Optional<MetricsSource> metrics, OptionalLong pid, Optional<CompilerCpu> compiler) {

		public Node(Optional<MetricsSource> metrics, OptionalLong pid) {
			this(metrics, pid, pid.isPresent() ? Optional.of(new CompilerCpu(pid.getAsLong())) : Optional.empty());
		}

	}

}

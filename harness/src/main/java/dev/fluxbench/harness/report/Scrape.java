package dev.fluxbench.harness.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.harness.launch.DatabaseActivity;
import dev.fluxbench.harness.results.MetricsCsv;

/**
 * One second's scrape of metrics.csv, folded into the figures the report draws. Gauges
 * are kept as figures; counters are kept series by series, cumulative, for
 * {@link Counters} to add up over a load. A figure the app did not expose is NaN, so that
 * a chart shows a gap rather than a false zero.
 *
 * @param at when the scrape was taken
 * @param answered whether the target's metrics answered this scrape: only then does a
 * series missing from it tell anything
 * @param heapUsed bytes used over every heap pool
 * @param heapCommitted bytes committed over every heap pool
 * @param nonHeapUsed bytes used outside the heap (metaspace, code cache)
 * @param nonHeapCommitted bytes committed outside the heap
 * @param rss the app's resident set size, from /proc
 * @param liveThreads the app's live JVM threads (platform threads: virtual ones are not
 * counted)
 * @param databaseConnections the connections the database counted to itself
 * ({@link DatabaseActivity}), the reading one included; NaN when not read
 * @param breakers the app's circuit breakers by name, as Resilience4j's Micrometer meters
 * show them; none when it exposes none
 * @param counters the value of every counter series in the scrape: the app's, the
 * generator's and /proc's CPU time
 */
public record Scrape(Instant at, boolean answered, double heapUsed, double heapCommitted, double nonHeapUsed,
		double nonHeapCommitted, double rss, double liveThreads, double databaseConnections,
		Map<String, Breaker> breakers, Map<Series, Double> counters) {

	public Scrape {
		breakers = Collections.unmodifiableMap(new LinkedHashMap<>(breakers));
		counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
	}

	/**
	 * The share of the app's CPU time its JIT compiler threads took over {@code scrapes},
	 * as the report's efficiency table gives it; empty when it cannot be known.
	 */
	public static OptionalDouble jitShare(List<Scrape> scrapes) {
		Figure share = Counters.jitShare(scrapes);
		return share.known() ? OptionalDouble.of(share.value()) : OptionalDouble.empty();
	}

	/**
	 * Every complete scrape of a metrics file, in time order; none when the file is
	 * missing. What {@link MetricsCsv#read} cannot read is left out: one lost second must
	 * not cost the report.
	 */
	public static List<Scrape> read(Path file) {
		Map<Instant, Builder> scrapes = new TreeMap<>();
		for (MetricsCsv.Line line : MetricsCsv.read(file)) {
			scrapes.computeIfAbsent(line.at(), Builder::new).add(line);
		}
		List<Scrape> result = new ArrayList<>(scrapes.size());
		scrapes.values().forEach((builder) -> result.add(builder.build()));
		return result;
	}

	/**
	 * The label patterns, one per label name asked for: a few names, asked once per line.
	 */
	private static final Map<String, Pattern> TAG_PATTERNS = new ConcurrentHashMap<>();

	/**
	 * A Prometheus label of the tags as metrics.csv keeps them, as
	 * {@code name="downstream"}.
	 */
	static Optional<String> tag(String tags, String name) {
		Matcher matcher = TAG_PATTERNS
			.computeIfAbsent(name,
					(key) -> Pattern.compile("(?:^|,)" + Pattern.quote(key) + "=\"((?:[^\"\\\\]|\\\\.)*)\""))
			.matcher(tags);
		return matcher.find() ? Optional.of(matcher.group(1).replace("\\\"", "\"").replace("\\\\", "\\"))
				: Optional.empty();
	}

	/**
	 * One series of metrics.csv.
	 *
	 * @param source whose: {@code app}, {@code generator}, ...
	 * @param metric its name
	 * @param tags its labels as metrics.csv keeps them
	 */
	public record Series(String source, String metric, String tags) {

		/**
		 * Whether it counts up: Prometheus' counters and the count and sum of a summary
		 * or histogram, and the CPU time fluxbench reads from /proc.
		 */
		static boolean isCounter(String metric) {
			return metric.endsWith("_total") || metric.endsWith("_count") || metric.endsWith("_sum")
					|| metric.equals("cpu_time_seconds") || metric.equals("jit_cpu_seconds");
		}

	}

	/**
	 * One circuit breaker at one scrape ({@code resilience4j_circuitbreaker_*}). Its
	 * calls are counters, among the scrape's {@link #counters}.
	 *
	 * @param state its state as Resilience4j names it, lower case: {@code closed},
	 * {@code open}, {@code half_open}, {@code forced_open}, ...; empty when no state
	 * series said 1
	 * @param failureRate the share of failed calls in its window, in percent; -1 while
	 * the window holds too few calls to say
	 */
	public record Breaker(String state, double failureRate) {

		/** Whether calls are refused: open, or forced open. */
		public boolean open() {
			return this.state.equals("open") || this.state.equals("forced_open");
		}

		public boolean closed() {
			return this.state.equals("closed");
		}

	}

	private static final class Builder {

		/** What fluxbench writes of its own: not an answer of the target's metrics. */
		private static final Set<String> NOT_AN_ANSWER = Set.of("rss_bytes", "cpu_time_seconds", "jit_cpu_seconds",
				"scrape_failed");

		private final Instant at;

		private boolean answered;

		private double heapUsed = Double.NaN;

		private double heapCommitted = Double.NaN;

		private double nonHeapUsed = Double.NaN;

		private double nonHeapCommitted = Double.NaN;

		private double rss = Double.NaN;

		private double liveThreads = Double.NaN;

		private double databaseConnections = Double.NaN;

		private final Map<String, BreakerBuilder> breakers = new TreeMap<>();

		private final Map<Series, Double> counters = new LinkedHashMap<>();

		Builder(Instant at) {
			this.at = at;
		}

		void add(MetricsCsv.Line line) {
			if (line.source().equals("app") && !NOT_AN_ANSWER.contains(line.metric())) {
				this.answered = true;
			}
			// A counter that says NaN has no value to count from.
			if (Series.isCounter(line.metric()) && !Double.isNaN(line.value())) {
				this.counters.put(new Series(line.source(), line.metric(), line.tags()), line.value());
			}
			boolean heap = line.tags().contains("area=\"heap\"");
			switch (line.source() + " " + line.metric()) {
				case "app jvm_memory_used_bytes" -> {
					if (heap) {
						this.heapUsed = plus(this.heapUsed, line.value());
					}
					else {
						this.nonHeapUsed = plus(this.nonHeapUsed, line.value());
					}
				}
				case "app jvm_memory_committed_bytes" -> {
					if (heap) {
						this.heapCommitted = plus(this.heapCommitted, line.value());
					}
					else {
						this.nonHeapCommitted = plus(this.nonHeapCommitted, line.value());
					}
				}
				// Several nodes of an app behind a balancer are told apart by a node
				// label:
				// their memory and threads add up.
				case "app rss_bytes" -> this.rss = plus(this.rss, line.value());
				case "app jvm_threads_live_threads" -> this.liveThreads = plus(this.liveThreads, line.value());
				case DatabaseActivity.SOURCE + " " + DatabaseActivity.CONNECTIONS ->
					this.databaseConnections = line.value();
				case "app resilience4j_circuitbreaker_state" -> breaker(line).ifPresent((breaker) -> {
					if (line.value() == 1) {
						breaker.state = tag(line.tags(), "state").orElse("");
					}
				});
				case "app resilience4j_circuitbreaker_failure_rate" ->
					breaker(line).ifPresent((breaker) -> breaker.failureRate = line.value());
				// Its calls are counters, kept above; they still show that the breaker is
				// there.
				case "app resilience4j_circuitbreaker_calls_seconds_count",
						"app resilience4j_circuitbreaker_not_permitted_calls_total" ->
					breaker(line);
				default -> {
				}
			}
		}

		/*
		 * A series without a breaker's name is no breaker's: a Prometheus server may
		 * relabel, not drop.
		 */
		private Optional<BreakerBuilder> breaker(MetricsCsv.Line line) {
			return tag(line.tags(), "name")
				.map((name) -> this.breakers.computeIfAbsent(name, (key) -> new BreakerBuilder()));
		}

		private static double plus(double sum, double value) {
			return Double.isNaN(sum) ? value : sum + value;
		}

		Scrape build() {
			Map<String, Breaker> built = new LinkedHashMap<>();
			this.breakers.forEach((name, breaker) -> built.put(name, new Breaker(breaker.state, breaker.failureRate)));
			return new Scrape(this.at, this.answered, this.heapUsed, this.heapCommitted, this.nonHeapUsed,
					this.nonHeapCommitted, this.rss, this.liveThreads, this.databaseConnections, built, this.counters);
		}

	}

	private static final class BreakerBuilder {

		private String state = "";

		private double failureRate = Double.NaN;

	}

}

package dev.fluxbench.harness.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.harness.results.MetricsCsv;

/**
 * One second's scrape of metrics.csv, folded into the figures the report draws. Counters
 * stay cumulative here; the report takes differences between scrapes. A figure the app
 * did not expose is NaN, so that a chart shows a gap rather than a false zero.
 *
 * @param at when the scrape was taken
 * @param heapUsed bytes used over every heap pool
 * @param heapCommitted bytes committed over every heap pool
 * @param nonHeapUsed bytes used outside the heap (metaspace, code cache)
 * @param nonHeapCommitted bytes committed outside the heap
 * @param rss the app's resident set size, from /proc
 * @param appCpuSeconds the app's CPU time, user + system, cumulative
 * @param generatorCpuSeconds the harness' own CPU time, cumulative
 * @param liveThreads the app's live JVM threads (platform threads: virtual ones are not
 * counted)
 * @param gcPauses GC pauses so far, over every collector and cause
 * @param gcPauseSeconds time in GC pauses so far
 * @param passwordChecks the app's password checks so far
 * ({@code fluxbench_password_checks_total})
 * @param passwordCheckSeconds what they took, over both clocks of
 * {@code fluxbench_password_check_seconds_total}: thread CPU, and wall time where the JDK
 * measured no CPU
 * @param passwordCheckWallSeconds of that, the wall time: an upper bound of the CPU it
 * stands for
 * @param breakers the app's circuit breakers by name, as Resilience4j's Micrometer meters
 * show them; none when it exposes none
 */
public record Scrape(Instant at, double heapUsed, double heapCommitted, double nonHeapUsed, double nonHeapCommitted,
		double rss, double appCpuSeconds, double generatorCpuSeconds, double liveThreads, double gcPauses,
		double gcPauseSeconds, double passwordChecks, double passwordCheckSeconds, double passwordCheckWallSeconds,
		Map<String, Breaker> breakers) {

	public Scrape {
		breakers = Collections.unmodifiableMap(new LinkedHashMap<>(breakers));
	}

	/** A scrape of an app without circuit breakers. */
	public Scrape(Instant at, double heapUsed, double heapCommitted, double nonHeapUsed, double nonHeapCommitted,
			double rss, double appCpuSeconds, double generatorCpuSeconds, double liveThreads, double gcPauses,
			double gcPauseSeconds, double passwordChecks, double passwordCheckSeconds,
			double passwordCheckWallSeconds) {
		this(at, heapUsed, heapCommitted, nonHeapUsed, nonHeapCommitted, rss, appCpuSeconds, generatorCpuSeconds,
				liveThreads, gcPauses, gcPauseSeconds, passwordChecks, passwordCheckSeconds, passwordCheckWallSeconds,
				Map.of());
	}

	/**
	 * One circuit breaker at one scrape ({@code resilience4j_circuitbreaker_*}). Counters
	 * are cumulative; a figure the app did not expose is NaN.
	 *
	 * @param state its state as Resilience4j names it, lower case: {@code closed},
	 * {@code open}, {@code half_open}, {@code forced_open}, ...; empty when no state
	 * series said 1
	 * @param failureRate the share of failed calls in its window, in percent; -1 while
	 * the window holds too few calls to say
	 * @param failedCalls calls that failed so far
	 * @param notPermittedCalls calls it refused so far, while open: the ones the app
	 * answered without calling
	 */
	public record Breaker(String state, double failureRate, double failedCalls, double notPermittedCalls) {

		/** Whether calls are refused: open, or forced open. */
		public boolean open() {
			return this.state.equals("open") || this.state.equals("forced_open");
		}

		public boolean closed() {
			return this.state.equals("closed");
		}

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

	private static final class Builder {

		private final Instant at;

		private double heapUsed = Double.NaN;

		private double heapCommitted = Double.NaN;

		private double nonHeapUsed = Double.NaN;

		private double nonHeapCommitted = Double.NaN;

		private double rss = Double.NaN;

		private double appCpu = Double.NaN;

		private double exposedCpu = Double.NaN;

		private double generatorCpu = Double.NaN;

		private double liveThreads = Double.NaN;

		private double gcPauses = Double.NaN;

		private double gcPauseSeconds = Double.NaN;

		private double passwordChecks = Double.NaN;

		private double passwordCheckSeconds = Double.NaN;

		private double passwordCheckWallSeconds = Double.NaN;

		private final Map<String, BreakerBuilder> breakers = new TreeMap<>();

		Builder(Instant at) {
			this.at = at;
		}

		void add(MetricsCsv.Line line) {
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
				case "app rss_bytes" -> this.rss = line.value();
				case "app cpu_time_seconds" -> this.appCpu = line.value();
				// A running service fluxbench did not start has no /proc of ours: its own
				// CPU counter stands in, as Micrometer (nanoseconds) or a Prometheus
				// client (seconds) exposes it.
				case "app process_cpu_time_ns_total" -> this.exposedCpu = line.value() / 1e9;
				case "app process_cpu_seconds_total" -> this.exposedCpu = line.value();
				case "generator cpu_time_seconds" -> this.generatorCpu = line.value();
				case "app jvm_threads_live_threads" -> this.liveThreads = line.value();
				case "app jvm_gc_pause_seconds_count" -> this.gcPauses = plus(this.gcPauses, line.value());
				case "app jvm_gc_pause_seconds_sum" -> this.gcPauseSeconds = plus(this.gcPauseSeconds, line.value());
				// Summed over every series: a Prometheus server may add labels of its own
				// (instance, job).
				case "app fluxbench_password_checks_total" ->
					this.passwordChecks = plus(this.passwordChecks, line.value());
				case "app fluxbench_password_check_seconds_total" -> {
					this.passwordCheckSeconds = plus(this.passwordCheckSeconds, line.value());
					if (line.tags().contains("clock=\"wall\"")) {
						this.passwordCheckWallSeconds = plus(this.passwordCheckWallSeconds, line.value());
					}
					else if (Double.isNaN(this.passwordCheckWallSeconds)) {
						this.passwordCheckWallSeconds = 0;
					}
				}
				case "app resilience4j_circuitbreaker_state" -> breaker(line).ifPresent((breaker) -> {
					if (line.value() == 1) {
						breaker.state = tag(line.tags(), "state").orElse("");
					}
				});
				case "app resilience4j_circuitbreaker_failure_rate" ->
					breaker(line).ifPresent((breaker) -> breaker.failureRate = line.value());
				case "app resilience4j_circuitbreaker_calls_seconds_count" -> breaker(line).ifPresent((breaker) -> {
					if (tag(line.tags(), "kind").filter("failed"::equals).isPresent()) {
						breaker.failedCalls = plus(breaker.failedCalls, line.value());
					}
				});
				case "app resilience4j_circuitbreaker_not_permitted_calls_total" -> breaker(line)
					.ifPresent((breaker) -> breaker.notPermittedCalls = plus(breaker.notPermittedCalls, line.value()));
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
			return new Scrape(this.at, this.heapUsed, this.heapCommitted, this.nonHeapUsed, this.nonHeapCommitted,
					this.rss, Double.isNaN(this.appCpu) ? this.exposedCpu : this.appCpu, this.generatorCpu,
					this.liveThreads, this.gcPauses, this.gcPauseSeconds, this.passwordChecks,
					this.passwordCheckSeconds, this.passwordCheckWallSeconds, breakers());
		}

		private Map<String, Breaker> breakers() {
			Map<String, Breaker> built = new LinkedHashMap<>();
			this.breakers.forEach((name, breaker) -> built.put(name,
					new Breaker(breaker.state, breaker.failureRate, breaker.failedCalls, breaker.notPermittedCalls)));
			return built;
		}

	}

	private static final class BreakerBuilder {

		private String state = "";

		private double failureRate = Double.NaN;

		private double failedCalls = Double.NaN;

		private double notPermittedCalls = Double.NaN;

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

}

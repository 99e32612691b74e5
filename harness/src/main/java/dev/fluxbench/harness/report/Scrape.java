package dev.fluxbench.harness.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.fluxbench.harness.results.MetricsCsv;

/**
 * One second's scrape of metrics.csv, folded into the figures the report draws. Counters stay
 * cumulative here; the report takes differences between scrapes. A figure the app did not expose
 * is NaN, so that a chart shows a gap rather than a false zero.
 *
 * @param at when the scrape was taken
 * @param heapUsed bytes used over every heap pool
 * @param heapCommitted bytes committed over every heap pool
 * @param nonHeapUsed bytes used outside the heap (metaspace, code cache)
 * @param nonHeapCommitted bytes committed outside the heap
 * @param rss the app's resident set size, from /proc
 * @param appCpuSeconds the app's CPU time, user + system, cumulative
 * @param generatorCpuSeconds the harness' own CPU time, cumulative
 * @param liveThreads the app's live JVM threads (platform threads: virtual ones are not counted)
 * @param gcPauses GC pauses so far, over every collector and cause
 * @param gcPauseSeconds time in GC pauses so far
 * @param passwordChecks the app's password checks so far ({@code fluxbench_password_checks_total})
 * @param passwordCheckSeconds what they took, over both clocks of
 * {@code fluxbench_password_check_seconds_total}: thread CPU, and wall time where the JDK measured
 * no CPU
 * @param passwordCheckWallSeconds of that, the wall time: an upper bound of the CPU it stands for
 */
public record Scrape(Instant at, double heapUsed, double heapCommitted, double nonHeapUsed, double nonHeapCommitted,
		double rss, double appCpuSeconds, double generatorCpuSeconds, double liveThreads, double gcPauses,
		double gcPauseSeconds, double passwordChecks, double passwordCheckSeconds, double passwordCheckWallSeconds) {

	/**
	 * Every complete scrape of a metrics file, in time order; none when the file is missing. What
	 * {@link MetricsCsv#read} cannot read is left out: one lost second must not cost the report.
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
				// A running service fluxbench did not start has no /proc of ours: its own CPU counter
				// stands in, as Micrometer (nanoseconds) or a Prometheus client (seconds) exposes it.
				case "app process_cpu_time_ns_total" -> this.exposedCpu = line.value() / 1e9;
				case "app process_cpu_seconds_total" -> this.exposedCpu = line.value();
				case "generator cpu_time_seconds" -> this.generatorCpu = line.value();
				case "app jvm_threads_live_threads" -> this.liveThreads = line.value();
				case "app jvm_gc_pause_seconds_count" -> this.gcPauses = plus(this.gcPauses, line.value());
				case "app jvm_gc_pause_seconds_sum" -> this.gcPauseSeconds = plus(this.gcPauseSeconds, line.value());
				// Summed over every series: a Prometheus server may add labels of its own (instance, job).
				case "app fluxbench_password_checks_total" -> this.passwordChecks = plus(this.passwordChecks, line.value());
				case "app fluxbench_password_check_seconds_total" -> {
					this.passwordCheckSeconds = plus(this.passwordCheckSeconds, line.value());
					if (line.tags().contains("clock=\"wall\"")) {
						this.passwordCheckWallSeconds = plus(this.passwordCheckWallSeconds, line.value());
					}
					else if (Double.isNaN(this.passwordCheckWallSeconds)) {
						this.passwordCheckWallSeconds = 0;
					}
				}
				default -> {
				}
			}
		}

		private static double plus(double sum, double value) {
			return Double.isNaN(sum) ? value : sum + value;
		}

		Scrape build() {
			return new Scrape(this.at, this.heapUsed, this.heapCommitted, this.nonHeapUsed, this.nonHeapCommitted,
					this.rss, Double.isNaN(this.appCpu) ? this.exposedCpu : this.appCpu, this.generatorCpu,
					this.liveThreads, this.gcPauses, this.gcPauseSeconds, this.passwordChecks, this.passwordCheckSeconds,
					this.passwordCheckWallSeconds);
		}

	}

}

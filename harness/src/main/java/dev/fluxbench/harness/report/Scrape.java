package dev.fluxbench.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
 */
public record Scrape(Instant at, double heapUsed, double heapCommitted, double nonHeapUsed, double nonHeapCommitted,
		double rss, double appCpuSeconds, double generatorCpuSeconds, double liveThreads, double gcPauses,
		double gcPauseSeconds) {

	/**
	 * Every complete scrape of a metrics file, in time order; none when the file is missing. A
	 * torn last line (a killed run) is skipped, like a line that cannot be read: metrics are
	 * context for the samples, and one lost second must not cost the whole report.
	 */
	public static List<Scrape> read(Path file) {
		String content;
		try {
			content = Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (NoSuchFileException ex) {
			return List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
		String[] lines = content.split("\n", -1);
		Map<Instant, Builder> scrapes = new TreeMap<>();
		for (int i = 1; i < lines.length - 1; i++) {
			Line line = Line.parse(lines[i]);
			if (line != null) {
				scrapes.computeIfAbsent(line.at(), Builder::new).add(line);
			}
		}
		List<Scrape> result = new ArrayList<>(scrapes.size());
		scrapes.values().forEach((builder) -> result.add(builder.build()));
		return result;
	}

	private record Line(Instant at, String source, String metric, String tags, double value) {

		/** {@code timestamp,source,metric,"tags",value}; the tags may hold commas, the rest never. */
		static Line parse(String line) {
			int first = line.indexOf(',');
			int second = line.indexOf(',', first + 1);
			int third = line.indexOf(',', second + 1);
			int last = line.lastIndexOf(',');
			if (first < 0 || second < 0 || third < 0 || last <= third) {
				return null;
			}
			try {
				String tags = line.substring(third + 1, last);
				if (tags.length() >= 2 && tags.startsWith("\"") && tags.endsWith("\"")) {
					tags = tags.substring(1, tags.length() - 1).replace("\"\"", "\"");
				}
				return new Line(Instant.parse(line.substring(0, first)), line.substring(first + 1, second),
						line.substring(second + 1, third), tags, Double.parseDouble(line.substring(last + 1)));
			}
			catch (DateTimeParseException | NumberFormatException ex) {
				return null;
			}
		}

	}

	private static final class Builder {

		private final Instant at;

		private double heapUsed = Double.NaN;

		private double heapCommitted = Double.NaN;

		private double nonHeapUsed = Double.NaN;

		private double nonHeapCommitted = Double.NaN;

		private double rss = Double.NaN;

		private double appCpu = Double.NaN;

		private double generatorCpu = Double.NaN;

		private double liveThreads = Double.NaN;

		private double gcPauses = Double.NaN;

		private double gcPauseSeconds = Double.NaN;

		Builder(Instant at) {
			this.at = at;
		}

		void add(Line line) {
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
				case "generator cpu_time_seconds" -> this.generatorCpu = line.value();
				case "app jvm_threads_live_threads" -> this.liveThreads = line.value();
				case "app jvm_gc_pause_seconds_count" -> this.gcPauses = plus(this.gcPauses, line.value());
				case "app jvm_gc_pause_seconds_sum" -> this.gcPauseSeconds = plus(this.gcPauseSeconds, line.value());
				default -> {
				}
			}
		}

		private static double plus(double sum, double value) {
			return Double.isNaN(sum) ? value : sum + value;
		}

		Scrape build() {
			return new Scrape(this.at, this.heapUsed, this.heapCommitted, this.nonHeapUsed, this.nonHeapCommitted,
					this.rss, this.appCpu, this.generatorCpu, this.liveThreads, this.gcPauses, this.gcPauseSeconds);
		}

	}

}

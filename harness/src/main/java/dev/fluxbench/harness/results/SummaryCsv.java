package dev.fluxbench.harness.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code summary.csv}: appended once per finished load, so it always describes exactly
 * the loads whose samples are complete.
 */
public final class SummaryCsv {

	public static final String HEADER = "scenario,load,stack,trial,label,samples,errors,errors_by_cause,min_ms,mean_ms,"
			+ "std_dev_ms,max_ms,p50_ms,p90_ms,p95_ms,p99_ms,p99_9_ms,throughput_rps,target_rps,span_s,assertions";

	private SummaryCsv() {
	}

	/**
	 * Appends the summaries of one load.
	 * @param targetRps the open model's target rate, to set beside the achieved one
	 * @param verdict "ok", or the assertions that failed; written on the
	 * {@link Summary#ALL} line
	 */
	public static synchronized void append(Path file, List<Summary> summaries, Optional<Double> targetRps,
			String verdict) {
		StringBuilder lines = new StringBuilder();
		for (Summary summary : summaries) {
			LoadKey key = summary.key();
			String causes = summary.errorsByCause()
				.entrySet()
				.stream()
				.map((entry) -> entry.getKey() + "=" + entry.getValue())
				.collect(Collectors.joining(";"));
			lines.append(String.join(",", key.scenario(), Integer.toString(key.load()), key.stack(),
					Integer.toString(key.trial()), summary.label(), Long.toString(summary.samples()),
					Long.toString(summary.errors()), causes, ms(summary.min()), ms(summary.mean()),
					ms(summary.stdDev()), ms(summary.max()), ms(summary.p50()), ms(summary.p90()), ms(summary.p95()),
					ms(summary.p99()), ms(summary.p999()), decimal(summary.throughput()),
					targetRps.map(SummaryCsv::decimal).orElse(""), decimal(summary.span().toMillis() / 1000.0),
					summary.label().equals(Summary.ALL) ? verdict.replace(',', ';') : ""))
				.append('\n');
		}
		try {
			if (!Files.exists(file)) {
				Files.writeString(file, HEADER + "\n", StandardCharsets.UTF_8);
			}
			Files.writeString(file, lines, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not append to " + file, ex);
		}
	}

	private static String ms(Duration duration) {
		return decimal(duration.toNanos() / 1e6);
	}

	private static String decimal(double value) {
		return String.format(Locale.ROOT, "%.3f", value);
	}

}

package dev.fluxbench.harness.calibrate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.fluxbench.harness.results.CalibrationJson;

/**
 * The console's view of a calibration: per connection count, a line per generator and one
 * for the ratio of their CPU per 1000 requests. Each generator's line says what the app's
 * JIT took in its window, so that a reader sees both met the same, steady app.
 */
final class CalibrationTable {

	private static final String FORMAT = "%11s  %-9s  %15s  %9s  %9s  %10s  %6s  %7s";

	private CalibrationTable() {
	}

	static List<String> lines(CalibrationJson calibration) {
		List<String> lines = new ArrayList<>();
		lines.add(String.format(Locale.ROOT, FORMAT, "connections", "generator", "CPU/1000 req", "p50", "p99", "req/s",
				"errors", "app JIT"));
		for (CalibrationJson.Point point : calibration.points()) {
			lines.add(side(point.connections(), "harness", point.harness()));
			lines.add(side(point.connections(), "wrk", point.wrk()));
			lines.add(String.format(Locale.ROOT, "%11d  %-9s  %15s%s", point.connections(), "ratio",
					point.cpuRatio().map(CalibrationTable::ratio).orElse("n/a"),
					point.harnessJitShare()
						.map((share) -> String.format(Locale.ROOT, "  (the harness' JIT: %.0f%% of its CPU)",
								share * 100))
						.orElse("")));
		}
		return lines;
	}

	/** The ratio as the report and the console print it: {@code 2.9×}. */
	static String ratio(double ratio) {
		return String.format(Locale.ROOT, "%.1f×", ratio);
	}

	private static String side(int connections, String name, CalibrationJson.Side side) {
		return String.format(Locale.ROOT, FORMAT, connections, name,
				String.format(Locale.ROOT, "%.1f ms", side.cpuMillisPer1000Requests()), millis(side.p50()),
				millis(side.p99()), String.format(Locale.ROOT, "%.0f", side.throughput()), side.errors(),
				side.appJitShare().map((share) -> String.format(Locale.ROOT, "%.0f%%", share * 100)).orElse("unknown"));
	}

	private static String millis(Duration duration) {
		return String.format(Locale.ROOT, "%.2f ms", duration.toNanos() / 1e6);
	}

}

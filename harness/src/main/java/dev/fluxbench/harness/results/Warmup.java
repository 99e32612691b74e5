package dev.fluxbench.harness.results;

import java.time.Duration;
import java.util.Optional;

/**
 * How one target's warm-up went, as run.json records it under its target run: the
 * criteria it was judged by, how long it ran, and whether, and when, the target became
 * steady (docs/measurement.md).
 *
 * @param maximum the longest the warm-up could run
 * @param window the seconds judged together
 * @param maxCompileShare the largest share of the app's CPU time that JIT compilation
 * could take, 0 to 1
 * @param maxSpread the largest coefficient of variation of the per-second throughput
 * @param fixed whether the warm-up ran its whole maximum whatever the target did
 * @param ran how long it ran
 * @param steadyAfter when the target first met the criteria, counted from the warm-up's
 * start; empty when it never did
 * @param compileShare over the last window judged, the JIT's share of the app's CPU time;
 * empty when the target exposes no compilation time
 * @param spread over the last window judged, the coefficient of variation of the
 * throughput; empty when no window was complete
 * @param samples samples the warm-up sent
 * @param errors how many of them failed
 */
public record Warmup(Duration maximum, Duration window, double maxCompileShare, double maxSpread, boolean fixed,
		Duration ran, Optional<Duration> steadyAfter, Optional<Double> compileShare, Optional<Double> spread,
		long samples, long errors) {

	/**
	 * The largest share of the app's CPU time its JIT compiler may take in a steady
	 * target, unless the run sets another.
	 */
	public static final double DEFAULT_MAX_COMPILE_SHARE = 0.05;

	public Warmup {
		steadyAfter = ResultJson.optional(steadyAfter);
		compileShare = ResultJson.optional(compileShare);
		spread = ResultJson.optional(spread);
	}

	public boolean steady() {
		return this.steadyAfter.isPresent();
	}

	/** In words, for the console and the report. */
	public String describe() {
		String judged = this.spread.map((value) -> String.format("throughput varied %.0f %%", value * 100))
			.orElse("no full window")
				+ this.compileShare.map((value) -> String.format(", JIT %.1f %% of the app's CPU", value * 100))
					.orElse(", JIT time unknown");
		return this.steadyAfter.map((after) -> "steady after " + seconds(after) + " (" + judged + ")")
			.orElseGet(() -> "never steady in " + seconds(this.ran) + " (" + judged + ")");
	}

	private static String seconds(Duration duration) {
		return String.format("%.0f s", duration.toMillis() / 1000.0);
	}

}

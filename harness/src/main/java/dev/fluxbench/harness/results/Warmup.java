package dev.fluxbench.harness.results;

import java.time.Duration;
import java.util.Optional;

/**
 * How one target's warm-up went, as run.json records it under its target run: the
 * criteria it was judged by, how long it ran, and whether, and when, the target became
 * steady (docs/measurement.md).
 *
 * @param maximum the longest the warm-up could run
 * @param users how many users drove it
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
 * @param coolDowns how often the load eased off for the compiler to catch up
 * @param backlog the JIT's CPU seconds in the last cool-down, before it went quiet:
 * compilation the full load had kept waiting; empty when there was no cool-down, or the
 * compiler was still busy when the warm-up ran out
 * @param samples samples the warm-up sent
 * @param errors how many of them failed
 */
public record Warmup(Duration maximum, int users, Duration window, double maxCompileShare, double maxSpread,
		boolean fixed, Duration ran, Optional<Duration> steadyAfter, Optional<Double> compileShare,
		Optional<Double> spread, int coolDowns, Optional<Double> backlog, long samples, long errors) {

	/**
	 * The largest share of the app's CPU time its JIT compiler may take in a steady
	 * target, unless the run sets another.
	 */
	public static final double DEFAULT_MAX_COMPILE_SHARE = 0.05;

	/**
	 * The JIT's share of the app's CPU time, counting the app as busy for at least one
	 * core over the time judged. A light load uses little CPU, and the few compilations a
	 * steady JVM still makes would be a large share of it; what slows a load is the core
	 * the JIT takes from it, so below one core the JIT is measured against that core.
	 * @param compiled the JIT's CPU seconds
	 * @param appCpu the whole app's CPU seconds, the JIT's included
	 * @param seconds the wall-clock seconds both were counted over
	 * @return 0 to 1
	 */
	public static double jitShare(double compiled, double appCpu, double seconds) {
		double busy = Math.max(appCpu, seconds);
		// Nothing ran and nothing was counted: nothing to judge, so nothing compiled.
		return (busy > 0) ? Math.min(1, Math.max(0, compiled) / busy) : ((compiled > 0) ? 1 : 0);
	}

	public Warmup {
		steadyAfter = ResultJson.optional(steadyAfter);
		compileShare = ResultJson.optional(compileShare);
		spread = ResultJson.optional(spread);
		backlog = ResultJson.optional(backlog);
	}

	public boolean steady() {
		return this.steadyAfter.isPresent();
	}

	/** In words, for the console and the report. */
	public String describe() {
		String judged = this.spread.map((value) -> String.format("throughput varied %.0f %%", value * 100))
			.orElse("no full window")
				+ this.compileShare.map((value) -> String.format(", JIT %.1f %% of the app's CPU", value * 100))
					.orElse(", JIT time unknown")
				+ ((this.coolDowns > 0) ? String.format(", %d %s, the last compiling %s", this.coolDowns,
						(this.coolDowns == 1) ? "cool-down" : "cool-downs",
						this.backlog.map((seconds) -> String.format("%.2f CPU-s", seconds)).orElse("to the end")) : "");
		return this.steadyAfter.map((after) -> "steady after " + seconds(after) + " (" + judged + ")")
			.orElseGet(() -> "never steady in " + seconds(this.ran) + " (" + judged + ")");
	}

	private static String seconds(Duration duration) {
		return String.format("%.0f s", duration.toMillis() / 1000.0);
	}

}

package dev.fluxbench.harness.run;

import java.time.Duration;

import dev.fluxbench.harness.results.Warmup;

/**
 * How a target is warmed up, and when it counts as steady, so that measuring may start:
 * over the last {@code window}, its JIT compiler used at most {@code maxCompileShare} of
 * the app's CPU time ({@link dev.fluxbench.harness.results.Warmup#jitShare}), and its
 * throughput, second by second, varied by at most {@code maxSpread} (standard deviation
 * over mean). A target that exposes no compilation time is judged on its throughput
 * alone, and its warm-up says so.
 *
 * <p>
 * The same compile share decides whether a measured load was steady: one that compiled
 * more is kept out of the verdicts.
 *
 * @param window how many seconds of throughput and compilation are judged together
 * @param maxCompileShare the largest share of the app's CPU time spent compiling, 0 to 1
 * @param maxSpread the largest coefficient of variation of the per-second throughput
 * @param fixed whether the warm-up runs its whole maximum whatever the target does, as
 * harnesses before this one did; the target is still judged, and its warm-up recorded
 * @param warmupUsers how many users warm a target up, with no think time; 0 for the
 * scenario's own choice (its largest load, up to a few tens)
 */
public record Steadiness(Duration window, double maxCompileShare, double maxSpread, boolean fixed, int warmupUsers) {

	/**
	 * A window long enough to hold a young GC pause and the seconds around it, and shares
	 * that a JVM whose hot paths are compiled meets.
	 */
	public static final Steadiness DEFAULT = new Steadiness(Duration.ofSeconds(5), Warmup.DEFAULT_MAX_COMPILE_SHARE,
			0.10, false);

	/** The criteria, warming up with the scenario's own choice of users. */
	public Steadiness(Duration window, double maxCompileShare, double maxSpread, boolean fixed) {
		this(window, maxCompileShare, maxSpread, fixed, 0);
	}

	public Steadiness {
		if (warmupUsers < 0) {
			throw new IllegalArgumentException("the warm-up's users must be 0 or more: " + warmupUsers);
		}
		if (window.toSeconds() < 2) {
			throw new IllegalArgumentException("the steady-state window must be at least 2s: " + window);
		}
		if (!(maxCompileShare > 0 && maxCompileShare <= 1)) {
			throw new IllegalArgumentException("the compile share must be above 0 % and at most 100 %");
		}
		if (!(maxSpread > 0)) {
			throw new IllegalArgumentException("the throughput spread must be above 0 %");
		}
	}

	/** The same criteria, with the warm-up always running its whole maximum. */
	public Steadiness withFixed(boolean fixed) {
		return new Steadiness(this.window, this.maxCompileShare, this.maxSpread, fixed, this.warmupUsers);
	}

}

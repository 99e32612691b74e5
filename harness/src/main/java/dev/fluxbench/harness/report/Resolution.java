package dev.fluxbench.harness.report;

import java.util.List;

/**
 * The resolution of JMeter's clock: whole milliseconds. It reads the start and the end of
 * a sample each cut down to the millisecond, so an elapsed time of {@code n} ms stands
 * for a true time above {@code n - 1} and below {@code n + 1}, and so does any percentile
 * of such times, or a median of percentiles. At tens of milliseconds that is noise; at
 * two it is half the figure, and the report shows it.
 */
final class Resolution {

	/** Below this many milliseconds, a time is shown with its resolution. */
	static final double SHOWN_BELOW_MILLIS = 5;

	/** What a table's note, the summary and the charts say where such a time appears. */
	static final String NOTE = "JMeter measures whole milliseconds, so a time below "
			+ Aspect.number(SHOWN_BELOW_MILLIS) + " ms is shown with that resolution: \"< 1\" for a time "
			+ "measured as 0 ms, \"2 \u00b1 1\" for one measured as 2 ms (the true time was above 1 and below 3).";

	private Resolution() {
	}

	/**
	 * A time derived from whole milliseconds, as a table shows it: with its resolution
	 * below {@link #SHOWN_BELOW_MILLIS}, rounded as every figure otherwise.
	 */
	static String millis(double millis) {
		if (!coarse(millis)) {
			return Aspect.number(millis);
		}
		// A time cannot be negative: near 0 the lower bound says nothing.
		return (millis < 1) ? "< " + Aspect.number(millis + 1) : Aspect.number(millis) + " \u00b1 1";
	}

	/**
	 * Whether some verdict names a time small enough to carry its resolution: a sentence
	 * built from them needs the note.
	 */
	static boolean appearsIn(List<Verdict> verdicts) {
		return verdicts.stream()
			.filter((verdict) -> verdict.aspect().wholeMillis() && verdict.outcome() != Verdict.Outcome.NO_DATA)
			.flatMap((verdict) -> verdict.estimates().values().stream())
			.anyMatch((estimate) -> coarse(estimate.median()));
	}

	/** Whether a time is small enough that the whole milliseconds show. */
	static boolean coarse(double millis) {
		return !Double.isNaN(millis) && millis < SHOWN_BELOW_MILLIS;
	}

}

package dev.fluxbench.harness.gate;

import java.util.Locale;

import dev.fluxbench.harness.report.Aspect;
import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.results.Summary;

/**
 * One figure of one target, load and step label, compared between a baseline run and the
 * current one. It is a {@link Outcome#REGRESSION} only when it is both significant (the
 * 95% interval of the difference lies wholly on the worse side of zero) and larger than
 * the tolerance: the first keeps noise from failing a build, the second keeps a real but
 * harmless change from doing so.
 *
 * @param target the target (or stack) id, the same in both runs
 * @param load the load level
 * @param label the step label, or {@link Summary#ALL} when the load has a single step
 * @param aspect what is compared
 * @param baselineMedian the baseline's figure: the median over its trials, or with single
 * trials the figure of all its samples
 * @param currentMedian the current run's figure, the same way
 * @param relativeChange {@code (current - baseline) / baseline}, as 0.25 for +25%;
 * infinite when the baseline's figure is zero and the current one is not
 * @param difference the bootstrap 95% confidence interval of {@code current - baseline}
 * @param basis what was resampled for the interval
 * @param outcome what the comparison concludes
 * @param sentence the comparison in one line, as a build log or a test report shows it
 */
public record Change(String target, int load, String label, Aspect aspect, double baselineMedian, double currentMedian,
		double relativeChange, Interval difference, Basis basis, Outcome outcome, String sentence) {

	static Change of(String target, int load, String label, Aspect aspect, double baseline, double current,
			Interval difference, Basis basis, double tolerance) {
		double change = current - baseline;
		double relative = (baseline != 0) ? change / Math.abs(baseline)
				: (change == 0) ? 0 : Math.copySign(Double.POSITIVE_INFINITY, change);
		// Positive when the figure got worse, whichever way is better for it.
		double worsening = aspect.higherIsBetter() ? -relative : relative;
		boolean worse = aspect.higherIsBetter() ? difference.high() < 0 : difference.low() > 0;
		boolean better = aspect.higherIsBetter() ? difference.low() > 0 : difference.high() < 0;
		Outcome outcome;
		if (worse && worsening > tolerance) {
			outcome = Outcome.REGRESSION;
		}
		else if (better && -worsening > tolerance) {
			outcome = Outcome.IMPROVEMENT;
		}
		else if (worse || better) {
			outcome = Outcome.WITHIN_TOLERANCE;
		}
		else {
			outcome = Outcome.NOT_SIGNIFICANT;
		}
		String sentence = sentence(aspect, baseline, current, relative, difference, basis, outcome, tolerance);
		return new Change(target, load, label, aspect, baseline, current, relative, difference, basis, outcome,
				sentence);
	}

	public boolean isRegression() {
		return this.outcome == Outcome.REGRESSION;
	}

	/**
	 * The sentence with what it is about, for a build log:
	 * {@code app, load 50 [checkout]: p95 latency rose…}.
	 */
	public String describe() {
		return this.target + ", load " + this.load + Labels.suffix(this.label) + ": " + this.sentence;
	}

	private static String sentence(Aspect aspect, double baseline, double current, double relative, Interval difference,
			Basis basis, Outcome outcome, double tolerance) {
		String moved = (current > baseline) ? " rose from " + aspect.format(baseline) + " to " + aspect.format(current)
				: (current < baseline) ? " fell from " + aspect.format(baseline) + " to " + aspect.format(current)
						: " stayed at " + aspect.format(current);
		String conclusion = switch (outcome) {
			case REGRESSION -> "a regression beyond the " + percent(tolerance) + " tolerance";
			case IMPROVEMENT -> "an improvement beyond the " + percent(tolerance) + " tolerance";
			case WITHIN_TOLERANCE -> "significant, but within the " + percent(tolerance) + " tolerance";
			case NOT_SIGNIFICANT -> "not significant";
		};
		return aspect.title() + moved + " (" + relative(relative) + "; 95% interval of the difference "
				+ signed(aspect, difference.low()) + " to " + signed(aspect, difference.high()) + ", "
				+ basis.describe(aspect) + "): " + conclusion;
	}

	private static String relative(double relative) {
		if (Double.isInfinite(relative)) {
			return "from zero";
		}
		return String.format(Locale.ROOT, "%+.1f%%", relative * 100);
	}

	private static String signed(Aspect aspect, double value) {
		return ((value > 0) ? "+" : "") + aspect.formatDifference(value);
	}

	static String percent(double fraction) {
		double percent = Math.round(fraction * 1000) / 10.0;
		return ((percent == Math.rint(percent)) ? Long.toString((long) percent) : Double.toString(percent)) + "%";
	}

	/** What a comparison concludes. */
	public enum Outcome {

		/** Significantly worse, by more than the tolerance: fails the gate. */
		REGRESSION,

		/** Significantly worse or better, but by no more than the tolerance. */
		WITHIN_TOLERANCE,

		/** The interval of the difference holds zero: nothing to tell from noise. */
		NOT_SIGNIFICANT,

		/** Significantly better, by more than the tolerance. */
		IMPROVEMENT

	}

	/**
	 * What the interval resamples, and so what "significant" speaks of.
	 *
	 * @param unit {@code TRIALS} or {@code SAMPLES}
	 * @param baseline how many the baseline had
	 * @param current how many the current run had
	 */
	public record Basis(Unit unit, int baseline, int current) {

		String describe(Aspect aspect) {
			String what = switch (this.unit) {
				case TRIALS -> "trials";
				case SAMPLES -> (aspect == Aspect.THROUGHPUT) ? "plateau seconds" : "samples";
			};
			return this.baseline + " " + what + " against " + this.current;
		}

		/** The unit of resampling. */
		public enum Unit {

			/**
			 * The per-trial figures: the run-to-run noise itself, when both sides have
			 * two trials or more.
			 */
			TRIALS,

			/**
			 * The individual samples (for throughput, the plateau's seconds) of single
			 * trials.
			 */
			SAMPLES

		}

	}

}

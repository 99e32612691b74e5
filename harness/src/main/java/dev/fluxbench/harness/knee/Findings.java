package dev.fluxbench.harness.knee;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.knee.KneeJson.Ending;
import dev.fluxbench.harness.knee.KneeJson.KneeEntry;
import dev.fluxbench.harness.knee.KneeJson.StepEntry;
import dev.fluxbench.harness.knee.KneeJson.TargetResult;
import dev.fluxbench.harness.knee.KneeJson.TrialEntry;
import dev.fluxbench.harness.knee.KneeJson.UslEntry;

/**
 * What a target's searches found, from its trials and steps: the knee over trials, and
 * the USL fit.
 */
final class Findings {

	private Findings() {
	}

	static TargetResult of(String target, List<TrialEntry> trials, List<StepEntry> steps) {
		List<Integer> knees = trials.stream()
			.filter((trial) -> trial.ending() == Ending.KNEE || trial.ending() == Ending.MET_AT_MAX)
			.map((trial) -> trial.knee().orElseThrow())
			.toList();
		boolean atLeast = trials.stream().anyMatch((trial) -> trial.ending() == Ending.MET_AT_MAX);
		Optional<KneeEntry> knee = Estimate.of(knees)
			.map((estimate) -> new KneeEntry(estimate.mean(), estimate.low(), estimate.high(), estimate.trials(),
					atLeast));
		List<Usl.Point> points = steps.stream()
			.filter((step) -> step.target().equals(target))
			.flatMap((step) -> step.runs().stream())
			.map((run) -> new Usl.Point(run.concurrency(), run.throughput()))
			.toList();
		double highest = points.stream().mapToDouble(Usl.Point::concurrency).filter(Double::isFinite).max().orElse(0);
		return new TargetResult(target, trials, knee, summary(trials, knee),
				usl(Usl.fit(points), points.size(), highest));
	}

	/** One line: the knee and its interval, or why there is none. */
	static String summary(List<TrialEntry> trials, Optional<KneeEntry> knee) {
		List<String> parts = new ArrayList<>();
		knee.ifPresent((found) -> {
			String rate = (found.atLeast() ? "at least " : "") + rate(found.mean()) + " " + KneeJson.RATE_UNIT;
			String interval = found.low()
				.map((low) -> " (95% CI " + rate(low) + " to " + rate(found.high().orElseThrow()) + ", "
						+ found.trials() + " trials)")
				.orElse(" (one trial: no interval)");
			parts.add("knee " + rate + interval);
		});
		for (TrialEntry trial : trials) {
			if (trial.ending() != Ending.KNEE) {
				parts.add(((trials.size() > 1) ? "trial " + trial.trial() + ": " : "") + trial(trial));
			}
		}
		return parts.isEmpty() ? "no trial ran" : String.join("; ", parts);
	}

	/** How one search ended, in a few words. */
	static String trial(TrialEntry trial) {
		String unit = " " + KneeJson.RATE_UNIT;
		return switch (trial.ending()) {
			case KNEE -> "knee " + trial.knee().orElseThrow() + unit
					+ trial.above().map((above) -> ", not met at " + above + unit).orElse("");
			case NOT_MET_AT_START ->
				"not met even at the lowest rate, " + trial.above().map(Object::toString).orElse("?") + unit;
			case MET_AT_MAX -> "met the SLO even at the highest rate, " + trial.knee().orElseThrow() + unit;
			case FAILED -> "failed: " + trial.failure().orElse("no reason given");
			case UNKNOWN -> "ending not recorded";
		};
	}

	/**
	 * Returns the universal scalability law's entry for a fit.
	 * @param highest the highest concurrency measured: a peak beyond it is the model's
	 * guess, and the note says so
	 */
	private static UslEntry usl(Usl.Result result, int points, double highest) {
		if (result.fit().isEmpty()) {
			return new UslEntry(points, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
					Optional.empty(), Optional.empty(), result.reason());
		}
		Usl.Fit fit = result.fit().get();
		Optional<String> note;
		if (fit.peakConcurrency().isPresent()) {
			note = (fit.peakConcurrency().get() > highest)
					? Optional.of("N* lies beyond the highest concurrency measured, " + Slo.number(highest)
							+ ": the peak is extrapolated")
					: Optional.empty();
		}
		else if (fit.sigma() >= 1) {
			note = Optional.of("contention of 1 or more: throughput does not grow with concurrency");
		}
		else if (fit.peakThroughput().isPresent()) {
			note = Optional.of("no coherency cost measured: throughput levels off at λ/σ instead of peaking");
		}
		else {
			note = Optional.of("neither contention nor coherency measured: throughput grew in proportion to"
					+ " concurrency over every point");
		}
		return new UslEntry(points, Optional.of(fit.lambda()), Optional.of(fit.sigma()), Optional.of(fit.kappa()),
				fit.peakConcurrency(), fit.peakThroughput(), Optional.of(fit.rSquared()), note);
	}

	/**
	 * A mean knee or a bound to the nearest tenth, as 140.5 or 140: the rates themselves
	 * are whole.
	 */
	static String rate(double value) {
		double rounded = Math.round(value * 10) / 10.0;
		return (rounded == Math.rint(rounded)) ? Long.toString((long) rounded)
				: String.format(java.util.Locale.ROOT, "%.1f", rounded);
	}

}

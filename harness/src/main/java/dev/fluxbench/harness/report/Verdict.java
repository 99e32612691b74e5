package dev.fluxbench.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.results.Summary;

/**
 * Which stack did better on one aspect at one load, and how sure we can be. Each stack's
 * figure is the median over its trials, with a bootstrap 95% confidence interval. The
 * best median wins only when its interval overlaps no other stack's; otherwise there is
 * no significant difference. One trial gives no interval of the median worth the name:
 * its samples are resampled instead, as the CI gate does, and the best stack is named
 * only where that separates it from every other, and then as indicative only. A stack
 * level with the best one, or not separated from it, is never beaten by the order the
 * stacks ran in.
 *
 * @param load the load level
 * @param label the step label compared, or {@link Summary#ALL} for what belongs to the
 * whole load (CPU, heap)
 * @param aspect what is compared
 * @param outcome what the comparison shows
 * @param best the stack with the best median, if any stack had a figure
 * @param tiedWith with {@link Outcome#NO_SIGNIFICANT_DIFFERENCE}, the stacks whose
 * intervals overlap the best one's, or with one trial that it cannot tell from the best
 * @param estimates each stack's median and interval, in run order
 */
public record Verdict(int load, String label, Aspect aspect, Outcome outcome, Optional<String> best,
		List<String> tiedWith, Map<String, Estimate> estimates) {

	/**
	 * Compares the targets' finished trials at one load, for one label, on one aspect,
	 * without their samples files: the latencies and throughputs of single trials are
	 * only ranked.
	 */
	public static Verdict of(int load, String label, Aspect aspect, Map<String, List<LoadResult>> trialsByStack) {
		return of(load, label, aspect, trialsByStack, (trial, ofLabel) -> Optional.empty());
	}

	/**
	 * Compares the targets' finished trials at one load, for one label, on one aspect.
	 * @param samples a trial's measurements of a label, read from its samples, for a
	 * comparison of single trials to resample; empty when there are none
	 */
	public static Verdict of(int load, String label, Aspect aspect, Map<String, List<LoadResult>> trialsByStack,
			BiFunction<LoadResult, String, Optional<Measurements>> samples) {
		Map<String, Estimate> estimates = new LinkedHashMap<>();
		trialsByStack.forEach((stack, trials) -> {
			List<Double> values = trials.stream()
				.filter(LoadResult::counted)
				.map((trial) -> aspect.of(trial, label))
				.filter((value) -> !Double.isNaN(value))
				.toList();
			if (!values.isEmpty()) {
				estimates.put(stack, Estimate.of(values));
			}
		});
		if (estimates.size() < 2) {
			return new Verdict(load, label, aspect, Outcome.NO_DATA, Optional.empty(), List.of(), estimates);
		}
		Comparator<Map.Entry<String, Estimate>> bestFirst = Comparator
			.comparingDouble((entry) -> entry.getValue().median());
		if (aspect.higherIsBetter()) {
			bestFirst = bestFirst.reversed();
		}
		List<Map.Entry<String, Estimate>> ranked = estimates.entrySet().stream().sorted(bestFirst).toList();
		String best = ranked.getFirst().getKey();
		Estimate top = ranked.getFirst().getValue();
		if (ranked.stream().allMatch((entry) -> entry.getValue().median() == top.median())) {
			return new Verdict(load, label, aspect, Outcome.EQUAL, Optional.of(best), List.of(), estimates);
		}
		if (estimates.values().stream().anyMatch((estimate) -> estimate.values().size() < 2)) {
			List<String> notSeparated = notSeparated(label, aspect, ranked, trialsByStack, samples);
			Outcome outcome = notSeparated.isEmpty() ? Outcome.INDICATIVE : Outcome.NO_SIGNIFICANT_DIFFERENCE;
			return new Verdict(load, label, aspect, outcome, Optional.of(best), notSeparated, estimates);
		}
		List<String> overlapping = new ArrayList<>();
		for (Map.Entry<String, Estimate> other : ranked.subList(1, ranked.size())) {
			if (other.getValue().interval().overlaps(top.interval())) {
				overlapping.add(other.getKey());
			}
		}
		Outcome outcome = overlapping.isEmpty() ? Outcome.BETTER : Outcome.NO_SIGNIFICANT_DIFFERENCE;
		return new Verdict(load, label, aspect, outcome, Optional.of(best), List.copyOf(overlapping), estimates);
	}

	/**
	 * The stacks that a comparison of single trials cannot tell from the best one: those
	 * with the same figure, and those that resampling does not put wholly behind it. What
	 * is resampled is what the figure is made of: the requests' times for latency and
	 * errors, the seconds' counts for throughput ({@link Measurements}), the intervals
	 * between scrapes for CPU and heap ({@link CostSamples}). None of these are
	 * independent draws (a GC pause slows a burst of requests), so this separates more
	 * readily than trials would, which is why its verdict stays indicative. Where there
	 * is nothing to resample, any difference separates.
	 */
	private static List<String> notSeparated(String label, Aspect aspect, List<Map.Entry<String, Estimate>> ranked,
			Map<String, List<LoadResult>> trialsByStack,
			BiFunction<LoadResult, String, Optional<Measurements>> samples) {
		double top = ranked.getFirst().getValue().median();
		List<LoadResult> best = counted(trialsByStack.get(ranked.getFirst().getKey()));
		List<String> notSeparated = new ArrayList<>();
		for (Map.Entry<String, Estimate> other : ranked.subList(1, ranked.size())) {
			Optional<Interval> difference = (other.getValue().median() == top) ? Optional.empty()
					: difference(label, aspect, best, counted(trialsByStack.get(other.getKey())), samples);
			// Their figure minus the best one's.
			boolean behind = (other.getValue().median() != top)
					&& difference.map((interval) -> aspect.higherIsBetter() ? interval.high() < 0 : interval.low() > 0)
						.orElse(true);
			if (!behind) {
				notSeparated.add(other.getKey());
			}
		}
		return List.copyOf(notSeparated);
	}

	private static Optional<Interval> difference(String label, Aspect aspect, List<LoadResult> best,
			List<LoadResult> other, BiFunction<LoadResult, String, Optional<Measurements>> samples) {
		if (Measurements.ASPECTS.contains(aspect)) {
			Optional<Measurements> ours = measurements(best, label, samples);
			Optional<Measurements> theirs = measurements(other, label, samples);
			return (ours.isPresent() && theirs.isPresent()) ? Optional.of(ours.get().difference(aspect, theirs.get()))
					: Optional.empty();
		}
		if (CostSamples.ASPECTS.contains(aspect)) {
			return costs(best).difference(aspect, costs(other));
		}
		return Optional.empty();
	}

	private static List<LoadResult> counted(List<LoadResult> trials) {
		return trials.stream().filter(LoadResult::counted).toList();
	}

	/** A stack's counted trials of a label as one set of samples. */
	private static Optional<Measurements> measurements(List<LoadResult> trials, String label,
			BiFunction<LoadResult, String, Optional<Measurements>> samples) {
		List<Measurements> each = new ArrayList<>();
		for (LoadResult trial : trials) {
			Optional<Measurements> ofTrial = samples.apply(trial, label);
			if (ofTrial.isEmpty()) {
				return Optional.empty();
			}
			each.add(ofTrial.get());
		}
		return each.isEmpty() ? Optional.empty() : Optional.of(Measurements.pooled(each));
	}

	private static CostSamples costs(List<LoadResult> trials) {
		return CostSamples.pooled(trials.stream().map(CostSamples::of).toList());
	}

	/**
	 * The load, and the label when it is one: "50" or "50 users, passthrough" in a
	 * sentence.
	 */
	public String where(String unit) {
		return this.load + " " + unit + (this.label.equals(Summary.ALL) ? "" : ", " + this.label);
	}

	/** One line, as the tables and the summary print it. */
	public String sentence() {
		String best = this.best.orElse("");
		return switch (this.outcome) {
			case BETTER -> best + " better (" + this.aspect.format(this.estimates.get(best).median()) + ")";
			case NO_SIGNIFICANT_DIFFERENCE ->
				"no significant difference between " + best + " and " + String.join(", ", this.tiedWith);
			case INDICATIVE -> best + " best (" + this.aspect.format(this.estimates.get(best).median())
					+ "); single trial: indicative only";
			case EQUAL -> "equal (" + this.aspect.format(this.estimates.get(best).median()) + " in every stack)";
			case NO_DATA -> "not enough data to compare";
		};
	}

	public enum Outcome {

		/** The best stack's interval overlaps no other's. */
		BETTER,

		/**
		 * Some other stack's interval overlaps the best one's; with one trial, some other
		 * stack is level with the best one or its samples do not separate them.
		 */
		NO_SIGNIFICANT_DIFFERENCE,

		/**
		 * One trial: the best median, ahead of every other as far as the trial's samples
		 * tell, with nothing to tell a lucky run from a difference.
		 */
		INDICATIVE,

		/** Every stack has the same median, as zero errors everywhere. */
		EQUAL,

		/** Fewer than two stacks have this figure. */
		NO_DATA

	}

	/**
	 * A stack's figure over its finished trials.
	 *
	 * @param values one per trial
	 * @param median their median
	 * @param interval bootstrap 95% confidence interval of the median
	 */
	public record Estimate(List<Double> values, double median, Interval interval) {

		static Estimate of(List<Double> values) {
			double[] array = Statistics.toArray(values);
			return new Estimate(List.copyOf(values), Statistics.median(array), Statistics.bootstrapMedian(array));
		}

	}

}

package dev.fluxbench.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.results.Summary;

/**
 * Which stack did better on one aspect at one load, and how sure we can be. Each stack's
 * figure is the median over its trials, with a bootstrap 95% confidence interval. The
 * best median wins only when its interval overlaps no other stack's; otherwise there is
 * no significant difference. One trial gives no interval worth the name, so it is only
 * indicative.
 *
 * @param load the load level
 * @param label the step label compared, or {@link Summary#ALL} for what belongs to the
 * whole load (CPU, heap)
 * @param aspect what is compared
 * @param outcome what the comparison shows
 * @param best the stack with the best median, if any stack had a figure
 * @param tiedWith with {@link Outcome#NO_SIGNIFICANT_DIFFERENCE}, the stacks whose
 * intervals overlap the best one's
 * @param estimates each stack's median and interval, in run order
 */
public record Verdict(int load, String label, Aspect aspect, Outcome outcome, Optional<String> best,
		List<String> tiedWith, Map<String, Estimate> estimates) {

	/**
	 * Compares the targets' finished trials at one load, for one label, on one aspect.
	 */
	public static Verdict of(int load, String label, Aspect aspect, Map<String, List<LoadResult>> trialsByStack) {
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
			return new Verdict(load, label, aspect, Outcome.INDICATIVE, Optional.of(best), List.of(), estimates);
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

		/** Some other stack's interval overlaps the best one's. */
		NO_SIGNIFICANT_DIFFERENCE,

		/** One trial: the best median, with nothing to tell chance from difference. */
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

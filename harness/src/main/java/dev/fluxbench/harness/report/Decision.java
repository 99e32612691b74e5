package dev.fluxbench.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.report.Verdict.Outcome;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.Summary;

/**
 * The report's first section: for each workload (a load level and a step label), which
 * target did better on what, by how much with the interval of the difference, and at what
 * cost in CPU and heap; or, plainly, that the difference is not significant. A tech lead
 * reads this and nothing else, so every figure in it comes with its uncertainty.
 */
final class Decision {

	private Decision() {
	}

	/** Why nothing was compared, when every load ran to its end but none was steady. */
	static final String UNSTEADY = "Nothing to decide yet: every load ran while the JIT was still compiling"
			+ " (see the warm-up and efficiency tables), which says more about how fast each JVM compiles than"
			+ " about its stack. Warm up for longer (--warmup), or count these loads anyway with --steady-jit 100%.";

	/**
	 * Whether some load ran to its end and every such load was kept out as not steady.
	 */
	static boolean unsteadyOnly(RunResults results) {
		List<LoadResult> finished = results.loadLevels()
			.stream()
			.flatMap((load) -> results.stacks().stream().flatMap((stack) -> results.at(load, stack).stream()))
			.filter(LoadResult::finished)
			.toList();
		return !finished.isEmpty() && finished.stream().noneMatch(LoadResult::steady);
	}

	static List<String> of(RunResults results, List<Verdict> verdicts) {
		String unit = results.run().loadUnit();
		List<String> lines = new ArrayList<>();
		boolean compared = false;
		for (int load : results.loadLevels()) {
			// Before the comparisons it qualifies: a target that lost users was measured
			// under less load.
			lines.addAll(lighterLoads(results, load, unit));
			for (String label : results.labels()) {
				List<Verdict> here = verdicts.stream()
					.filter((verdict) -> verdict.load() == load && verdict.label().equals(label)
							&& verdict.aspect().perLabel())
					.toList();
				if (here.stream().allMatch((verdict) -> verdict.outcome() == Outcome.NO_DATA)) {
					continue;
				}
				String where = load + " " + unit + (label.equals(Summary.ALL) ? "" : ", " + label);
				lines.add(where + ": " + outcome(here) + " " + cost(load, unit, verdicts));
				compared = true;
			}
		}
		if (!compared) {
			lines.add(unsteadyOnly(results) ? UNSTEADY
					: "Nothing to decide: fewer than two targets have finished loads to compare.");
		}
		else if (Resolution.appearsIn(verdicts)) {
			lines.add(Resolution.NOTE);
		}
		return lines;
	}

	/**
	 * A warning per target whose users left the load before it ended: stopped by a failed
	 * request, or, in a level of iterations, ending any other way short of the journey's
	 * end. The rest of its load ran with fewer users, so its times are over a lighter
	 * load than the others' (seed 002: "there are fewer users requesting the server, and
	 * thus a lower load and altered times").
	 */
	static List<String> lighterLoads(RunResults results, int load, String unit) {
		boolean held = results.run().isHeld(load);
		List<String> warnings = new ArrayList<>();
		for (String stack : results.stacks()) {
			List<Journeys> counted = results.at(load, stack)
				.stream()
				.filter(LoadResult::counted)
				.flatMap((result) -> result.journeys().stream())
				.toList();
			if (counted.isEmpty()) {
				continue;
			}
			Journeys total = counted.stream().reduce(new Journeys(0, 0, 0, 0), Journeys::plus);
			long lost = total.lost(held);
			if (lost == 0) {
				continue;
			}
			List<String> how = new ArrayList<>();
			if (total.stopped() > 0) {
				how.add(total.stopped() + " stopped by a failed request");
			}
			if (!held && total.unfinished() > 0) {
				how.add(total.unfinished() + " ended otherwise");
			}
			String trials = (counted.size() > 1) ? " over " + counted.size() + " trials" : "";
			warnings.add("Warning, " + load + " " + unit + ": " + stack + " lost users. " + lost + " of the "
					+ total.started() + " journeys its users started" + trials + " did not complete ("
					+ String.join(", ", how) + "), so the rest of its load ran with fewer users: its times here were "
					+ "measured under less than " + load + " " + unit + " and look better than they are.");
		}
		return warnings;
	}

	private static String outcome(List<Verdict> verdicts) {
		List<String> better = new ArrayList<>();
		List<String> indicative = new ArrayList<>();
		List<String> notSignificant = new ArrayList<>();
		List<String> equal = new ArrayList<>();
		for (Verdict verdict : verdicts) {
			switch (verdict.outcome()) {
				case BETTER -> better.add(better(verdict));
				case INDICATIVE -> indicative.add(indicative(verdict));
				case NO_SIGNIFICANT_DIFFERENCE -> notSignificant.add(verdict.aspect().title());
				case EQUAL -> equal.add(verdict.aspect().title() + " ("
						+ verdict.aspect().format(verdict.estimates().values().iterator().next().median()) + " each)");
				case NO_DATA -> {
				}
			}
		}
		List<String> sentences = new ArrayList<>();
		if (!better.isEmpty()) {
			sentences.add(String.join("; ", better) + ".");
		}
		if (!indicative.isEmpty()) {
			// One trial gives no interval: the medians are named, not weighed.
			sentences.add("One trial per target, so indicative only (run --trials 3 for intervals): "
					+ String.join("; ", indicative) + ".");
		}
		if (!notSignificant.isEmpty()) {
			String targets = String.join(" and ", verdicts.getFirst().estimates().keySet());
			sentences.add((better.isEmpty() ? "The difference between " + targets + " is not significant in "
					: "No significant difference in ") + String.join(", ", notSignificant) + ".");
		}
		if (!equal.isEmpty()) {
			sentences.add("Equal in " + String.join(", ", equal) + ".");
		}
		return String.join(" ", sentences);
	}

	/**
	 * "webflux has the lower p99 latency, 42 ms below mvc (95% CI 30 to 55 ms; 155 ms
	 * against 197 ms)".
	 */
	private static String better(Verdict verdict) {
		String best = verdict.best().orElseThrow();
		Aspect aspect = verdict.aspect();
		Verdict.Estimate top = verdict.estimates().get(best);
		Map.Entry<String, Verdict.Estimate> next = runnerUp(verdict);
		double difference = Math.abs(top.median() - next.getValue().median());
		String direction = aspect.higherIsBetter() ? " above " : " below ";
		String what = (aspect == Aspect.ERRORS)
				? " fails fewer requests, " + Aspect.number(difference) + " percentage points"
				: " has the " + (aspect.higherIsBetter() ? "higher " : "lower ") + aspect.title() + ", "
						+ aspect.formatDifference(difference);
		Interval interval = Statistics.bootstrapMedianDifference(Statistics.toArray(next.getValue().values()),
				Statistics.toArray(top.values()));
		double low = Math.min(Math.abs(interval.low()), Math.abs(interval.high()));
		double high = Math.max(Math.abs(interval.low()), Math.abs(interval.high()));
		return best + what + direction + next.getKey() + " (95% CI " + Aspect.number(low) + " to "
				+ aspect.formatDifference(high) + "; " + aspect.format(top.median()) + " against "
				+ aspect.format(next.getValue().median()) + ")";
	}

	/** "mvc-vt had the lower p95 latency (115 ms; webflux 119 ms)". */
	private static String indicative(Verdict verdict) {
		String best = verdict.best().orElseThrow();
		Aspect aspect = verdict.aspect();
		Map.Entry<String, Verdict.Estimate> next = runnerUp(verdict);
		String what = (aspect == Aspect.ERRORS) ? " failed fewer requests"
				: " had the " + (aspect.higherIsBetter() ? "higher " : "lower ") + aspect.title();
		return best + what + " (" + aspect.format(verdict.estimates().get(best).median()) + "; " + next.getKey() + " "
				+ aspect.format(next.getValue().median()) + ")";
	}

	/** The target whose median comes next after the best one's. */
	private static Map.Entry<String, Verdict.Estimate> runnerUp(Verdict verdict) {
		Comparator<Map.Entry<String, Verdict.Estimate>> order = Comparator
			.comparingDouble((entry) -> entry.getValue().median());
		if (verdict.aspect().higherIsBetter()) {
			order = order.reversed();
		}
		return verdict.estimates()
			.entrySet()
			.stream()
			.filter((entry) -> !entry.getKey().equals(verdict.best().orElseThrow()))
			.sorted(order)
			.findFirst()
			.orElseThrow();
	}

	/**
	 * What the load cost each target: CPU and heap, with whether the difference counts.
	 */
	private static String cost(int load, String unit, List<Verdict> verdicts) {
		List<String> parts = new ArrayList<>();
		for (Aspect aspect : Aspect.PER_LOAD) {
			Optional<Verdict> verdict = verdicts.stream()
				.filter((v) -> v.load() == load && v.label().equals(Summary.ALL) && v.aspect() == aspect)
				.findFirst();
			if (verdict.isEmpty() || verdict.get().estimates().isEmpty()) {
				continue;
			}
			String figures = verdict.get()
				.estimates()
				.entrySet()
				.stream()
				.map((entry) -> entry.getKey() + " " + Aspect.number(entry.getValue().median()))
				.collect(Collectors.joining(", "));
			String significance = switch (verdict.get().outcome()) {
				case BETTER -> verdict.get().best().orElseThrow() + " significantly lower";
				case INDICATIVE -> "one trial";
				case NO_SIGNIFICANT_DIFFERENCE -> "no significant difference between "
						+ verdict.get().best().orElseThrow() + " and " + String.join(", ", verdict.get().tiedWith());
				case EQUAL -> "no significant difference";
				case NO_DATA -> "one target only";
			};
			parts.add(aspect.title() + " " + figures + " " + aspect.unit() + " (" + significance + ")");
		}
		if (parts.isEmpty()) {
			return "Cost unknown: no target had server-side metrics (give --metrics), so this compares client-side "
					+ "figures only.";
		}
		return "Cost at " + load + " " + unit + " (whole load): " + String.join("; ", parts) + ".";
	}

}

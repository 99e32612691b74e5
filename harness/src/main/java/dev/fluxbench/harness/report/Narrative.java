package dev.fluxbench.harness.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.fluxbench.harness.report.Verdict.Outcome;

/**
 * The plain-language summary at the end of the report, written from the verdicts and
 * figures so that a tech lead can paste it into a decision record. Every sentence is
 * built from numbers; a sentence with nothing to say is left out rather than filled with
 * a stock phrase.
 */
final class Narrative {

	/**
	 * How many differences the conclusion names one by one before it counts them instead.
	 */
	private static final int MOST_NAMED = 6;

	private Narrative() {
	}

	static List<String> of(RunResults results, List<Verdict> verdicts) {
		RunRecord run = results.run();
		List<String> paragraphs = new ArrayList<>();
		List<Integer> loads = results.loadLevels();
		int trials = results.trials();
		paragraphs.add(String.format(Locale.ROOT, "Scenario %s compared %s at %s %s, with %s per stack.",
				run.scenario(), list(results.stacks()), list(loads.stream().map(String::valueOf).toList()),
				run.loadUnit(), (trials == 1) ? "one trial" : trials + " trials"));
		for (Aspect aspect : List.of(Aspect.THROUGHPUT, Aspect.P99, Aspect.CPU)) {
			aspectSentence(aspect, verdicts, run.loadUnit()).ifPresent(paragraphs::add);
		}
		paragraphs.add(errorsSentence(results));
		littlesLawSentence(results).ifPresent(paragraphs::add);
		generatorLagSentence(results).ifPresent(paragraphs::add);
		paragraphs.add(confidenceSentence(verdicts, trials));
		if (Resolution.appearsIn(verdicts)) {
			paragraphs.add(Resolution.NOTE);
		}
		paragraphs.add(conclusion(results, verdicts));
		if (!run.isComplete() || results.hasUnfinishedLoads()) {
			paragraphs.add("The run did not finish (status: " + run.status()
					+ "): loads that did not finish are shown but left out of every verdict.");
		}
		return paragraphs;
	}

	/**
	 * Who led on one aspect, at how many loads, with the highest load's figures as the
	 * example.
	 */
	private static Optional<String> aspectSentence(Aspect aspect, List<Verdict> verdicts, String unit) {
		List<Verdict> compared = verdicts.stream()
			.filter((verdict) -> verdict.aspect() == aspect && verdict.outcome() != Outcome.NO_DATA)
			.toList();
		if (compared.isEmpty()) {
			return Optional.empty();
		}
		Map<String, Long> leads = compared.stream()
			.filter((verdict) -> verdict.outcome() != Outcome.EQUAL)
			.collect(Collectors.groupingBy((verdict) -> verdict.best().orElseThrow(), LinkedHashMap::new,
					Collectors.counting()));
		Verdict highest = compared.getLast();
		String figures = highest.estimates()
			.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " " + aspect.format(entry.getValue().median()))
			.collect(Collectors.joining(", "));
		String lead = leads.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
			.map((entry) -> entry.getKey() + " at " + entry.getValue() + " of " + compared.size())
			.collect(Collectors.joining(", "));
		long significant = compared.stream().filter((verdict) -> verdict.outcome() == Outcome.BETTER).count();
		String better = aspect.higherIsBetter() ? "highest" : "lowest";
		String sentence = lead.isEmpty() ? capitalized(aspect.title()) + " was the same for every stack."
				: capitalized(aspect.title()) + ": " + better + " was " + lead + " load"
						+ ((compared.size() == 1) ? "" : "s")
						+ ((significant > 0) ? " (" + significant + " significantly)" : "") + ".";
		return Optional.of(sentence + " At " + highest.where(unit) + ": " + figures + ".");
	}

	private static String errorsSentence(RunResults results) {
		long samples = 0;
		Map<String, long[]> byStack = new LinkedHashMap<>();
		for (LoadResult load : results.loads()) {
			samples += load.all().samples();
			long[] counts = byStack.computeIfAbsent(load.key().stack(), (stack) -> new long[2]);
			counts[0] += load.all().errors();
			counts[1] += load.all().samples();
		}
		List<String> failing = byStack.entrySet()
			.stream()
			.filter((entry) -> entry.getValue()[0] > 0)
			.sorted(Comparator.comparingLong((Map.Entry<String, long[]> entry) -> entry.getValue()[0]).reversed())
			.map((entry) -> String.format(Locale.ROOT, "%s %d of %d (%s%%)", entry.getKey(), entry.getValue()[0],
					entry.getValue()[1], Aspect.number(100.0 * entry.getValue()[0] / entry.getValue()[1])))
			.toList();
		if (failing.isEmpty()) {
			return String.format(Locale.ROOT, "No request failed, out of %d.", samples);
		}
		return "Failed requests: " + String.join(", ", failing) + ".";
	}

	private static Optional<String> littlesLawSentence(RunResults results) {
		if (results.loadLevels().isEmpty()) {
			return Optional.empty();
		}
		int highest = results.loadLevels().getLast();
		List<String> shares = new ArrayList<>();
		Optional<Double> limit = Optional.empty();
		for (String stack : results.stacks()) {
			double[] ratios = results.at(highest, stack)
				.stream()
				.filter(LoadResult::counted)
				.map(LoadResult::ofLittlesLawLimit)
				.flatMap(Optional::stream)
				.mapToDouble(Double::doubleValue)
				.toArray();
			if (ratios.length > 0) {
				limit = results.at(highest, stack).getFirst().efficiency().littlesLawLimit();
				shares.add(stack + " " + Math.round(100 * Statistics.median(ratios)) + "%");
			}
		}
		if (shares.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(String.format(Locale.ROOT,
				"At %d %s the clients could ask for at most %s requests/s (Little's law); on the plateau the stacks "
						+ "served %s of that.",
				highest, results.run().loadUnit(), Aspect.number(limit.orElseThrow()), String.join(", ", shares)));
	}

	/**
	 * In the open model a generator that cannot keep its rate, or that runs out of
	 * threads, stops sending while answers are slow, and the latencies then look better
	 * than clients would see them (coordinated omission). Said out loud, load by load.
	 */
	private static Optional<String> generatorLagSentence(RunResults results) {
		RunRecord run = results.run();
		if (!run.isOpenModel()) {
			return Optional.empty();
		}
		List<String> lagging = new ArrayList<>();
		for (LoadResult load : results.loads()) {
			double share = load.plateauThroughput() / load.key().load();
			boolean exhausted = run.maxThreads().map((max) -> load.peakInFlight() >= 0.95 * max).orElse(false);
			if (share < 0.95 || exhausted) {
				lagging.add(String.format(Locale.ROOT, "%s trial %d at %d req/s got %s req/s (%d%%)%s",
						load.key().stack(), load.key().trial(), load.key().load(),
						Aspect.number(load.plateauThroughput()), Math.round(share * 100),
						exhausted ? ", all " + run.maxThreads().orElseThrow() + " generator threads busy" : ""));
			}
		}
		if (lagging.isEmpty()) {
			return Optional.of("The generator kept every target rate within 5% without running out of threads.");
		}
		return Optional.of("The generator fell behind its target: " + String.join("; ", lagging)
				+ ". There the latencies understate what clients would see (coordinated omission).");
	}

	private static String confidenceSentence(List<Verdict> verdicts, int trials) {
		if (trials < 2) {
			return "Each stack ran one trial, so every difference above is indicative only: a stack is named ahead "
					+ "only where resampling its samples set it apart, and samples of one run vary less than runs "
					+ "do. Run with --trials 3 or more for confidence intervals.";
		}
		long compared = verdicts.stream()
			.filter((verdict) -> verdict.outcome() == Outcome.BETTER
					|| verdict.outcome() == Outcome.NO_SIGNIFICANT_DIFFERENCE)
			.count();
		long significant = verdicts.stream().filter((verdict) -> verdict.outcome() == Outcome.BETTER).count();
		return String.format(Locale.ROOT,
				"With %d trials per stack, a difference counts only when the 95%% bootstrap intervals of the medians "
						+ "do not overlap: %d of %d comparisons did.",
				trials, significant, compared);
	}

	/**
	 * What the differences that count add up to: each one named with its figures, then a
	 * leader only when one stack won clearly more comparisons than any other, since one
	 * win on heap alone does not make a stack the better choice.
	 */
	private static String conclusion(RunResults results, List<Verdict> verdicts) {
		boolean singleTrial = results.trials() < 2;
		Outcome counted = singleTrial ? Outcome.INDICATIVE : Outcome.BETTER;
		List<Verdict> wins = verdicts.stream().filter((verdict) -> verdict.outcome() == counted).toList();
		String scope = " for " + results.run().scenario() + " on this machine";
		if (wins.isEmpty()) {
			if (Decision.unsteadyOnly(results)) {
				return "No stack can be ranked" + scope + ": every load ran while the JIT was still compiling.";
			}
			return "On this evidence no stack is ahead of the others" + scope + ": every difference is within the "
					+ "noise between trials.";
		}
		Map<String, Long> counts = wins.stream()
			.collect(Collectors.groupingBy((verdict) -> verdict.best().orElseThrow(), LinkedHashMap::new,
					Collectors.counting()));
		List<Map.Entry<String, Long>> ranked = counts.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
			.toList();
		String which = singleTrial ? "Differences in this single trial: " : "Differences that count: ";
		// Past a handful, a list of every difference stops being read: count them
		// instead.
		String named = (wins.size() > MOST_NAMED)
				? ranked.stream()
					.map((entry) -> entry.getKey() + " came out ahead in " + entry.getValue() + " of " + wins.size())
					.collect(Collectors.joining(", "))
				: wins.stream()
					.map((verdict) -> verdict.best().orElseThrow() + " had the "
							+ (verdict.aspect().higherIsBetter() ? "higher" : "lower") + " " + verdict.aspect().title()
							+ " at " + verdict.where(results.run().loadUnit()) + " ("
							+ verdict.aspect().format(verdict.estimates().get(verdict.best().orElseThrow()).median())
							+ " against " + others(verdict) + ")")
					.collect(Collectors.joining("; "));
		long top = ranked.getFirst().getValue();
		long next = (ranked.size() > 1) ? ranked.get(1).getValue() : 0;
		String overall = (top >= 2 && top >= 2 * next)
				? " On this evidence " + ranked.getFirst().getKey() + " leads" + scope + "."
				: " No stack leads across the board" + scope + ".";
		return which + named + "." + overall + (singleTrial ? " (One trial: indicative only.)" : "");
	}

	private static String others(Verdict verdict) {
		return verdict.estimates()
			.entrySet()
			.stream()
			.filter((entry) -> !entry.getKey().equals(verdict.best().orElseThrow()))
			.map((entry) -> entry.getKey() + " " + verdict.aspect().format(entry.getValue().median()))
			.collect(Collectors.joining(", "));
	}

	private static String list(List<String> items) {
		if (items.size() <= 1) {
			return String.join("", items);
		}
		return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
	}

	private static String capitalized(String text) {
		return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
	}

}

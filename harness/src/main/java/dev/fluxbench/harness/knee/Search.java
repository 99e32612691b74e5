package dev.fluxbench.harness.knee;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The search for one target's knee in one trial: the highest arrival rate at which it
 * still meets the SLO. The rate climbs geometrically from the start rate until a step
 * fails the SLO (or the maximum rate passes), then bisects between the last rate that met
 * it and the first that did not, at their geometric mean, until the two are within the
 * precision of each other. A step whose first run lands near a limit is run again, up to
 * the repeats in all, and meets the SLO when most of its runs do (a tie does not). The
 * search assumes that a target that fails at one rate fails at every higher one; where it
 * does not, the knee is still a rate that met the SLO with a failing rate just above it.
 *
 * <p>
 * A run that misses the SLO while the target's JIT still compiled for more than its set
 * share of the app's CPU is not steady: it says more about the JVM than about the target,
 * so the step runs again, within the same repeats. A step's vote leaves such runs out,
 * unless no run of it was steady.
 */
final class Search {

	private final KneeSettings settings;

	private final double maxCompileShare;

	/**
	 * Creates a search with the given settings.
	 * @param maxCompileShare the largest share of the app's CPU its JIT may take in a
	 * steady run, 0 to 1
	 */
	Search(KneeSettings settings, double maxCompileShare) {
		this.settings = settings;
		this.maxCompileShare = maxCompileShare;
	}

	Outcome run(StepRunner runner, Listener listener) {
		List<Step> steps = new ArrayList<>();
		Integer met = null;
		Integer failed = null;
		int rate = this.settings.startRate();
		try {
			while (true) {
				Step step = step(runner, listener, steps.size() + 1, rate);
				steps.add(step);
				if (!step.met()) {
					failed = rate;
					break;
				}
				met = rate;
				if (rate >= this.settings.maxRate()) {
					break;
				}
				rate = (int) Math.min(this.settings.maxRate(),
						Math.max(rate + 1L, Math.round(rate * this.settings.growth())));
			}
			if (met == null) {
				return new Outcome(KneeJson.Ending.NOT_MET_AT_START, Optional.empty(), Optional.of(failed), steps,
						Optional.empty());
			}
			if (failed == null) {
				return new Outcome(KneeJson.Ending.MET_AT_MAX, Optional.of(met), Optional.empty(), steps,
						Optional.empty());
			}
			while (failed > met * (1 + this.settings.precision()) && failed - met > 1) {
				int middle = (int) Math.round(Math.sqrt((double) met * failed));
				middle = Math.min(failed - 1, Math.max(met + 1, middle));
				Step step = step(runner, listener, steps.size() + 1, middle);
				steps.add(step);
				if (step.met()) {
					met = middle;
				}
				else {
					failed = middle;
				}
			}
			return new Outcome(KneeJson.Ending.KNEE, Optional.of(met), Optional.of(failed), steps, Optional.empty());
		}
		catch (RuntimeException ex) {
			return new Outcome(KneeJson.Ending.FAILED, Optional.ofNullable(met), Optional.ofNullable(failed), steps,
					Optional
						.of(String.valueOf(ex.getMessage()).lines().findFirst().orElse(ex.getClass().getSimpleName())));
		}
	}

	private Step step(StepRunner runner, Listener listener, int number, int rate) {
		List<Run> runs = new ArrayList<>();
		Run run = run(runner, listener, number, rate, runs);
		while (!run.met() && !run.steady() && runs.size() < this.settings.repeats()) {
			run = run(runner, listener, number, rate, runs);
		}
		if (run.near()) {
			while (runs.size() < this.settings.repeats()) {
				run(runner, listener, number, rate, runs);
			}
		}
		return new Step(number, rate, runs,
				vote(runs.stream().map(Run::met).toList(), runs.stream().map(Run::steady).toList()));
	}

	private Run run(StepRunner runner, Listener listener, int number, int rate, List<Run> runs) {
		Run run = judge(runs.size() + 1, rate, runner.run(rate, number, runs.size() + 1));
		listener.judged(number, rate, run);
		runs.add(run);
		return run;
	}

	/**
	 * A step's verdict over its runs: most of its steady runs met the SLO (a tie does
	 * not), or, when none was steady, most of all its runs.
	 * @param met whether each run met the SLO
	 * @param steady whether each run was steady, in the same order
	 */
	static boolean vote(List<Boolean> met, List<Boolean> steady) {
		boolean anySteady = steady.contains(true);
		long voters = 0;
		long kept = 0;
		for (int i = 0; i < met.size(); i++) {
			if (!anySteady || steady.get(i)) {
				voters++;
				kept += met.get(i) ? 1 : 0;
			}
		}
		return 2 * kept > voters;
	}

	/**
	 * Whether a run's JIT compiled for no more than the set share of the app's CPU;
	 * unknown counts as steady.
	 */
	boolean steady(Figures figures) {
		return figures.jitShare().isEmpty() || figures.jitShare().getAsDouble() <= this.maxCompileShare;
	}

	Run judge(int number, int rate, Figures figures) {
		Slo slo = this.settings.slo();
		List<String> why = new ArrayList<>(slo.broken(figures));
		double least = rate * (1 - this.settings.shortfall());
		if (figures.rateAchieved() < least) {
			why.add("achieved " + Slo.number(figures.rateAchieved()) + "/s of " + rate
					+ "/s: the generator could not keep up");
		}
		return new Run(number, figures, why.isEmpty(), slo.near(figures, this.settings.margin()), why, steady(figures));
	}

	/** Runs one step at one rate and measures it: a real load, or a model in tests. */
	@FunctionalInterface
	interface StepRunner {

		/**
		 * Runs the load at the given rate and returns its figures.
		 * @param step the step's number in this search, from 1
		 * @param run the run's number within the step, from 1
		 */
		Figures run(int rate, int step, int run);

	}

	/** Observes each run as it is judged, to print it and keep it. */
	@FunctionalInterface
	interface Listener {

		void judged(int step, int rate, Run run);

	}

	/**
	 * One run of a step, judged.
	 *
	 * @param number from 1
	 * @param figures what it measured
	 * @param met whether it kept every limit and reached its rate
	 * @param near whether some figure was within the margin of its limit
	 * @param why the limits it broke and any shortfall of the rate, or empty
	 * @param steady whether its JIT took no more than the set share of the app's CPU;
	 * unknown counts as steady
	 */
	record Run(int number, Figures figures, boolean met, boolean near, List<String> why, boolean steady) {

		Run {
			why = List.copyOf(why);
		}

	}

	/**
	 * One step: a rate and its runs.
	 *
	 * @param number from 1, in the order the search ran them
	 * @param rate journeys started per second
	 * @param runs one, or more when the first was near a limit
	 * @param met the verdict over the runs
	 */
	record Step(int number, int rate, List<Run> runs, boolean met) {

		Step {
			runs = List.copyOf(runs);
		}

	}

	/**
	 * A search's result.
	 *
	 * @param knee the highest rate that met the SLO; empty when none did
	 * @param above the lowest rate above it that did not; empty when none failed above it
	 * @param failure with {@link KneeJson.Ending#FAILED}, why
	 */
	record Outcome(KneeJson.Ending ending, Optional<Integer> knee, Optional<Integer> above, List<Step> steps,
			Optional<String> failure) {

		Outcome {
			steps = List.copyOf(steps);
		}

	}

}

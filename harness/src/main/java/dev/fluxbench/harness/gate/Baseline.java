package dev.fluxbench.harness.gate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.fluxbench.harness.gate.Change.Basis;
import dev.fluxbench.harness.report.Aspect;
import dev.fluxbench.harness.report.LoadResult;
import dev.fluxbench.harness.report.Measurements;
import dev.fluxbench.harness.report.RunResults;
import dev.fluxbench.harness.report.Statistics;
import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Summary;

/**
 * Compares a run with a baseline run of the same scenario, target by target, load by load
 * and step by step, on p95 and p99 latency, throughput and error rate.
 *
 * <p>
 * A difference is a regression only when it is significant, the bootstrap 95% interval of
 * {@code current - baseline} lying wholly on the worse side of zero, and when its
 * relative size exceeds the tolerance. What is resampled decides what "significant"
 * means:
 * <ul>
 * <li>With two trials or more on both sides, the per-trial figures, and each side's
 * figure is the median over its trials. Trials differ by everything that differs from run
 * to run (JIT, GC, neighbours on the machine), so their spread is the noise a gate must
 * not mistake for a change. With so few values the interval is rough: with two trials a
 * side it excludes zero whenever both current trials are worse than both baseline ones,
 * which chance alone does one time in six; with three, one in twenty. The tolerance is
 * what keeps that from failing builds, and three trials or more are worth their
 * time.</li>
 * <li>With a single trial on either side, the common case in CI, there is no run-to-run
 * spread to resample, so the samples of the load are: the elapsed times for the
 * percentiles, the failed flags for the error rate, and for throughput the requests
 * completed in each second of the plateau (a sample has no throughput of its own).
 * Samples of one run are not independent (a GC pause slows a burst of them), so this
 * interval is narrower than the run-to-run noise; the tolerance is what keeps a noisy
 * machine from failing the build, and several trials are the cure when it is not
 * enough.</li>
 * </ul>
 * Only finished loads are compared, as in the report's verdicts.
 */
public final class Baseline {

	private Baseline() {
	}

	/**
	 * Compares the run under test with the baseline.
	 * @param baseline the run to compare with, as the last good build of the main branch
	 * @param current the run under test
	 * @param tolerance the relative change a significant difference must exceed, as 0.10
	 * for 10%
	 */
	public static Comparison compare(RunResults baseline, RunResults current, double tolerance) {
		if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
			throw new IllegalArgumentException("A tolerance is a fraction of zero or more, as 0.10: " + tolerance);
		}
		List<Change> changes = new ArrayList<>();
		List<NotCompared> notCompared = new ArrayList<>();
		Set<String> targets = new LinkedHashSet<>(current.stacks());
		targets.addAll(baseline.stacks());
		String baselineScenario = baseline.run().scenario();
		String currentScenario = current.run().scenario();
		if (!baselineScenario.equals(currentScenario)) {
			targets.forEach((target) -> notCompared.add(NotCompared.target(target,
					"the baseline ran scenario '" + baselineScenario + "' and this run '" + currentScenario + "'")));
			return new Comparison(tolerance, changes, notCompared);
		}
		for (String target : targets) {
			if (!baseline.stacks().contains(target)) {
				notCompared.add(NotCompared.target(target, "not in the baseline"));
			}
			else if (!current.stacks().contains(target)) {
				notCompared.add(NotCompared.target(target, "not in this run"));
			}
			else {
				new TargetComparison(target, baseline, current, tolerance, changes, notCompared).compare();
			}
		}
		return new Comparison(tolerance, changes, notCompared);
	}

	/** One target's loads, compared into the lists of the whole comparison. */
	private static final class TargetComparison {

		private final String target;

		private final RunResults baseline;

		private final RunResults current;

		private final double tolerance;

		private final List<Change> changes;

		private final List<NotCompared> notCompared;

		TargetComparison(String target, RunResults baseline, RunResults current, double tolerance, List<Change> changes,
				List<NotCompared> notCompared) {
			this.target = target;
			this.baseline = baseline;
			this.current = current;
			this.tolerance = tolerance;
			this.changes = changes;
			this.notCompared = notCompared;
		}

		void compare() {
			Set<Integer> loads = new TreeSet<>(this.baseline.loadLevels());
			loads.addAll(this.current.loadLevels());
			for (int load : loads) {
				List<LoadResult> before = this.baseline.at(load, this.target);
				List<LoadResult> after = this.current.at(load, this.target);
				if (before.isEmpty() || after.isEmpty()) {
					this.notCompared.add(NotCompared.load(this.target, load,
							before.isEmpty() ? "not in the baseline" : "not in this run"));
					continue;
				}
				List<Map<String, Measurements>> beforeTrials = finished(this.baseline, before);
				List<Map<String, Measurements>> afterTrials = finished(this.current, after);
				if (beforeTrials.isEmpty() || afterTrials.isEmpty()) {
					this.notCompared.add(NotCompared.load(this.target, load,
							"did not finish in " + (beforeTrials.isEmpty() ? "the baseline" : "this run")));
					continue;
				}
				compareLoad(load, beforeTrials, afterTrials);
			}
		}

		/**
		 * Labels as the report's summaries have them: a load with a single step is
		 * compared on its {@link Summary#ALL} line (whatever the step is called in either
		 * run), one with several on each step both runs have.
		 */
		private void compareLoad(int load, List<Map<String, Measurements>> before,
				List<Map<String, Measurements>> after) {
			Set<String> beforeSteps = steps(before);
			Set<String> afterSteps = steps(after);
			if (beforeSteps.size() == 1 && afterSteps.size() == 1) {
				compareLabel(load, Summary.ALL, before, after);
				return;
			}
			if (beforeSteps.size() == 1 || afterSteps.size() == 1) {
				this.notCompared.add(NotCompared.load(this.target, load,
						"the steps differ: the baseline has " + beforeSteps + ", this run " + afterSteps));
				return;
			}
			for (String label : afterSteps) {
				if (beforeSteps.contains(label)) {
					compareLabel(load, label, before, after);
				}
				else {
					this.notCompared.add(NotCompared.label(this.target, load, label, "not in the baseline"));
				}
			}
			beforeSteps.stream()
				.filter((label) -> !afterSteps.contains(label))
				.forEach((label) -> this.notCompared
					.add(NotCompared.label(this.target, load, label, "not in this run")));
		}

		private void compareLabel(int load, String label, List<Map<String, Measurements>> before,
				List<Map<String, Measurements>> after) {
			List<Measurements> beforeTrials = ofLabel(before, label);
			List<Measurements> afterTrials = ofLabel(after, label);
			boolean byTrials = beforeTrials.size() >= 2 && afterTrials.size() >= 2;
			Measurements beforePooled = byTrials ? null : Measurements.pooled(beforeTrials);
			Measurements afterPooled = byTrials ? null : Measurements.pooled(afterTrials);
			for (Aspect aspect : Measurements.ASPECTS) {
				double baselineFigure;
				double currentFigure;
				Interval difference;
				Basis basis;
				if (byTrials) {
					double[] beforeFigures = figures(beforeTrials, aspect);
					double[] afterFigures = figures(afterTrials, aspect);
					baselineFigure = Statistics.median(beforeFigures);
					currentFigure = Statistics.median(afterFigures);
					difference = Statistics.bootstrapMedianDifference(beforeFigures, afterFigures);
					basis = new Basis(Basis.Unit.TRIALS, beforeFigures.length, afterFigures.length);
				}
				else {
					baselineFigure = beforePooled.figure(aspect);
					currentFigure = afterPooled.figure(aspect);
					difference = beforePooled.difference(aspect, afterPooled);
					basis = (aspect == Aspect.THROUGHPUT)
							? new Basis(Basis.Unit.SAMPLES, beforePooled.plateauCounts().length,
									afterPooled.plateauCounts().length)
							: new Basis(Basis.Unit.SAMPLES, beforePooled.samples(), afterPooled.samples());
				}
				this.changes.add(Change.of(this.target, load, label, aspect, baselineFigure, currentFigure, difference,
						basis, this.tolerance));
			}
		}

		/**
		 * The finished trials' measurements, read again from their samples: a LoadResult
		 * keeps none.
		 */
		private static List<Map<String, Measurements>> finished(RunResults run, List<LoadResult> trials) {
			ResultsDirectory files = new ResultsDirectory(run.directory());
			Duration rampUp = run.run().rampUp();
			return trials.stream()
				.filter(LoadResult::counted)
				.map((trial) -> SamplesCsv.read(files.samplesCsv(trial.key())))
				.filter((samples) -> !samples.isEmpty())
				.map((samples) -> Measurements.byLabel(samples, rampUp))
				.toList();
		}

		private static Set<String> steps(List<Map<String, Measurements>> trials) {
			Set<String> steps = new LinkedHashSet<>();
			trials.forEach((trial) -> steps.addAll(trial.keySet()));
			steps.remove(Summary.ALL);
			return steps;
		}

		private static List<Measurements> ofLabel(List<Map<String, Measurements>> trials, String label) {
			return trials.stream()
				.filter((trial) -> trial.containsKey(label))
				.map((trial) -> trial.get(label))
				.toList();
		}

		private static double[] figures(List<Measurements> trials, Aspect aspect) {
			return trials.stream().mapToDouble((trial) -> trial.figure(aspect)).toArray();
		}

	}

}

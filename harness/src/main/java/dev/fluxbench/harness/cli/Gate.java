package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.fluxbench.harness.gate.Baseline;
import dev.fluxbench.harness.gate.Comparison;
import dev.fluxbench.harness.gate.GateResult;
import dev.fluxbench.harness.gate.JunitXml;
import dev.fluxbench.harness.report.RunResults;
import dev.fluxbench.harness.results.AssertionOutcome;

/**
 * The CI gate after a run: JUnit XML for the CI server, and the comparison with a
 * baseline.
 */
final class Gate {

	private Gate() {
	}

	/**
	 * Writes what was asked for and prints every regression.
	 * @param results the run's results directory, complete
	 * @param junit where to write JUnit XML, or null
	 * @param baseline an earlier results directory, or null
	 * @param tolerance the least relative change that counts as a regression
	 * @return whether the baseline comparison found a significant regression
	 */
	static boolean check(Path results, String scenario, Instant started, List<AssertionOutcome> outcomes, Path junit,
			Path baseline, double tolerance, PrintWriter out) {
		GateResult result = GateResult.of(scenario, outcomes).timed(started, Duration.between(started, Instant.now()));
		if (baseline != null) {
			Comparison comparison = Baseline.compare(RunResults.read(baseline), RunResults.read(results), tolerance);
			comparison.notCompared().forEach((item) -> out.println("baseline: " + item.describe()));
			comparison.regressions().forEach((change) -> out.println("regression: " + change.describe()));
			if (!comparison.hasRegressions()) {
				out.println("baseline: no significant regression against " + baseline + " (tolerance "
						+ Math.round(tolerance * 100) + "%)");
			}
			result = result.withBaseline(comparison);
		}
		if (junit != null) {
			JunitXml.write(junit, result);
			out.println("junit: " + junit);
		}
		return result.baseline().map(Comparison::hasRegressions).orElse(false);
	}

}

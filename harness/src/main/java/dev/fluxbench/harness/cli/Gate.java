package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import dev.fluxbench.harness.results.AssertionOutcome;

/** The CI gate after a run: JUnit XML for the CI server, and the comparison with a baseline. */
final class Gate {

	private Gate() {
	}

	/** Writes what was asked for; true when the baseline comparison found a significant regression. */
	static boolean check(Path results, List<AssertionOutcome> outcomes, Path junit, Path baseline, double tolerance,
			PrintWriter out) {
		if (junit != null || baseline != null) {
			throw new UsageException("--junit and --baseline arrive with the gate package");
		}
		return false;
	}

}

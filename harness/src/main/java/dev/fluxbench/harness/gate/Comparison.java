package dev.fluxbench.harness.gate;

import java.util.List;

/**
 * A run compared with its baseline: every figure that both runs have, and what one of
 * them lacks.
 *
 * @param tolerance the relative change a significant difference must exceed to count, as
 * 0.10
 * @param changes every comparison made, by target, load, label and aspect
 * @param notCompared what only one of the runs has
 */
public record Comparison(double tolerance, List<Change> changes, List<NotCompared> notCompared) {

	public Comparison {
		changes = List.copyOf(changes);
		notCompared = List.copyOf(notCompared);
	}

	/** The changes that fail the gate. */
	public List<Change> regressions() {
		return this.changes.stream().filter(Change::isRegression).toList();
	}

	public boolean hasRegressions() {
		return this.changes.stream().anyMatch(Change::isRegression);
	}

}

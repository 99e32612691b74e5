package dev.fluxbench.harness.gate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.fluxbench.harness.results.AssertionOutcome;

/**
 * What the CI gate has to say about one run: the scenario's assertions and, when a
 * baseline was given, the comparison with it. It fails when an assertion failed in any
 * trial or a figure regressed; what was not compared never fails it.
 *
 * @param suiteName the test suite's name, the scenario's as a rule; it also goes into
 * every test case's class name
 * @param timestamp when the run started
 * @param time how long the run took
 * @param assertions every assertion checked, one per assertion, target, load and trial
 * @param baseline the comparison with the baseline, when there was one
 */
public record GateResult(String suiteName, Instant timestamp, Duration time, List<AssertionOutcome> assertions,
		Optional<Comparison> baseline) {

	public GateResult {
		Objects.requireNonNull(suiteName, "suiteName");
		Objects.requireNonNull(timestamp, "timestamp");
		Objects.requireNonNull(time, "time");
		assertions = List.copyOf(assertions);
		Objects.requireNonNull(baseline, "baseline");
	}

	/** The assertions of a run that starts now and took no time, with no baseline. */
	public static GateResult of(String suiteName, List<AssertionOutcome> assertions) {
		return new GateResult(suiteName, Instant.now(), Duration.ZERO, assertions, Optional.empty());
	}

	public GateResult withBaseline(Comparison comparison) {
		return new GateResult(this.suiteName, this.timestamp, this.time, this.assertions, Optional.of(comparison));
	}

	/**
	 * When the run started and how long it took, for the suite's {@code timestamp} and
	 * {@code time}.
	 */
	public GateResult timed(Instant started, Duration took) {
		return new GateResult(this.suiteName, started, took, this.assertions, this.baseline);
	}

	/**
	 * Whether the build may go on: no assertion failed in any trial, and nothing
	 * regressed.
	 */
	public boolean passed() {
		return this.assertions.stream().allMatch(AssertionOutcome::passed)
				&& this.baseline.map((comparison) -> !comparison.hasRegressions()).orElse(true);
	}

}

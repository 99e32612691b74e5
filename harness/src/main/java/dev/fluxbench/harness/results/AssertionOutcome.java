package dev.fluxbench.harness.results;

/**
 * One assertion of a scenario checked against one load of one target in one trial: what a
 * CI gate reports, one test case per assertion, target and load.
 *
 * @param assertion the assertion as the scenario file states it, as {@code p95 < 300 ms}
 * @param label the step label it applies to, or {@link Summary#ALL} for every request
 * together
 * @param target the target (or built-in stack) id
 * @param load the load level: users, or requests per second in the open model
 * @param trial the 1-based trial
 * @param passed whether the figures held
 * @param detail the measured figure, or the violation in words
 */
public record AssertionOutcome(String assertion, String label, String target, int load, int trial, boolean passed,
		String detail) {

}

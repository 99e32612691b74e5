package dev.fluxbench.harness.gate;

import java.util.Optional;

/**
 * Something one run has and the other lacks, so that it could not be compared: a target,
 * a load level or a step label. It is reported, never a failure, because a pipeline that
 * adds a target or a step must not fail its first build for want of a baseline.
 *
 * @param target the target (or stack) id
 * @param load the load level, when only it is missing
 * @param label the step label, when only it is missing
 * @param reason why, in words
 */
public record NotCompared(String target, Optional<Integer> load, Optional<String> label, String reason) {

	static NotCompared target(String target, String reason) {
		return new NotCompared(target, Optional.empty(), Optional.empty(), reason);
	}

	static NotCompared load(String target, int load, String reason) {
		return new NotCompared(target, Optional.of(load), Optional.empty(), reason);
	}

	static NotCompared label(String target, int load, String label, String reason) {
		return new NotCompared(target, Optional.of(load), Optional.of(label), reason);
	}

	/** One line for a build log: {@code app2: not compared: not in the baseline}. */
	public String describe() {
		return this.target + this.load.map((load) -> ", load " + load).orElse("")
				+ this.label.map(Labels::suffix).orElse("") + ": not compared: " + this.reason;
	}

}

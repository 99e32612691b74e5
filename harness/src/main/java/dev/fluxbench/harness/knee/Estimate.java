package dev.fluxbench.harness.knee;

import java.util.List;
import java.util.Optional;

import org.hipparchus.distribution.continuous.TDistribution;

/**
 * A target's knee over its trials: the mean of the trials' knees and, with two trials or
 * more, its Student's t 95% confidence interval, mean ± t(0.975, n − 1) · s / √n. A
 * handful of trials is what a knee search affords, and t accounts for how little that is;
 * a bootstrap would need more. No rate is below 0: an interval that reaches below it, as
 * two trials that disagree give, is cut at 0.
 *
 * @param mean the mean knee
 * @param low the interval's lower end, when there are two knees or more
 * @param high its upper end
 * @param trials how many knees it is over
 */
record Estimate(double mean, Optional<Double> low, Optional<Double> high, int trials) {

	static final double CONFIDENCE = 0.95;

	static Optional<Estimate> of(List<Integer> knees) {
		if (knees.isEmpty()) {
			return Optional.empty();
		}
		int n = knees.size();
		double mean = knees.stream().mapToDouble(Integer::doubleValue).average().orElseThrow();
		if (n < 2) {
			return Optional.of(new Estimate(mean, Optional.empty(), Optional.empty(), n));
		}
		double squares = knees.stream().mapToDouble((knee) -> (knee - mean) * (knee - mean)).sum();
		double deviation = Math.sqrt(squares / (n - 1));
		double t = new TDistribution(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
		double half = t * deviation / Math.sqrt(n);
		return Optional.of(new Estimate(mean, Optional.of(Math.max(0, mean - half)), Optional.of(mean + half), n));
	}

}

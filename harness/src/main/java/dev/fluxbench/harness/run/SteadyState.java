package dev.fluxbench.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.OptionalDouble;

import dev.fluxbench.harness.results.Warmup;

/**
 * Judges a warming target once a second against {@link Steadiness}: fed cumulative counts
 * (samples answered, seconds compiled, seconds of the app's CPU), it keeps the last
 * window of them and says whether the target is steady over it. Counts that go backwards,
 * as a restarted target's would, start the window afresh.
 */
final class SteadyState {

	private final Steadiness criteria;

	/** The observations of the last window, oldest first, one more than its seconds. */
	private final Deque<Observation> window = new ArrayDeque<>();

	SteadyState(Steadiness criteria) {
		this.criteria = criteria;
	}

	void observe(Observation observation) {
		Observation last = this.window.peekLast();
		if (last != null && (observation.samples() < last.samples()
				|| decreased(last.compileSeconds(), observation.compileSeconds())
				|| decreased(last.cpuSeconds(), observation.cpuSeconds()))) {
			this.window.clear();
		}
		this.window.addLast(observation);
		// The first observation kept is the last one a full window before this one.
		Instant start = observation.at().minus(this.criteria.window());
		while (this.window.size() > 2 && !secondOf(this.window).at().isAfter(start)) {
			this.window.removeFirst();
		}
	}

	private static Observation secondOf(Deque<Observation> observations) {
		return observations.stream().skip(1).findFirst().orElseThrow();
	}

	/** The judgement of the last window, empty until one window has been seen. */
	Optional<Judgement> judgement() {
		if (this.window.size() < 2) {
			return Optional.empty();
		}
		Observation first = this.window.peekFirst();
		Observation last = this.window.peekLast();
		if (Duration.between(first.at(), last.at()).compareTo(this.criteria.window()) < 0) {
			return Optional.empty();
		}
		double spread = spread();
		OptionalDouble share = compileShare(first, last);
		boolean steady = spread <= this.criteria.maxSpread()
				&& (share.isEmpty() || share.getAsDouble() <= this.criteria.maxCompileShare());
		double seconds = Duration.between(first.at(), last.at()).toNanos() / 1e9;
		return Optional.of(new Judgement(steady, spread, share, (last.samples() - first.samples()) / seconds));
	}

	/**
	 * The coefficient of variation of the throughput between consecutive observations; a
	 * window with no sample at all is as unsteady as can be.
	 */
	private double spread() {
		Observation[] all = this.window.toArray(Observation[]::new);
		double[] rates = new double[all.length - 1];
		for (int i = 1; i < all.length; i++) {
			double seconds = Duration.between(all[i - 1].at(), all[i].at()).toNanos() / 1e9;
			rates[i - 1] = (seconds > 0) ? (all[i].samples() - all[i - 1].samples()) / seconds : 0;
		}
		double mean = 0;
		for (double rate : rates) {
			mean += rate / rates.length;
		}
		if (mean <= 0) {
			return Double.POSITIVE_INFINITY;
		}
		double variance = 0;
		for (double rate : rates) {
			variance += (rate - mean) * (rate - mean) / rates.length;
		}
		return Math.sqrt(variance) / mean;
	}

	private static OptionalDouble compileShare(Observation first, Observation last) {
		if (first.compileSeconds().isEmpty() || last.compileSeconds().isEmpty() || first.cpuSeconds().isEmpty()
				|| last.cpuSeconds().isEmpty()) {
			return OptionalDouble.empty();
		}
		double cpu = last.cpuSeconds().getAsDouble() - first.cpuSeconds().getAsDouble();
		double compiled = last.compileSeconds().getAsDouble() - first.compileSeconds().getAsDouble();
		double seconds = Duration.between(first.at(), last.at()).toNanos() / 1e9;
		return OptionalDouble.of(Warmup.jitShare(compiled, cpu, seconds));
	}

	private static boolean decreased(OptionalDouble before, OptionalDouble after) {
		return before.isPresent() && after.isPresent() && after.getAsDouble() < before.getAsDouble();
	}

	/**
	 * What was seen at one instant.
	 *
	 * @param samples samples answered since the warm-up began
	 * @param compileSeconds the app's JIT compilation time so far, when it exposes it
	 * @param cpuSeconds the app's CPU time so far, when known
	 */
	record Observation(Instant at, long samples, OptionalDouble compileSeconds, OptionalDouble cpuSeconds) {
	}

	/**
	 * How the last full window looked, once there is one.
	 *
	 * @param throughput the samples answered per second over it
	 */
	record Judgement(boolean steady, double spread, OptionalDouble compileShare, double throughput) {
	}

}

package dev.fluxbench.harness.scenario;

import java.time.Duration;

/**
 * When a virtual user stops: after a number of iterations (the seeds' closed model) or
 * after a time.
 */
public sealed interface Termination {

	/**
	 * Each user runs the requests this many times, then ends; the load ends with the last
	 * user.
	 */
	record Iterations(int count) implements Termination {

		public Iterations {
			if (count < 1) {
				throw new IllegalArgumentException("iterations must be at least 1: " + count);
			}
		}

		@Override
		public String toString() {
			return this.count + " iteration" + ((this.count == 1) ? "" : "s") + " each";
		}

	}

	/** Users keep iterating until the load has been held this long after the ramp-up. */
	record Hold(Duration duration) implements Termination {

		public Hold {
			if (duration.isNegative() || duration.isZero()) {
				throw new IllegalArgumentException("hold must be positive: " + duration);
			}
		}

		/** In run.json's words; its readers tell a held level by the first one. */
		@Override
		public String toString() {
			return "held " + this.duration.toSeconds() + " s";
		}

	}

}

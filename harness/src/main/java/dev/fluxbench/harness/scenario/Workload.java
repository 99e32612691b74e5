package dev.fluxbench.harness.scenario;

import java.time.Duration;
import java.util.List;

/**
 * How hard the users push, level after level: each level is measured on its own, and
 * every result file is keyed by its load.
 */
public sealed interface Workload {

	List<Level> levels();

	/**
	 * What a load means: users in the closed model, requests per second in the open one.
	 */
	String unit();

	/**
	 * One load level.
	 *
	 * @param load concurrent users, or target requests per second
	 * @param rampUp how long it takes to reach the load
	 * @param termination when each user, or the level, ends
	 */
	record Level(int load, Duration rampUp, Termination termination) {

		public Level {
			if (load < 1) {
				throw new IllegalArgumentException("Every load must be at least 1: " + load);
			}
			if (rampUp.isNegative()) {
				throw new IllegalArgumentException("rampUp must not be negative: " + rampUp);
			}
		}

		/** A rough estimate of the level's length, for the status line's "remaining". */
		public Duration estimatedLength(Duration perIteration) {
			return switch (this.termination) {
				case Termination.Hold(Duration hold) -> this.rampUp.plus(hold);
				case Termination.Iterations(int count) -> this.rampUp.plus(perIteration.multipliedBy(count));
			};
		}

	}

	/**
	 * A fixed number of users, each running the journey again and again: a slow server
	 * gets fewer requests, as the seeds' JMeter and Gatling runs did.
	 *
	 * @param thinkTime the pause before each request
	 */
	record Closed(List<Level> levels, Step.Pause thinkTime) implements Workload {

		public Closed {
			levels = List.copyOf(levels);
			if (levels.isEmpty()) {
				throw new IllegalArgumentException("A workload has at least one level");
			}
		}

		@Override
		public String unit() {
			return "users";
		}

	}

	/**
	 * Requests started at a rate whatever the server's response time, by up to
	 * {@code maxThreads} generator threads, so a slow server faces a growing queue as
	 * real clients would make.
	 */
	record Open(List<Level> levels, int maxThreads) implements Workload {

		public Open {
			levels = List.copyOf(levels);
			if (levels.isEmpty()) {
				throw new IllegalArgumentException("A workload has at least one level");
			}
			if (levels.stream().anyMatch((level) -> !(level.termination() instanceof Termination.Hold))) {
				throw new IllegalArgumentException("An open-model stage is held for a time");
			}
			if (maxThreads < 1) {
				throw new IllegalArgumentException("maxThreads must be at least 1: " + maxThreads);
			}
		}

		@Override
		public String unit() {
			return "requests/s";
		}

	}

}

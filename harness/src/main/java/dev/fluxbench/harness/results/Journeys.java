package dev.fluxbench.harness.results;

/**
 * How the users' journeys through one load level ended, counted in the generator as they
 * ran. A user stopped by a failed {@code stopOnFailure} request does not come back: the
 * rest of the level runs with fewer users, a lighter load, and better-looking times. Seed
 * 002 warns of exactly this ("if there are some errors, there are fewer users requesting
 * the server"), so a report must say how many users finished before it compares times.
 *
 * @param started journeys begun: a user started an iteration of the journey
 * @param completed journeys that went past their last step
 * @param stopped journeys ended by a failed request marked {@code stopOnFailure}
 * @param unfinished neither: under way when a held level's time ran out (up to one per
 * user, and harmless), or ended by the generator itself
 */
public record Journeys(long started, long completed, long stopped, long unfinished) {

	public Journeys {
		if (started < 0 || completed < 0 || stopped < 0 || unfinished < 0) {
			throw new IllegalArgumentException("journey counts are never negative");
		}
	}

	/**
	 * The counts once every user is done: whatever neither completed nor was stopped is
	 * unfinished.
	 */
	public static Journeys of(long started, long completed, long stopped) {
		return new Journeys(started, completed, stopped, Math.max(0, started - completed - stopped));
	}

	/**
	 * Journeys whose user left the load before it ended, making it lighter for the
	 * others. A journey under way when a held level's time ran out left nobody's load
	 * lighter; in a level that ends with its users' iterations, any journey that did not
	 * complete did.
	 * @param held whether the level ran for a time rather than for a number of iterations
	 */
	public long lost(boolean held) {
		return this.stopped + (held ? 0 : this.unfinished);
	}

	public Journeys plus(Journeys other) {
		return new Journeys(this.started + other.started, this.completed + other.completed,
				this.stopped + other.stopped, this.unfinished + other.unfinished);
	}

}

package dev.fluxbench.app.concert;

/**
 * How a stack reads a whole concert ({@code fluxbench.concerts.fetch}): the choice seed
 * 001 says a team leaving JPA's relations must make.
 */
public enum ConcertFetch {

	/**
	 * Everything at once: mvc fetches the relations with an entity graph, webflux runs
	 * one SQL join and assembles the tree from its rows.
	 */
	JOIN,

	/**
	 * A query per relation, as teams write it first: mvc touches JPA's lazy relations one
	 * by one (the N+1 selects of the default mapping), webflux subscribes a publisher per
	 * relation, at most {@code fluxbench.concerts.concurrency} listings at a time.
	 */
	PER_RELATION;

	/** What the stack's name gets for it: nothing for the default. */
	public String stackSuffix() {
		return (this == JOIN) ? "" : "-per-relation";
	}

}

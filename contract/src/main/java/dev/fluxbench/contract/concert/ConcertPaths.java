package dev.fluxbench.contract.concert;

/**
 * Seed 001's concert model over HTTP: a concert has listings, a listing has an artist, a
 * reference music and musics, and listings and musics are shared.
 */
public final class ConcertPaths {

	public static final String CONCERTS = "/concerts/data/concerts";

	public static final String LISTINGS = "/concerts/data/listings";

	public static final String MUSICS = "/concerts/data/musics";

	/**
	 * Listings a concert request may name or create, and musics a listing request may
	 * name: a request stays one short transaction.
	 */
	public static final int MAX_RELATED = 50;

	private ConcertPaths() {
	}

}

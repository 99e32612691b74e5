package dev.fluxbench.contract.artist;

/**
 * Paging of {@code GET /concerts/data/artists}. A page, not the whole table: a benchmark
 * whose POSTs grow the table would otherwise compare payloads of different sizes.
 */
public final class ArtistPaths {

	public static final String ARTISTS = "/concerts/data/artists";

	public static final int DEFAULT_PAGE_SIZE = 50;

	public static final int MAX_PAGE_SIZE = 1000;

	private ArtistPaths() {
	}

}

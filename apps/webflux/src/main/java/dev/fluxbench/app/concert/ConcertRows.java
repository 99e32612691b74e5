package dev.fluxbench.app.concert;

import java.util.Comparator;
import java.util.List;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.Gender;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.MusicDto;
import io.r2dbc.spi.Readable;

/**
 * Rows read by position, as ArtistPagesImpl reads artists: Spring Data's row mapping
 * costs several times the CPU of the query, and would weigh on both ways of reading.
 */
final class ConcertRows {

	/** The artist's columns, in {@link #artist}'s order. */
	static final String ARTIST_COLUMNS = "a.id, a.name, a.gender, a.career_start, a.birth_date, a.birth_city, a.country, a.keywords";

	private ConcertRows() {
	}

	/**
	 * The artist in the eight columns from {@code at}; null where a left join found none.
	 */
	static ArtistDto artist(Readable row, int at) {
		Long id = row.get(at, Long.class);
		if (id == null) {
			return null;
		}
		return new ArtistDto(id, row.get(at + 1, String.class), Gender.valueOf(row.get(at + 2, String.class)),
				row.get(at + 3, Long.class), row.get(at + 4, String.class), row.get(at + 5, String.class),
				row.get(at + 6, String.class), row.get(at + 7, String.class));
	}

	/**
	 * The music in the three columns from {@code at}; null where a left join found none.
	 */
	static MusicDto music(Readable row, int at) {
		Long id = row.get(at, Long.class);
		if (id == null) {
			return null;
		}
		return new MusicDto(id, row.get(at + 1, String.class), row.get(at + 2, String.class));
	}

	/** The listing with its musics in id order, as mvc's entities give it. */
	static ListingDto listing(long id, ArtistDto artist, MusicDto referenceMusic, List<MusicDto> musics) {
		return new ListingDto(id, artist, referenceMusic,
				musics.stream().sorted(Comparator.comparingLong(MusicDto::id)).toList());
	}

	static List<ListingDto> inIdOrder(List<ListingDto> listings) {
		return listings.stream().sorted(Comparator.comparingLong(ListingDto::id)).toList();
	}

}

package dev.fluxbench.app.concert;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.MusicDto;
import io.r2dbc.spi.Readable;
import reactor.core.publisher.Mono;

import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The join variant: a whole concert in one SQL statement, a row per listing and music,
 * folded into the tree on the way out. What JPA's entity graph does in mvc, written by
 * hand: R2DBC has no relations.
 */
class ConcertJoin {

	private static final String LISTING_COLUMNS = "l.id, " + ConcertRows.ARTIST_COLUMNS
			+ ", r.id, r.name, r.lyrics, m.id, m.name, m.lyrics";

	private static final String LISTING_JOINS = """
			left join artist a on a.id = l.artist_id
			left join music r on r.id = l.reference_music_id
			left join listing_music lm on lm.listing_id = l.id
			left join music m on m.id = lm.music_id
			""";

	private static final String CONCERT = "select c.id, c.name, c.location, c.concert_date, " + LISTING_COLUMNS + """

			from concert c
			left join concert_listing cl on cl.concert_id = c.id
			left join listing l on l.id = cl.listing_id
			""" + LISTING_JOINS + "where c.id = :id order by l.id, m.id";

	private static final String LISTING = "select " + LISTING_COLUMNS + " from listing l\n" + LISTING_JOINS
			+ "where l.id = :id order by m.id";

	/** Where the listing's columns start in a row of {@link #CONCERT}. */
	private static final int AFTER_CONCERT = 4;

	private final DatabaseClient database;

	ConcertJoin(DatabaseClient database) {
		this.database = database;
	}

	Mono<ConcertDto> concert(long id) {
		return this.database.sql(CONCERT)
			.bind("id", id)
			.map((row) -> new ConcertRow(concert(row), part(row, AFTER_CONCERT)))
			.all()
			.collectList()
			.filter((rows) -> !rows.isEmpty())
			.map((rows) -> rows.getFirst().concert().toDto(assemble(rows.stream().map(ConcertRow::listing).toList())));
	}

	Mono<ListingDto> listing(long id) {
		return this.database.sql(LISTING)
			.bind("id", id)
			.map((row) -> part(row, 0))
			.all()
			.collectList()
			.filter((rows) -> !rows.isEmpty())
			.map((rows) -> assemble(rows).getFirst());
	}

	private static Concert concert(Readable row) {
		return new Concert(row.get(0, Long.class), row.get(1, String.class), row.get(2, String.class),
				row.get(3, LocalDate.class));
	}

	private static ListingPart part(Readable row, int at) {
		return new ListingPart(row.get(at, Long.class), ConcertRows.artist(row, at + 1), ConcertRows.music(row, at + 9),
				ConcertRows.music(row, at + 12));
	}

	/**
	 * One listing per listing id, its musics gathered from its rows. A concert without
	 * listings is one row without a listing; a listing without musics, one without a
	 * music.
	 */
	private static List<ListingDto> assemble(List<ListingPart> parts) {
		Map<Long, ListingPart> first = new LinkedHashMap<>();
		Map<Long, List<MusicDto>> musics = new LinkedHashMap<>();
		for (ListingPart part : parts) {
			if (part.id() == null) {
				continue;
			}
			first.putIfAbsent(part.id(), part);
			List<MusicDto> played = musics.computeIfAbsent(part.id(), (id) -> new ArrayList<>());
			if (part.music() != null) {
				played.add(part.music());
			}
		}
		return ConcertRows.inIdOrder(first.values()
			.stream()
			.map((part) -> ConcertRows.listing(part.id(), part.artist(), part.referenceMusic(), musics.get(part.id())))
			.toList());
	}

	private record ConcertRow(Concert concert, ListingPart listing) {

	}

	/** A row's listing columns, and the one music of the row. */
	private record ListingPart(Long id, ArtistDto artist, MusicDto referenceMusic, MusicDto music) {

	}

}

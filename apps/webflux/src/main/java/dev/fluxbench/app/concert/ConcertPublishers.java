package dev.fluxbench.app.concert;

import java.time.LocalDate;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.MusicDto;
import io.r2dbc.spi.Readable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.concurrent.Queues;

import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The per-relation variant, seed 001's "complex publisher structure": a query per
 * relation, each its own publisher. A concert's listings are read {@code concurrency} at
 * a time, and each listing's artist, reference music and musics in parallel, each on a
 * connection of its own; {@code flatMapSequential} keeps the listings in order. When one
 * query fails, the others run to their end before the error is passed on: cancelled
 * mid-query, they could leave pooled connections stuck (docs/limits.md).
 */
class ConcertPublishers {

	private static final String CONCERT = "select id, name, location, concert_date from concert where id = :id";

	private static final String LISTINGS_OF_CONCERT = """
			select l.id, l.artist_id, l.reference_music_id from listing l
			join concert_listing cl on cl.listing_id = l.id
			where cl.concert_id = :id order by l.id""";

	private static final String LISTING = "select id, artist_id, reference_music_id from listing where id = :id";

	private static final String ARTIST = "select " + ConcertRows.ARTIST_COLUMNS + " from artist a where a.id = :id";

	private static final String MUSIC = "select id, name, lyrics from music where id = :id";

	private static final String MUSICS_OF_LISTING = """
			select m.id, m.name, m.lyrics from music m
			join listing_music lm on lm.music_id = m.id
			where lm.listing_id = :id order by m.id""";

	private final DatabaseClient database;

	private final int concurrency;

	ConcertPublishers(DatabaseClient database, int concurrency) {
		this.database = database;
		this.concurrency = concurrency;
	}

	Mono<ConcertDto> concert(long id) {
		return this.database.sql(CONCERT)
			.bind("id", id)
			.map((row) -> new Concert(row.get(0, Long.class), row.get(1, String.class), row.get(2, String.class),
					row.get(3, LocalDate.class)))
			.one()
			.flatMap((concert) -> listings(id)
				.flatMapSequentialDelayError(this::listing, this.concurrency, Queues.XS_BUFFER_SIZE)
				.collectList()
				.map((listings) -> concert.toDto(ConcertRows.inIdOrder(listings))));
	}

	Mono<ListingDto> listing(long id) {
		return this.database.sql(LISTING)
			.bind("id", id)
			.map(ConcertPublishers::listingRow)
			.one()
			.flatMap(this::listing);
	}

	private Flux<Listing> listings(long concertId) {
		return this.database.sql(LISTINGS_OF_CONCERT).bind("id", concertId).map(ConcertPublishers::listingRow).all();
	}

	private Mono<ListingDto> listing(Listing listing) {
		return Mono
			.zipDelayError(artist(listing.artistId()), music(listing.referenceMusicId()),
					musics(listing.id()).collectList())
			.map((relations) -> ConcertRows.listing(listing.id(), relations.getT1(), relations.getT2(),
					relations.getT3()));
	}

	private Mono<ArtistDto> artist(long id) {
		return this.database.sql(ARTIST).bind("id", id).map((row) -> ConcertRows.artist(row, 0)).one();
	}

	private Mono<MusicDto> music(long id) {
		return this.database.sql(MUSIC).bind("id", id).map((row) -> ConcertRows.music(row, 0)).one();
	}

	private Flux<MusicDto> musics(long listingId) {
		return this.database.sql(MUSICS_OF_LISTING).bind("id", listingId).map((row) -> ConcertRows.music(row, 0)).all();
	}

	private static Listing listingRow(Readable row) {
		return new Listing(row.get(0, Long.class), row.get(1, Long.class), row.get(2, Long.class));
	}

}

package dev.fluxbench.app.concert;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

import dev.fluxbench.app.artist.ArtistNotFoundException;
import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertRequest;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.ListingRequest;
import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.MusicRequest;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Seed 001's concerts, listings and musics. A concert is written with its listings in one
 * transaction: an unknown artist, music or listing anywhere in the request rolls back the
 * concert already inserted.
 */
@Service
class ConcertService {

	private final ConcertRepository concerts;

	private final ListingRepository listings;

	private final MusicRepository musics;

	private final DatabaseClient database;

	private final TransactionalOperator transactions;

	private final ConcertFetch fetch;

	private final ConcertJoin join;

	private final ConcertPublishers publishers;

	ConcertService(ConcertRepository concerts, ListingRepository listings, MusicRepository musics,
			DatabaseClient database, TransactionalOperator transactions, ConcertProperties properties) {
		this.concerts = concerts;
		this.listings = listings;
		this.musics = musics;
		this.database = database;
		this.transactions = transactions;
		this.fetch = properties.fetch();
		this.join = new ConcertJoin(database);
		this.publishers = new ConcertPublishers(database, properties.concurrency());
	}

	Mono<ConcertDto> concert(long id) {
		Mono<ConcertDto> concert = (this.fetch == ConcertFetch.JOIN) ? this.join.concert(id)
				: this.publishers.concert(id);
		return concert.switchIfEmpty(Mono.error(() -> new ConcertNotFoundException(id)));
	}

	Mono<ListingDto> listing(long id) {
		Mono<ListingDto> listing = (this.fetch == ConcertFetch.JOIN) ? this.join.listing(id)
				: this.publishers.listing(id);
		return listing.switchIfEmpty(Mono.error(() -> new ListingNotFoundException(id)));
	}

	Mono<MusicDto> music(long id) {
		return this.musics.findById(id)
			.map(Music::toDto)
			.switchIfEmpty(Mono.error(() -> new MusicNotFoundException(id)));
	}

	Mono<MusicDto> create(MusicRequest request) {
		return this.musics.save(Music.from(request)).map(Music::toDto);
	}

	/** The new listing's id. */
	Mono<Long> create(ListingRequest request) {
		return newListing(request).as(this.transactions::transactional);
	}

	/** The new concert's id. */
	Mono<Long> create(ConcertRequest request) {
		// Inserted first, so that a bad reference further down really has a row to roll
		// back. One statement at a time: a transaction is one connection.
		return this.concerts.save(Concert.from(request))
			.flatMap((concert) -> Flux.fromIterable(new LinkedHashSet<>(request.listingIds()))
				.concatMap(this::existingListing)
				.concatWith(Flux.fromIterable(request.listings()).concatMap(this::newListing))
				.concatMap((listing) -> this.database
					.sql("insert into concert_listing (concert_id, listing_id) values (:concert, :listing)")
					.bind("concert", concert.id())
					.bind("listing", listing)
					.fetch()
					.rowsUpdated())
				.then(Mono.just(concert.id())))
			.as(this.transactions::transactional);
	}

	private Mono<Long> existingListing(long id) {
		return this.database.sql("select id from listing where id = :id")
			.bind("id", id)
			.map((row) -> row.get(0, Long.class))
			.one()
			.switchIfEmpty(Mono.error(() -> new ListingNotFoundException(id)));
	}

	private Mono<Long> newListing(ListingRequest request) {
		Set<Long> played = new LinkedHashSet<>(request.musicIds());
		Set<Long> referenced = new LinkedHashSet<>(played);
		referenced.add(request.referenceMusicId());
		Mono<Void> artistExists = this.database.sql("select id from artist where id = :id")
			.bind("id", request.artistId())
			.map((row) -> row.get(0, Long.class))
			.one()
			.switchIfEmpty(Mono.error(() -> new ArtistNotFoundException(request.artistId())))
			.then();
		Mono<Void> musicsExist = this.database.sql("select id from music where id in (:ids)")
			.bind("ids", referenced)
			.map((row) -> row.get(0, Long.class))
			.all()
			.collect(Collectors.toSet())
			.flatMap((found) -> referenced.stream()
				.filter((id) -> !found.contains(id))
				.findFirst()
				.map((missing) -> Mono.<Void>error(new MusicNotFoundException(missing)))
				.orElse(Mono.empty()));
		return artistExists.then(musicsExist)
			.then(this.listings.save(new Listing(null, request.artistId(), request.referenceMusicId())))
			.flatMap((listing) -> Flux.fromIterable(played)
				.concatMap((music) -> this.database
					.sql("insert into listing_music (listing_id, music_id) values (:listing, :music)")
					.bind("listing", listing.id())
					.bind("music", music)
					.fetch()
					.rowsUpdated())
				.then(Mono.just(listing.id())));
	}

}

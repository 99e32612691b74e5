package dev.fluxbench.app.concert;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.fluxbench.app.artist.Artist;
import dev.fluxbench.app.artist.ArtistNotFoundException;
import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertRequest;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.ListingRequest;
import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.MusicRequest;
import jakarta.persistence.EntityManager;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

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

	private final EntityManager entityManager;

	private final ConcertFetch fetch;

	ConcertService(ConcertRepository concerts, ListingRepository listings, MusicRepository musics,
			EntityManager entityManager, ConcertProperties properties) {
		this.concerts = concerts;
		this.listings = listings;
		this.musics = musics;
		this.entityManager = entityManager;
		this.fetch = properties.fetch();
	}

	// The DTO is built inside the transaction: the per-relation variant loads each
	// relation as the mapping touches it.
	@Transactional(readOnly = true)
	ConcertDto concert(long id) {
		var concert = (this.fetch == ConcertFetch.JOIN) ? this.concerts.findWholeById(id) : this.concerts.findById(id);
		return concert.map(Concert::toDto).orElseThrow(() -> new ConcertNotFoundException(id));
	}

	@Transactional(readOnly = true)
	ListingDto listing(long id) {
		var listing = (this.fetch == ConcertFetch.JOIN) ? this.listings.findWholeById(id) : this.listings.findById(id);
		return listing.map(Listing::toDto).orElseThrow(() -> new ListingNotFoundException(id));
	}

	@Transactional(readOnly = true)
	MusicDto music(long id) {
		return this.musics.findById(id).map(Music::toDto).orElseThrow(() -> new MusicNotFoundException(id));
	}

	@Transactional
	MusicDto create(MusicRequest request) {
		return this.musics.save(Music.from(request)).toDto();
	}

	/** The new listing's id. */
	@Transactional
	long create(ListingRequest request) {
		return newListing(request).getId();
	}

	/** The new concert's id. */
	@Transactional
	long create(ConcertRequest request) {
		// Inserted first (an identity id is taken at once), so that a bad reference
		// further down really has a row to roll back.
		Concert concert = this.concerts.save(Concert.from(request));
		for (long id : new LinkedHashSet<>(request.listingIds())) {
			concert.add(this.listings.findById(id).orElseThrow(() -> new ListingNotFoundException(id)));
		}
		for (ListingRequest listing : request.listings()) {
			concert.add(newListing(listing));
		}
		return concert.getId();
	}

	private Listing newListing(ListingRequest request) {
		Artist artist = this.entityManager.find(Artist.class, request.artistId());
		if (artist == null) {
			throw new ArtistNotFoundException(request.artistId());
		}
		Set<Long> ids = new LinkedHashSet<>(request.musicIds());
		ids.add(request.referenceMusicId());
		Map<Long, Music> found = this.musics.findAllById(ids)
			.stream()
			.collect(Collectors.toMap(Music::getId, Function.identity()));
		for (long id : ids) {
			if (!found.containsKey(id)) {
				throw new MusicNotFoundException(id);
			}
		}
		Set<Music> played = new LinkedHashSet<>();
		request.musicIds().forEach((id) -> played.add(found.get(id)));
		return this.listings.save(new Listing(artist, found.get(request.referenceMusicId()), played));
	}

}

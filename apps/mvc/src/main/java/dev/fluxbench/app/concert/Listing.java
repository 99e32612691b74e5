package dev.fluxbench.app.concert;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;

import dev.fluxbench.app.artist.Artist;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.MusicDto;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedAttributeNode;
import jakarta.persistence.NamedEntityGraph;
import jakarta.persistence.Table;

/**
 * Seed 001's listing. Every relation is lazy, so that the per-relation variant pays a
 * select per relation it touches (JPA's default for a to-one is eager, which would hide
 * those selects in the listings' own query); the join variant names them in an entity
 * graph instead.
 */
@Entity
@Table(name = "listing")
@NamedEntityGraph(name = Listing.WHOLE, attributeNodes = { @NamedAttributeNode("artist"),
		@NamedAttributeNode("referenceMusic"), @NamedAttributeNode("musics") })
class Listing {

	static final String WHOLE = "Listing.whole";

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	@JoinColumn(name = "artist_id")
	private Artist artist;

	@ManyToOne(fetch = FetchType.LAZY, optional = false)
	@JoinColumn(name = "reference_music_id")
	private Music referenceMusic;

	// A set: two fetched bags in one query are refused by Hibernate, and listing_music
	// holds a music once per listing anyway.
	@ManyToMany
	@JoinTable(name = "listing_music", joinColumns = @JoinColumn(name = "listing_id"),
			inverseJoinColumns = @JoinColumn(name = "music_id"))
	private Set<Music> musics = new LinkedHashSet<>();

	protected Listing() {
	}

	Listing(Artist artist, Music referenceMusic, Set<Music> musics) {
		this.artist = artist;
		this.referenceMusic = referenceMusic;
		this.musics = musics;
	}

	Long getId() {
		return this.id;
	}

	// In id order whatever order the database returned the rows in: every stack answers
	// the same bytes.
	ListingDto toDto() {
		return new ListingDto(this.id, this.artist.toDto(), this.referenceMusic.toDto(),
				this.musics.stream().map(Music::toDto).sorted(Comparator.comparingLong(MusicDto::id)).toList());
	}

}

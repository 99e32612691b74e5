package dev.fluxbench.app.concert;

import java.time.LocalDate;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;

import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertRequest;
import dev.fluxbench.contract.concert.ListingDto;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.NamedAttributeNode;
import jakarta.persistence.NamedEntityGraph;
import jakarta.persistence.NamedSubgraph;
import jakarta.persistence.Table;

/**
 * Seed 001's concert, mapped as the seed maps it: many-to-many to its listings. The
 * entity graph fetches a whole concert in one select, listings, artists, musics and all.
 */
@Entity
@Table(name = "concert")
@NamedEntityGraph(name = Concert.WHOLE, attributeNodes = @NamedAttributeNode(value = "listings", subgraph = "listing"),
		subgraphs = @NamedSubgraph(name = "listing", attributeNodes = { @NamedAttributeNode("artist"),
				@NamedAttributeNode("referenceMusic"), @NamedAttributeNode("musics") }))
class Concert {

	static final String WHOLE = "Concert.whole";

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	private String name;

	private String location;

	@Column(name = "concert_date")
	private LocalDate date;

	@ManyToMany
	@JoinTable(name = "concert_listing", joinColumns = @JoinColumn(name = "concert_id"),
			inverseJoinColumns = @JoinColumn(name = "listing_id"))
	private Set<Listing> listings = new LinkedHashSet<>();

	protected Concert() {
	}

	static Concert from(ConcertRequest request) {
		Concert concert = new Concert();
		concert.name = request.name();
		concert.location = request.location();
		concert.date = request.date();
		return concert;
	}

	Long getId() {
		return this.id;
	}

	void add(Listing listing) {
		this.listings.add(listing);
	}

	ConcertDto toDto() {
		return new ConcertDto(this.id, this.name, this.location, this.date,
				this.listings.stream().map(Listing::toDto).sorted(Comparator.comparingLong(ListingDto::id)).toList());
	}

}

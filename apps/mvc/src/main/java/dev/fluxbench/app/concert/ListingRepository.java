package dev.fluxbench.app.concert;

import java.util.Optional;

import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.repository.Repository;

interface ListingRepository extends Repository<Listing, Long> {

	@EntityGraph(Listing.WHOLE)
	Optional<Listing> findWholeById(Long id);

	Optional<Listing> findById(Long id);

	Listing save(Listing listing);

}

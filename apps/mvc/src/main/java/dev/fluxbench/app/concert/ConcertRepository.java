package dev.fluxbench.app.concert;

import java.util.Optional;

import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.repository.Repository;

interface ConcertRepository extends Repository<Concert, Long> {

	/** The join variant: one select, with every relation of {@link Concert#WHOLE}. */
	@EntityGraph(Concert.WHOLE)
	Optional<Concert> findWholeById(Long id);

	/** The per-relation variant: the concert alone, its relations loaded as touched. */
	Optional<Concert> findById(Long id);

	Concert save(Concert concert);

}

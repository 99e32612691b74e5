package dev.fluxbench.app.artist;

import java.util.List;
import java.util.Optional;

import org.springframework.data.domain.Pageable;
import org.springframework.data.repository.Repository;
import org.springframework.transaction.annotation.Transactional;

interface ArtistRepository extends Repository<Artist, Long> {

	// Read-only lets Hibernate skip dirty-checking snapshots of the 50 rows it loads per
	// request.
	@Transactional(readOnly = true)
	List<Artist> findAllBy(Pageable pageable);

	@Transactional(readOnly = true)
	Optional<Artist> findById(Long id);

	@Transactional
	Artist save(Artist artist);

}

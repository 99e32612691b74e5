package dev.fluxbench.app.concert;

import java.util.List;
import java.util.Optional;

import org.springframework.data.repository.Repository;

interface MusicRepository extends Repository<Music, Long> {

	Optional<Music> findById(Long id);

	List<Music> findAllById(Iterable<Long> ids);

	Music save(Music music);

}

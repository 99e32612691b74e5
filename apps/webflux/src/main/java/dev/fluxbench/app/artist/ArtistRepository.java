package dev.fluxbench.app.artist;

import org.springframework.data.domain.Pageable;
import org.springframework.data.repository.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

interface ArtistRepository extends Repository<Artist, Long> {

	Flux<Artist> findAllBy(Pageable pageable);

	Mono<Artist> findById(Long id);

	Mono<Artist> save(Artist artist);

}

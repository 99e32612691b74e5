package dev.fluxbench.app.artist;

import reactor.core.publisher.Mono;

import org.springframework.data.repository.Repository;

interface ArtistRepository extends Repository<Artist, Long>, ArtistPages {

	Mono<Artist> findById(Long id);

	Mono<Artist> save(Artist artist);

}

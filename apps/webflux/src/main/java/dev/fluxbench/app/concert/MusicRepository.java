package dev.fluxbench.app.concert;

import reactor.core.publisher.Mono;

import org.springframework.data.repository.Repository;

interface MusicRepository extends Repository<Music, Long> {

	Mono<Music> findById(Long id);

	Mono<Music> save(Music music);

}

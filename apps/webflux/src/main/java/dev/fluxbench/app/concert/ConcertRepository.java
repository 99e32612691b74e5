package dev.fluxbench.app.concert;

import reactor.core.publisher.Mono;

import org.springframework.data.repository.Repository;

interface ConcertRepository extends Repository<Concert, Long> {

	Mono<Concert> save(Concert concert);

}

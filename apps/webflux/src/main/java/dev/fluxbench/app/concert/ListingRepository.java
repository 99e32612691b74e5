package dev.fluxbench.app.concert;

import reactor.core.publisher.Mono;

import org.springframework.data.repository.Repository;

interface ListingRepository extends Repository<Listing, Long> {

	Mono<Listing> save(Listing listing);

}

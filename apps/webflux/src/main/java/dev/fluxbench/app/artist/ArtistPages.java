package dev.fluxbench.app.artist;

import reactor.core.publisher.Flux;

import org.springframework.data.domain.Pageable;

/**
 * The list query, kept apart so that it can map rows by hand (see
 * {@link ArtistPagesImpl}).
 */
interface ArtistPages {

	Flux<Artist> findAllBy(Pageable pageable);

}

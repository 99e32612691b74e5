package dev.fluxbench.app.concert;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How whole concerts are read.
 *
 * @param fetch join (the default) or per-relation (profile {@code per-relation})
 * @param concurrency webflux per-relation only: how many listings are read at once, each
 * with its three relations in parallel; mvc reads them one by one on the request's thread
 */
@ConfigurationProperties("fluxbench.concerts")
@Validated
public record ConcertProperties(@NotNull ConcertFetch fetch, @Min(1) @Max(64) int concurrency) {

}

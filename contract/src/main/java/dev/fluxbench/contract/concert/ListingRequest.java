package dev.fluxbench.contract.concert;

import java.util.List;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /concerts/data/listings}, and a new listing inside a concert
 * request. Every id must exist; a music named twice is played once.
 */
public record ListingRequest(@NotNull @Positive Long artistId, @NotNull @Positive Long referenceMusicId,
		@NotEmpty @Size(max = ConcertPaths.MAX_RELATED) List<@NotNull @Positive Long> musicIds) {

}

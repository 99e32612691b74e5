package dev.fluxbench.contract.artist;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /concerts/data/artists}, with seed 001's fields. The id is the
 * server's to choose, so it is not part of a request (an unknown property is rejected,
 * not ignored).
 */
public record ArtistRequest(@NotBlank @Size(max = 255) String name, @NotNull Gender gender,
		@NotNull @PositiveOrZero Long careerStart, @Size(max = 64) String birthDate, @Size(max = 255) String birthCity,
		@Size(max = 255) String country, @Size(max = 1000) String keywords) {

}

package dev.fluxbench.contract.concert;

import java.time.LocalDate;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /concerts/data/concerts}: the concert, the existing listings it
 * shares ({@code listingIds}) and the listings created with it ({@code listings}), all
 * written in one transaction. Either list may be left out.
 */
public record ConcertRequest(@NotBlank @Size(max = 255) String name, @NotBlank @Size(max = 255) String location,
		@NotNull LocalDate date, @Size(max = ConcertPaths.MAX_RELATED) List<@NotNull @Positive Long> listingIds,
		@Size(max = ConcertPaths.MAX_RELATED) List<@NotNull @Valid ListingRequest> listings) {

	public ConcertRequest {
		listingIds = (listingIds != null) ? listingIds : List.of();
		listings = (listings != null) ? listings : List.of();
	}

}

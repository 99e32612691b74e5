package dev.fluxbench.contract.unit;

import java.time.LocalDate;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/**
 * The body of {@code POST /api/ingestions}: ingest this partner's delta file of that day
 * now. Each stack also checks that the partner is one it is configured for and that the
 * day is not after today (UTC), since neither can be said with a constraint on the record
 * alone.
 */
public record IngestionRequest(@NotBlank String partner, @NotNull LocalDate day) {

}

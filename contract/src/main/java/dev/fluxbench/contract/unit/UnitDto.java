package dev.fluxbench.contract.unit;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A data unit from an external partner, as every stack stores and returns it.
 * {@code version} grows each time the partner changes the unit; a store never replaces a
 * unit with an older version.
 */
public record UnitDto(long id, String partner, String name, String category, BigDecimal amount, String currency,
		long version, Instant updatedAt) {

}

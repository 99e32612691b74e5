package dev.fluxbench.contract.operation;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /api/operations}, as seed 002 sends it: {@code {"id":null,
 * "date":"2020-01-01T00:00:00.000Z", "description":"SAMPLE_TEXT", "amount":"1"}}. The id
 * is the server's to choose, so it must be null or absent. The amount is a decimal, never
 * a double, and may come as a JSON number or a string.
 */
public record OperationRequest(@Null Long id, @NotNull Instant date, @NotBlank @Size(max = 255) String description,
		@NotNull @Digits(integer = 17, fraction = 2) BigDecimal amount) {

	/**
	 * This request as the database will hold it, so that a created operation answers with
	 * what a later GET reads: {@code "1"} becomes {@code 1.00} in a
	 * {@code numeric(19, 2)} column, and a timestamp keeps microseconds. Call it on a
	 * valid request: two decimals at most, so no amount is rounded.
	 */
	public OperationRequest asStored() {
		return new OperationRequest(this.id, this.date.truncatedTo(ChronoUnit.MICROS), this.description,
				this.amount.setScale(2, RoundingMode.UNNECESSARY));
	}

}

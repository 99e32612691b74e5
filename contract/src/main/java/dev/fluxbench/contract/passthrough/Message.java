package dev.fluxbench.contract.passthrough;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * The message of seed 004: the app forwards it and the downstream waits {@code delay} ms
 * before it acknowledges. The same record, with the same constraints, is checked by every
 * stack and by the downstream.
 */
public record Message(@NotBlank @Size(max = MAX_ID_LENGTH) String id,
		@NotNull @Size(max = MAX_PAYLOAD_LENGTH) String payload,
		@NotNull @PositiveOrZero @Max(MAX_DELAY_MILLIS) Long delay) {

	public static final int MAX_ID_LENGTH = 64;

	public static final int MAX_PAYLOAD_LENGTH = 65_536;

	/**
	 * A minute: longer than any client timeout we configure, short enough to stop by
	 * itself.
	 */
	public static final long MAX_DELAY_MILLIS = 60_000;

}

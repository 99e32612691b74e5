package dev.fluxbench.contract.fault;

import java.time.Duration;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/**
 * One phase of a {@link FaultSchedule}: how long it lasts, and the knobs that every
 * request without fault headers gets meanwhile. They are the three the {@code X-Fault-*}
 * headers set, with the same meaning, so a phase is what a test would otherwise send on
 * each request. A phase with no knob is healthy. A knob left out is null, as it is absent
 * from the JSON.
 *
 * @param hold how long the phase lasts
 * @param status the status failing requests get; without {@code rate}, every request
 * fails with it
 * @param rate the share of requests that fail (0.0 to 1.0), with {@code status} or else
 * 500
 * @param stall how long each request is held instead of the delay it asked for
 */
public record FaultPhase(@NotNull Duration hold, @Min(400) @Max(599) Integer status,
		@DecimalMin("0.0") @DecimalMax("1.0") Double rate, Duration stall) {

	/**
	 * The status a failure gets when the phase names none, as with {@code X-Fault-Rate}
	 * alone.
	 */
	public static final int DEFAULT_FAILURE = 500;

	public static FaultPhase healthy(Duration hold) {
		return new FaultPhase(hold, null, null, null);
	}

	/**
	 * The share of requests this phase fails: its rate, all of them for a status alone,
	 * else none.
	 */
	public double failureShare() {
		if (this.rate != null) {
			return this.rate;
		}
		return (this.status != null) ? 1.0 : 0.0;
	}

	/** The status its failures get. */
	public int failureStatus() {
		return (this.status != null) ? this.status : DEFAULT_FAILURE;
	}

	/** Whether the phase hurts: some requests fail, or every one is held. */
	public boolean failing() {
		return failureShare() > 0 || (this.stall != null && this.stall.isPositive());
	}

}

package dev.fluxbench.harness.knee;

import java.time.Duration;
import java.util.Objects;

/**
 * How a knee is searched for: every figure the search uses, explicit, so that knee.json
 * can say what a result was found with.
 *
 * @param slo what a step must keep to
 * @param startRate the first rate tried, in journeys per second; a target that cannot
 * meet the SLO there has no knee
 * @param maxRate the highest rate tried; a target that meets the SLO there has a knee of
 * at least it
 * @param growth the factor the climb multiplies the rate by, step after step
 * @param precision the relative gap between the highest rate that met the SLO and the
 * lowest that did not, at which the bisection stops: 0.1 for 10%
 * @param margin how near a limit a figure must be for its step to be run again, relative
 * to the limit: 0.1 for 10%
 * @param repeats how many runs in all a step near a limit gets; its verdict is theirs by
 * majority
 * @param shortfall how far below the asked rate the achieved one may fall before the step
 * fails because the generator could not keep up: 0.1 for 10%
 * @param stepRamp how long each step takes to reach its rate; not measured
 * @param stepHold how long each step holds its rate; measured
 * @param scale the factor the step's ramp and hold were multiplied by: 1 unless
 * {@link #scaled} made them
 */
public record KneeSettings(Slo slo, int startRate, int maxRate, double growth, double precision, double margin,
		int repeats, double shortfall, Duration stepRamp, Duration stepHold, double scale) {

	public KneeSettings {
		Objects.requireNonNull(slo, "slo");
		if (startRate < 1) {
			throw new IllegalArgumentException("--start-rate must be at least 1, not " + startRate);
		}
		if (maxRate < startRate) {
			throw new IllegalArgumentException("--max-rate " + maxRate + " is below --start-rate " + startRate);
		}
		if (!(growth > 1) || Double.isInfinite(growth)) {
			throw new IllegalArgumentException("--growth must be a number above 1, not " + growth);
		}
		if (!(precision > 0) || precision >= 1) {
			throw new IllegalArgumentException(
					"--precision must be above 0% and below 100%, not " + percent(precision));
		}
		if (!(margin >= 0) || margin >= 1) {
			throw new IllegalArgumentException("--margin must be at least 0% and below 100%, not " + percent(margin));
		}
		if (repeats < 1) {
			throw new IllegalArgumentException("--repeats must be at least 1, not " + repeats);
		}
		if (!(shortfall >= 0) || shortfall >= 1) {
			throw new IllegalArgumentException(
					"--shortfall must be at least 0% and below 100%, not " + percent(shortfall));
		}
		if (stepRamp.isNegative()) {
			throw new IllegalArgumentException("--step-ramp must not be negative");
		}
		if (!stepHold.isPositive()) {
			throw new IllegalArgumentException("--step-hold must be longer than 0s");
		}
		if (!(scale > 0) || Double.isInfinite(scale)) {
			throw new IllegalArgumentException("--scale must be a positive number, not " + scale);
		}
	}

	/**
	 * The same settings with the step's ramp and hold multiplied by {@code factor}, as
	 * --scale does.
	 */
	public KneeSettings scaled(double factor) {
		return new KneeSettings(this.slo, this.startRate, this.maxRate, this.growth, this.precision, this.margin,
				this.repeats, this.shortfall, scale(this.stepRamp, factor, Duration.ZERO),
				scale(this.stepHold, factor, Duration.ofSeconds(1)), this.scale * factor);
	}

	/**
	 * JMeter schedules in whole seconds: a scaled duration is rounded to one, and a hold
	 * is at least one.
	 */
	private static Duration scale(Duration duration, double factor, Duration least) {
		Duration scaled = Duration.ofSeconds(Math.round(duration.toMillis() * factor / 1000.0));
		return (scaled.compareTo(least) < 0) ? least : scaled;
	}

	private static String percent(double share) {
		return Slo.number(share * 100) + "%";
	}

}

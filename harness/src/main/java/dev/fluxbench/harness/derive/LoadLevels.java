package dev.fluxbench.harness.derive;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The thesis' three levels (section 6.2), as closed-model users: normal, higher (twice
 * normal), and stress (the peak times a factor; the thesis picked its stress level by
 * trial, this makes the choice explicit and recorded).
 *
 * @param normal the normal rate
 * @param higher twice the normal rate
 * @param stress the 99th percentile times {@code stressFactor}
 * @param thinkTime the pause each user makes between two requests
 * @param responseTime the response time expected at these rates
 * @param stressFactor what the peak is multiplied by for the stress level
 */
public record LoadLevels(Level normal, Level higher, Level stress, Duration thinkTime, Duration responseTime,
		double stressFactor) {

	/**
	 * Decimals of rate x time kept before rounding up: more than any rate needs, fewer
	 * than doubles' noise.
	 */
	private static final int USERS_SCALE = 6;

	public LoadLevels {
		Objects.requireNonNull(normal, "normal");
		Objects.requireNonNull(higher, "higher");
		Objects.requireNonNull(stress, "stress");
		Objects.requireNonNull(thinkTime, "thinkTime");
		Objects.requireNonNull(responseTime, "responseTime");
	}

	/**
	 * The levels for a traffic profile.
	 * @throws IllegalArgumentException when the normal rate is 0 (the range saw no
	 * traffic most of the time), the times are negative or add up to 0, or the factor is
	 * not positive
	 */
	public static LoadLevels derive(TrafficProfile traffic, Duration thinkTime, Duration responseTime,
			double stressFactor) {
		if (thinkTime.isNegative() || responseTime.isNegative()) {
			throw new IllegalArgumentException("think time and response time cannot be negative");
		}
		if (thinkTime.plus(responseTime).isZero()) {
			throw new IllegalArgumentException(
					"think time plus response time must be longer than 0s, or Little's law" + " gives 0 users");
		}
		if (!(stressFactor > 0) || Double.isInfinite(stressFactor)) {
			throw new IllegalArgumentException("the stress factor must be a positive number, not " + stressFactor);
		}
		if (!(traffic.normal() > 0)) {
			throw new IllegalArgumentException("the median rate over the range is 0 requests/s: more than half of the"
					+ " steps saw no request; choose a range when the application had traffic");
		}
		Duration cycle = thinkTime.plus(responseTime);
		return new LoadLevels(level("normal", traffic.normal(), cycle), level("higher", 2 * traffic.normal(), cycle),
				level("stress", traffic.p99() * stressFactor, cycle), thinkTime, responseTime, stressFactor);
	}

	/**
	 * Little's law for a closed model: each user sends one request per think time plus
	 * response time, so {@code users = ceil(rate x (think time + response time))},
	 * rounded up so that the users can reach the rate. The product is rounded to six
	 * decimals first: 50 requests/s times 1.1 s is 55 users, where doubles say
	 * 55.00000000000001 and so 56.
	 */
	public static int users(double perSecond, Duration cycle) {
		if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
			throw new IllegalArgumentException("a rate is finite and not negative, not " + perSecond);
		}
		BigDecimal seconds = BigDecimal.valueOf(cycle.toNanos(), 9);
		BigDecimal users = BigDecimal.valueOf(perSecond)
			.multiply(seconds)
			.setScale(USERS_SCALE, RoundingMode.HALF_EVEN)
			.setScale(0, RoundingMode.CEILING);
		if (users.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
			throw new IllegalArgumentException(perSecond + " requests/s for " + cycle + " is more users than a test can"
					+ " start: " + users.toPlainString());
		}
		return users.intValue();
	}

	private static Level level(String name, double perSecond, Duration cycle) {
		return new Level(name, perSecond, users(perSecond, cycle));
	}

	/** Think time plus response time: how long one user takes for one request. */
	public Duration cycle() {
		return this.thinkTime.plus(this.responseTime);
	}

	/** Normal, higher, stress: the order of the scenario file's {@code users} list. */
	public List<Level> all() {
		return List.of(this.normal, this.higher, this.stress);
	}

	/**
	 * One load level.
	 *
	 * @param name normal, higher or stress
	 * @param perSecond the rate it stands for, in requests per second
	 * @param users the closed-model users that produce that rate
	 */
	public record Level(String name, double perSecond, int users) {

	}

}

package dev.fluxbench.downstream;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that stands still until a test moves it: phases advance without waiting for
 * them.
 */
final class MovableClock extends Clock {

	private volatile Instant now;

	MovableClock(Instant start) {
		this.now = start;
	}

	void advance(Duration duration) {
		this.now = this.now.plus(duration);
	}

	@Override
	public Instant instant() {
		return this.now;
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("a test clock stays in UTC");
	}

}

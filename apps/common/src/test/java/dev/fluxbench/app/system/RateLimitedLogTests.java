package dev.fluxbench.app.system;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.commons.logging.Log;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;

class RateLimitedLogTests {

	private final Log log = mock();

	private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-26T12:00:00Z"));

	private final InstantSource clock = this.now::get;

	// At most two keys of their own, so that the tests reach the limit.
	private final RateLimitedLog limited = new RateLimitedLog(this.log, Duration.ofMinutes(1), 2, this.clock);

	RateLimitedLogTests() {
		given(this.log.isWarnEnabled()).willReturn(true);
	}

	@Test
	void repeatedLinesWithinAPeriodShouldBeWrittenOnce() {
		for (int i = 0; i < 1000; i++) {
			this.limited.warn("intruder", () -> "unknown intruder");
		}
		then(this.log).should(times(1)).warn("unknown intruder");
		then(this.log).should(times(1)).warn(anyString());
	}

	@Test
	void theNextPeriodsLineShouldCountTheLinesLeftOut() {
		for (int i = 0; i < 5; i++) {
			this.limited.warn("intruder", () -> "unknown intruder");
		}
		this.now.set(this.now.get().plus(Duration.ofMinutes(1)));
		assertThat(this.limited.warn("intruder", () -> "unknown intruder")).isTrue();
		then(this.log).should().warn("unknown intruder (4 more like it left out since the last)");
	}

	@Test
	void eachKeyShouldHaveItsOwnPeriod() {
		assertThat(this.limited.warn("a", () -> "line a")).isTrue();
		assertThat(this.limited.warn("b", () -> "line b")).isTrue();
		assertThat(this.limited.warn("a", () -> "line a")).isFalse();
		then(this.log).should().warn("line a");
		then(this.log).should().warn("line b");
	}

	@Test
	void keysPastTheLimitShouldShareOneLine() {
		this.limited.warn("a", () -> "line a");
		this.limited.warn("b", () -> "line b");
		assertThat(this.limited.warn("c", () -> "line c")).isTrue();
		assertThat(this.limited.warn("d", () -> "line d")).isFalse();
		then(this.log).should(never()).warn("line d");
	}

	@Test
	void keysWhosePeriodEndedShouldMakeRoomForNewOnes() {
		this.limited.warn("a", () -> "line a");
		this.limited.warn("b", () -> "line b");
		this.now.set(this.now.get().plus(Duration.ofMinutes(2)));
		this.limited.warn("c", () -> "line c");
		assertThat(this.limited.warn("d", () -> "line d")).isTrue();
	}

}

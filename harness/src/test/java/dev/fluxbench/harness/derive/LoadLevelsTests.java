package dev.fluxbench.harness.derive;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadLevelsTests {

	private static final Duration THINK = Duration.ofSeconds(1);

	private static final Duration RESPONSE = Duration.ofMillis(100);

	@Test
	void littlesLawShouldRoundUp() {
		// 350 requests per minute, the thesis' peak-hour average: 5.833/s x 1.1 s = 6.42.
		assertThat(LoadLevels.users(350 / 60.0, THINK.plus(RESPONSE))).isEqualTo(7);
		assertThat(LoadLevels.users(0.01, THINK.plus(RESPONSE))).isEqualTo(1);
		assertThat(LoadLevels.users(0, THINK.plus(RESPONSE))).isZero();
	}

	@Test
	void littlesLawShouldNotAddAUserForFloatingPointNoise() {
		// 50 x 1.1 is 55.00000000000001 in doubles.
		assertThat(50 * 1.1).isGreaterThan(55);
		assertThat(LoadLevels.users(50, THINK.plus(RESPONSE))).isEqualTo(55);
		assertThat(LoadLevels.users(10, THINK.plus(RESPONSE))).isEqualTo(11);
		assertThat(LoadLevels.users(20, THINK.plus(RESPONSE))).isEqualTo(22);
		assertThat(LoadLevels.users(660 / 60.0, Duration.ofSeconds(3))).isEqualTo(33);
	}

	@Test
	void levelsShouldBeNormalTwiceNormalAndThePeakTimesTheFactor() {
		TrafficProfile traffic = new TrafficProfile(10, 30, 40, window(), 100);

		LoadLevels levels = LoadLevels.derive(traffic, THINK, RESPONSE, 1.5);

		assertThat(levels.normal()).isEqualTo(new LoadLevels.Level("normal", 10, 11));
		assertThat(levels.higher()).isEqualTo(new LoadLevels.Level("higher", 20, 22));
		assertThat(levels.stress()).isEqualTo(new LoadLevels.Level("stress", 45, 50));
		assertThat(levels.all()).extracting(LoadLevels.Level::users).containsExactly(11, 22, 50);
		assertThat(levels.cycle()).isEqualTo(Duration.ofMillis(1100));
	}

	@Test
	void rangeWhenItHasNoTrafficShouldHaveNoNormalLevel() {
		TrafficProfile idle = new TrafficProfile(0, 3, 4, window(), 100);

		assertThatThrownBy(() -> LoadLevels.derive(idle, THINK, RESPONSE, 1.5))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageStartingWith("the median rate over the range is 0 requests/s");
	}

	@Test
	void littlesLawWhenThereIsNoTimeAtAllShouldGiveNoUsers() {
		TrafficProfile traffic = new TrafficProfile(10, 30, 40, window(), 100);

		assertThatThrownBy(() -> LoadLevels.derive(traffic, Duration.ZERO, Duration.ZERO, 1.5))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("gives 0 users");
	}

	private static TrafficProfile.Window window() {
		Instant start = Instant.parse("2026-11-20T09:00:00Z");
		return new TrafficProfile.Window(start, start.plus(Duration.ofMinutes(59)), 60, 12, false);
	}

}

package dev.fluxbench.harness.derive;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TrafficProfileTests {

	private static final Duration MINUTE = Duration.ofMinutes(1);

	private static final Instant START = Instant.parse("2026-11-20T00:00:00Z");

	@Test
	void medianWhenTheCountIsOddShouldBeTheMiddleValue() {
		assertThat(TrafficProfile.median(new double[] { 1, 2, 9 })).isEqualTo(2);
	}

	@Test
	void medianWhenTheCountIsEvenShouldBeTheMeanOfTheTwoMiddleValues() {
		assertThat(TrafficProfile.median(new double[] { 1, 2, 4, 9 })).isEqualTo(3);
	}

	@Test
	void p99ShouldBeTheNearestRank() {
		double[] hundred = IntStream.rangeClosed(1, 100).asDoubleStream().toArray();
		assertThat(TrafficProfile.percentile(hundred, 99)).isEqualTo(99);
		// Nine values or fewer below the 99th percentile's rank: it is the maximum.
		assertThat(TrafficProfile.percentile(new double[] { 1, 2, 3, 4, 5 }, 99)).isEqualTo(5);
		assertThat(TrafficProfile.percentile(new double[] { 7 }, 99)).isEqualTo(7);
	}

	@Test
	void profileWhenADayHasOneSpikeShouldFindItsNormalP99MaxAndBusiestHour() {
		List<RateSeries.Point> points = new ArrayList<>();
		for (int minute = 0; minute < 1440; minute++) {
			double perSecond = (minute >= 480 && minute < 1020) ? 5 : 1;
			points.add(new RateSeries.Point(START.plus(MINUTE.multipliedBy(minute)), perSecond));
		}
		points.set(600, new RateSeries.Point(START.plus(MINUTE.multipliedBy(600)), 50));

		TrafficProfile profile = TrafficProfile.of(RateSeries.of(points), MINUTE);

		assertThat(profile.points()).isEqualTo(1440);
		assertThat(profile.normal()).isEqualTo(1);
		assertThat(profile.p99()).isEqualTo(5);
		assertThat(profile.max()).isEqualTo(50);
		assertThat(profile.busiestHour().first()).as("the hour that holds the spike, the earliest such")
			.isEqualTo(Instant.parse("2026-11-20T09:01:00Z"));
		assertThat(profile.busiestHour().last()).isEqualTo(Instant.parse("2026-11-20T10:00:00Z"));
		assertThat(profile.busiestHour().points()).isEqualTo(60);
		assertThat(profile.busiestHour().mean()).isCloseTo((59 * 5 + 50) / 60.0, within(1e-9));
		assertThat(profile.busiestHour().wholeRange()).isFalse();
	}

	@Test
	void busiestHourShouldBeTheSlidingWindowWithTheHighestMeanNotAClockHour() {
		// 3 hours at 1 request/s, with 10 requests/s from 01:30 to 02:29.
		List<RateSeries.Point> points = new ArrayList<>();
		for (int minute = 0; minute < 180; minute++) {
			points.add(new RateSeries.Point(START.plus(MINUTE.multipliedBy(minute)),
					(minute >= 90 && minute < 150) ? 10 : 1));
		}

		TrafficProfile.Window hour = TrafficProfile.busiestHour(points, MINUTE);

		assertThat(hour.first()).isEqualTo(Instant.parse("2026-11-20T01:30:00Z"));
		assertThat(hour.last()).isEqualTo(Instant.parse("2026-11-20T02:29:00Z"));
		assertThat(hour.mean()).isEqualTo(10);
	}

	@Test
	void busiestHourWhenAtTheEndOfTheRangeShouldCount() {
		List<RateSeries.Point> points = new ArrayList<>();
		for (int minute = 0; minute < 120; minute++) {
			points.add(new RateSeries.Point(START.plus(MINUTE.multipliedBy(minute)), minute));
		}

		TrafficProfile.Window hour = TrafficProfile.busiestHour(points, MINUTE);

		assertThat(hour.first()).isEqualTo(START.plus(Duration.ofMinutes(60)));
		assertThat(hour.last()).isEqualTo(START.plus(Duration.ofMinutes(119)));
		assertThat(hour.mean()).isEqualTo(89.5);
	}

	@Test
	void busiestHourWhenStepsHaveNoDataShouldBeByTime() {
		// Five-minute steps; the busy stretch has a gap, which shortens its window but
		// does not stretch it.
		List<RateSeries.Point> points = new ArrayList<>();
		for (int step = 0; step < 36; step++) {
			if (step == 14) {
				continue;
			}
			points.add(new RateSeries.Point(START.plus(Duration.ofMinutes(5L * step)), (step >= 12) ? 4 : 2));
		}

		TrafficProfile.Window hour = TrafficProfile.busiestHour(points, Duration.ofMinutes(5));

		assertThat(hour.first()).isEqualTo(Instant.parse("2026-11-20T01:00:00Z"));
		assertThat(hour.last()).isEqualTo(Instant.parse("2026-11-20T01:55:00Z"));
		assertThat(hour.points()).isEqualTo(11);
		assertThat(hour.mean()).isEqualTo(4);
	}

	@Test
	void rangeWhenExactlyOneHourShouldBeOneWindow() {
		List<RateSeries.Point> points = IntStream.range(0, 60)
			.mapToObj((minute) -> new RateSeries.Point(START.plus(MINUTE.multipliedBy(minute)), 3))
			.toList();

		TrafficProfile.Window hour = TrafficProfile.busiestHour(points, MINUTE);

		assertThat(hour.wholeRange()).isFalse();
		assertThat(hour.points()).isEqualTo(60);
	}

	@Test
	void rangeWhenShorterThanAnHourShouldBeItsOwnBusiestHour() {
		List<RateSeries.Point> points = IntStream.range(0, 30)
			.mapToObj((minute) -> new RateSeries.Point(START.plus(MINUTE.multipliedBy(minute)), minute % 2))
			.toList();

		TrafficProfile.Window hour = TrafficProfile.busiestHour(points, MINUTE);

		assertThat(hour.wholeRange()).isTrue();
		assertThat(hour.first()).isEqualTo(START);
		assertThat(hour.last()).isEqualTo(START.plus(Duration.ofMinutes(29)));
		assertThat(hour.points()).isEqualTo(30);
		assertThat(hour.mean()).isEqualTo(0.5);
	}

	@Test
	void windowsWhenEqualToATenthShouldNotDriftToALaterOne() {
		List<RateSeries.Point> points = IntStream.range(0, 7 * 1440)
			.mapToObj((minute) -> new RateSeries.Point(START.plus(MINUTE.multipliedBy(minute)), 0.1))
			.toList();

		assertThat(TrafficProfile.busiestHour(points, MINUTE).first()).isEqualTo(START);
	}

}

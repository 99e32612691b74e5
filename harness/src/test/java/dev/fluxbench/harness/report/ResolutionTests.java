package dev.fluxbench.harness.report;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ResolutionTests {

	@Test
	void timeWhenMeasuredAsZeroShouldBeBelowOneMillisecond() {
		assertThat(Report.measured(Duration.ZERO)).isEqualTo("< 1");
	}

	@Test
	void timeWhenAFewWholeMillisecondsShouldBeGivenPlusOrMinusOne() {
		// A sample measured as 1 ms may have taken 1.9 ms: its start and end are each cut
		// to the millisecond.
		assertThat(Report.measured(Duration.ofMillis(1))).isEqualTo("1 \u00b1 1");
		assertThat(Report.measured(Duration.ofMillis(2))).isEqualTo("2 \u00b1 1");
		assertThat(Report.measured(Duration.ofMillis(4))).isEqualTo("4 \u00b1 1");
	}

	@Test
	void medianWhenBetweenWholeMillisecondsShouldKeepTheResolutionOfTheTimesItCameFrom() {
		assertThat(Resolution.millis(0.5)).isEqualTo("< 1.50");
		assertThat(Resolution.millis(2.5)).isEqualTo("2.50 \u00b1 1");
	}

	@Test
	void timeWhenFiveMillisecondsOrMoreShouldBeShownAsEveryFigure() {
		assertThat(Report.measured(Duration.ofMillis(5))).isEqualTo("5");
		assertThat(Report.measured(Duration.ofMillis(250))).isEqualTo("250");
		assertThat(Resolution.millis(Double.NaN)).isEqualTo("n/a");
	}

	@Test
	void percentileAspectShouldCarryTheResolutionAndADifferenceShouldNot() {
		assertThat(Aspect.P99.format(2)).isEqualTo("2 \u00b1 1 ms");
		assertThat(Aspect.P95.format(0)).isEqualTo("< 1 ms");
		assertThat(Aspect.P99.formatDifference(2)).isEqualTo("2 ms");
		assertThat(Aspect.THROUGHPUT.format(2)).isEqualTo("2 req/s");
		assertThat(Aspect.ERRORS.format(2)).isEqualTo("2%");
	}

}

package dev.fluxbench.harness.knee;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.harness.results.Sample;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FiguresTests {

	private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

	@Test
	void figuresShouldMeasureOnlyRequestsThatStartedDuringTheHold() {
		List<Sample> samples = new ArrayList<>();
		// The ramp's requests are fast; the held ones, the last 4 s of the run, slower,
		// and one of them fails.
		for (int i = 0; i < 20; i++) {
			samples.add(sample(START.plusMillis(100 * i), 10, true));
		}
		for (int i = 0; i < 40; i++) {
			samples.add(sample(START.plusSeconds(2).plusMillis(100 * i), 200, i != 17));
		}
		Figures figures = Figures.of(samples, Duration.ofSeconds(4), 1);
		assertThat(figures.requests()).isEqualTo(40);
		assertThat(figures.errors()).isEqualTo(1);
		assertThat(figures.errorPercent()).isEqualTo(2.5);
		assertThat(figures.requestRate()).isEqualTo(10);
		assertThat(figures.rateAchieved()).isEqualTo(10);
		assertThat(figures.p50()).isEqualTo(Duration.ofMillis(200));
		assertThat(figures.p99()).isEqualTo(Duration.ofMillis(200));
		assertThat(figures.mean()).isEqualTo(Duration.ofMillis(200));
		// Little's law: 10 requests/s for 0.2 s each keep 2 in flight.
		assertThat(figures.concurrency()).isCloseTo(2, within(1e-9));
	}

	@Test
	void throughputShouldCountSuccessfulRequestsThatEndedDuringTheHold() {
		List<Sample> samples = new ArrayList<>();
		// Started in the ramp, ended in the hold: counts for throughput, not for latency.
		samples.add(sample(START, 2_500, true));
		samples.add(sample(START.plusSeconds(2), 100, true));
		samples.add(sample(START.plusSeconds(3), 100, false));
		// Started in the hold, the last to start, ended after it.
		samples.add(sample(START.plusSeconds(5), 2_000, true));
		Figures figures = Figures.of(samples, Duration.ofSeconds(4), 1);
		assertThat(figures.throughput()).isEqualTo(2 / 4.0);
		assertThat(figures.requests()).isEqualTo(3);
	}

	@Test
	void journeysPerSecondShouldBeRequestsPerSecondOverTheJourneysRequests() {
		List<Sample> samples = new ArrayList<>();
		for (int i = 0; i < 30; i++) {
			samples.add(sample(START.plusMillis(100 * i), 50, true));
		}
		Figures figures = Figures.of(samples, Duration.ofSeconds(3), 2);
		assertThat(figures.requestRate()).isEqualTo(10);
		assertThat(figures.rateAchieved()).isEqualTo(5);
	}

	@Test
	void figuresWhenThereAreNoSamplesShouldMeasureNothingAndAchieveNoRate() {
		Figures figures = Figures.of(List.of(), Duration.ofSeconds(1), 1);
		assertThat(figures.requests()).isZero();
		assertThat(figures.rateAchieved()).isZero();
		assertThat(figures.concurrency()).isZero();
	}

	private static Sample sample(Instant start, long millis, boolean success) {
		return new Sample(start, "passthrough", Duration.ofMillis(millis), Duration.ofMillis(millis), Duration.ZERO,
				100, success ? "200" : "503", success, success ? "" : "http-503");
	}

}

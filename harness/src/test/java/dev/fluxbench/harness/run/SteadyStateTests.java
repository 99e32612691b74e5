package dev.fluxbench.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalDouble;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class SteadyStateTests {

	private static final Instant START = Instant.parse("2026-11-26T10:00:00Z");

	/** 5 s window, JIT at most 5 % of the CPU, throughput within 10 %. */
	private final SteadyState state = new SteadyState(Steadiness.DEFAULT);

	private long samples;

	private double compiled;

	private double cpu;

	@Test
	void targetShouldBeJudgedOnlyOnceAWholeWindowWasSeen() {
		for (int second = 0; second < 5; second++) {
			observe(second, 1000, 0.0, 1.0);
			assertThat(this.state.judgement()).isEmpty();
		}
		observe(5, 1000, 0.0, 1.0);
		assertThat(this.state.judgement()).hasValueSatisfying((judgement) -> {
			assertThat(judgement.steady()).isTrue();
			assertThat(judgement.spread()).isZero();
			assertThat(judgement.compileShare()).hasValue(0.0);
		});
	}

	@Test
	void targetWhenItsJitStillTakesMoreThanItsShareShouldNotBeSteadyHoweverEvenItsThroughput() {
		for (int second = 0; second <= 5; second++) {
			observe(second, 1000, 0.2, 1.0);
		}
		assertThat(this.state.judgement()).hasValueSatisfying((judgement) -> {
			assertThat(judgement.steady()).isFalse();
			assertThat(judgement.compileShare().getAsDouble()).isCloseTo(0.2, within(1e-9));
		});
	}

	@Test
	void targetWhenItsThroughputStillClimbsShouldNotBeSteadyThoughItCompilesNothing() {
		int[] rates = { 100, 200, 400, 800, 1600, 3200 };
		for (int second = 0; second < rates.length; second++) {
			observe(second, rates[second], 0.0, 1.0);
		}
		assertThat(this.state.judgement()).hasValueSatisfying((judgement) -> {
			assertThat(judgement.steady()).isFalse();
			assertThat(judgement.spread()).isGreaterThan(0.5);
		});
	}

	@Test
	void earlyBurstOfCompilationShouldBeForgottenAsOnlyTheLastWindowCounts() {
		observe(0, 500, 0.0, 1.0);
		for (int second = 1; second <= 3; second++) {
			observe(second, 500, 0.9, 1.0);
		}
		for (int second = 4; second <= 9; second++) {
			observe(second, 1000, 0.01, 1.0);
		}
		assertThat(this.state.judgement()).hasValueSatisfying((judgement) -> {
			assertThat(judgement.steady()).isTrue();
			assertThat(judgement.compileShare().getAsDouble()).isCloseTo(0.01, within(1e-9));
		});
	}

	@Test
	void targetWhenItExposesNoCompilationTimeShouldBeJudgedOnItsThroughputAlone() {
		for (int second = 0; second <= 5; second++) {
			this.samples += 1000;
			this.state.observe(new SteadyState.Observation(START.plusSeconds(second), this.samples,
					OptionalDouble.empty(), OptionalDouble.of(second)));
		}
		assertThat(this.state.judgement()).hasValueSatisfying((judgement) -> {
			assertThat(judgement.steady()).isTrue();
			assertThat(judgement.compileShare()).isEmpty();
		});
	}

	@Test
	void windowWhenItHasNoSampleShouldNotBeSteady() {
		for (int second = 0; second <= 5; second++) {
			observe(second, 0, 0.0, 0.0);
		}
		assertThat(this.state.judgement()).hasValueSatisfying((judgement) -> {
			assertThat(judgement.steady()).isFalse();
			assertThat(judgement.spread()).isInfinite();
		});
	}

	@Test
	void countsWhenTheyGoBackwardsShouldStartTheWindowAfresh() {
		for (int second = 0; second <= 5; second++) {
			observe(second, 1000, 0.0, 1.0);
		}
		assertThat(this.state.judgement()).isPresent();
		this.cpu = 0;
		observe(6, 1000, 0.0, 1.0);
		assertThat(this.state.judgement()).isEmpty();
	}

	@Test
	void criteriaWhenOutOfRangeShouldBeRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Steadiness(Duration.ofSeconds(1), 0.05, 0.1, false))
			.withMessageContaining("at least 2s");
		assertThatIllegalArgumentException().isThrownBy(() -> new Steadiness(Duration.ofSeconds(5), 0, 0.1, false));
		assertThatIllegalArgumentException().isThrownBy(() -> new Steadiness(Duration.ofSeconds(5), 1.5, 0.1, false));
		assertThatIllegalArgumentException().isThrownBy(() -> new Steadiness(Duration.ofSeconds(5), 0.05, 0, false));
	}

	/**
	 * One second more: {@code rate} samples answered, and {@code jitShare} of
	 * {@code cpuSeconds} spent compiling, since the last observation.
	 */
	private void observe(int second, int rate, double jitShare, double cpuSeconds) {
		if (second > 0) {
			this.samples += rate;
			this.cpu += cpuSeconds;
			this.compiled += jitShare * cpuSeconds;
		}
		this.state.observe(new SteadyState.Observation(START.plusSeconds(second), this.samples,
				OptionalDouble.of(this.compiled), OptionalDouble.of(this.cpu)));
	}

}

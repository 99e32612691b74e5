package dev.fluxbench.harness.knee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

class EstimateTests {

	@Test
	void threeKneesGiveTheirMeanAndAStudentTInterval() {
		Estimate estimate = Estimate.of(List.of(100, 110, 120)).orElseThrow();
		assertThat(estimate.mean()).isEqualTo(110);
		// s = 10, t(0.975, 2) = 4.3027: 110 ± 4.3027 × 10 / √3
		assertThat(estimate.low()).hasValueSatisfying((low) -> assertThat(low).isCloseTo(85.16, within(0.01)));
		assertThat(estimate.high()).hasValueSatisfying((high) -> assertThat(high).isCloseTo(134.84, within(0.01)));
		assertThat(estimate.trials()).isEqualTo(3);
	}

	@Test
	void identicalKneesHaveAnIntervalOfNoWidth() {
		Estimate estimate = Estimate.of(List.of(640, 640)).orElseThrow();
		assertThat(estimate.low()).hasValue(640.0);
		assertThat(estimate.high()).hasValue(640.0);
	}

	@Test
	void oneKneeHasNoInterval() {
		Estimate estimate = Estimate.of(List.of(640)).orElseThrow();
		assertThat(estimate.mean()).isEqualTo(640);
		assertThat(estimate.low()).isEmpty();
		assertThat(estimate.high()).isEmpty();
	}

	@Test
	void noKneeHasNoEstimate() {
		assertThat(Estimate.of(List.of())).isEmpty();
	}

}

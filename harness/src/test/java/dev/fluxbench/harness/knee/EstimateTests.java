package dev.fluxbench.harness.knee;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class EstimateTests {

	@Test
	void estimateWhenThreeKneesShouldGiveTheirMeanAndAStudentTInterval() {
		Estimate estimate = Estimate.of(List.of(100, 110, 120)).orElseThrow();
		assertThat(estimate.mean()).isEqualTo(110);
		// s = 10, t(0.975, 2) = 4.3027: 110 ± 4.3027 × 10 / √3
		assertThat(estimate.low()).hasValueSatisfying((low) -> assertThat(low).isCloseTo(85.16, within(0.01)));
		assertThat(estimate.high()).hasValueSatisfying((high) -> assertThat(high).isCloseTo(134.84, within(0.01)));
		assertThat(estimate.trials()).isEqualTo(3);
	}

	@Test
	void estimateWhenTheKneesAreIdenticalShouldHaveAnIntervalOfNoWidth() {
		Estimate estimate = Estimate.of(List.of(640, 640)).orElseThrow();
		assertThat(estimate.low()).hasValue(640.0);
		assertThat(estimate.high()).hasValue(640.0);
	}

	@Test
	void estimateWhenTwoKneesDisagreeWidelyShouldCutItsIntervalAtZero() {
		// s = 437.7, t(0.975, 1) = 12.706: 491.5 ± 3932.5 reaches far below 0.
		Estimate estimate = Estimate.of(List.of(183, 800)).orElseThrow();
		assertThat(estimate.low()).hasValue(0.0);
		assertThat(estimate.high()).hasValueSatisfying((high) -> assertThat(high).isCloseTo(4411.4, within(0.1)));
	}

	@Test
	void estimateWhenOneKneeShouldHaveNoInterval() {
		Estimate estimate = Estimate.of(List.of(640)).orElseThrow();
		assertThat(estimate.mean()).isEqualTo(640);
		assertThat(estimate.low()).isEmpty();
		assertThat(estimate.high()).isEmpty();
	}

	@Test
	void estimateWhenNoKneeShouldBeAbsent() {
		assertThat(Estimate.of(List.of())).isEmpty();
	}

}

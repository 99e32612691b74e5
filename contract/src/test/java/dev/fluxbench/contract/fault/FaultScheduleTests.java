package dev.fluxbench.contract.fault;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static java.time.Duration.ofSeconds;
import static org.assertj.core.api.Assertions.assertThat;

class FaultScheduleTests {

	private static final FaultPhase HEALTHY = FaultPhase.healthy(ofSeconds(60));

	private static final FaultPhase HALF_503 = new FaultPhase(ofSeconds(30), 503, 0.5, null);

	private static final FaultPhase STALL = new FaultPhase(ofSeconds(20), null, null, ofSeconds(3));

	private static final FaultSchedule PROFILE = FaultSchedule.of(List.of(HEALTHY, HALF_503, STALL));

	@Test
	void phaseAtAnInstantIsTheOneWhoseWindowHoldsIt() {
		assertThat(PROFILE.at(Duration.ZERO))
			.hasValue(new FaultSchedule.Window(1, HEALTHY, Duration.ZERO, ofSeconds(60)));
		assertThat(PROFILE.at(ofSeconds(60)))
			.hasValue(new FaultSchedule.Window(2, HALF_503, ofSeconds(60), ofSeconds(90)));
		assertThat(PROFILE.at(ofSeconds(109))).map(FaultSchedule.Window::phase).hasValue(3);
	}

	@Test
	void afterTheLastPhaseThereIsNoneUnlessItRepeats() {
		assertThat(PROFILE.length()).isEqualTo(ofSeconds(110));
		assertThat(PROFILE.at(ofSeconds(110))).isEmpty();
		assertThat(PROFILE.at(ofSeconds(-1))).isEmpty();
		FaultSchedule repeated = new FaultSchedule(PROFILE.phases(), true);
		assertThat(repeated.at(ofSeconds(110 + 70)))
			.hasValue(new FaultSchedule.Window(2, HALF_503, ofSeconds(170), ofSeconds(200)));
	}

	@Test
	void windowsUntilAnEndAreCutThereAndRepeatWhenAsked() {
		assertThat(PROFILE.until(ofSeconds(80))).extracting(FaultSchedule.Window::to)
			.containsExactly(ofSeconds(60), ofSeconds(80));
		assertThat(PROFILE.until(ofSeconds(500))).extracting(FaultSchedule.Window::phase).containsExactly(1, 2, 3);
		assertThat(new FaultSchedule(PROFILE.phases(), true).until(ofSeconds(220)))
			.extracting(FaultSchedule.Window::phase)
			.containsExactly(1, 2, 3, 1, 2, 3);
	}

	@Test
	void aPhaseFailsWhenItFailsSomeRequestsOrStallsThem() {
		assertThat(HEALTHY.failing()).isFalse();
		assertThat(HALF_503.failing()).isTrue();
		assertThat(STALL.failing()).isTrue();
		assertThat(new FaultPhase(ofSeconds(1), 503, 0.0, null).failing()).isFalse();
		assertThat(new FaultPhase(ofSeconds(1), 503, null, null).failureShare()).isEqualTo(1.0);
		assertThat(new FaultPhase(ofSeconds(1), null, 0.2, null).failureStatus()).isEqualTo(500);
	}

}

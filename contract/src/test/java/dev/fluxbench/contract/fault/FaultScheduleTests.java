package dev.fluxbench.contract.fault;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FaultScheduleTests {

	private static final FaultPhase HEALTHY = FaultPhase.healthy(Duration.ofSeconds(60));

	private static final FaultPhase HALF_503 = new FaultPhase(Duration.ofSeconds(30), 503, 0.5, null);

	private static final FaultPhase STALL = new FaultPhase(Duration.ofSeconds(20), null, null, Duration.ofSeconds(3));

	private static final FaultSchedule PROFILE = FaultSchedule.of(List.of(HEALTHY, HALF_503, STALL));

	@Test
	void phaseAtAnInstantShouldBeTheOneWhoseWindowHoldsIt() {
		assertThat(PROFILE.at(Duration.ZERO))
			.hasValue(new FaultSchedule.Window(1, HEALTHY, Duration.ZERO, Duration.ofSeconds(60)));
		assertThat(PROFILE.at(Duration.ofSeconds(60)))
			.hasValue(new FaultSchedule.Window(2, HALF_503, Duration.ofSeconds(60), Duration.ofSeconds(90)));
		assertThat(PROFILE.at(Duration.ofSeconds(109))).map(FaultSchedule.Window::phase).hasValue(3);
	}

	@Test
	void phaseWhenAfterTheLastShouldBeNoneUnlessTheScheduleRepeats() {
		assertThat(PROFILE.length()).isEqualTo(Duration.ofSeconds(110));
		assertThat(PROFILE.at(Duration.ofSeconds(110))).isEmpty();
		assertThat(PROFILE.at(Duration.ofSeconds(-1))).isEmpty();
		FaultSchedule repeated = new FaultSchedule(PROFILE.phases(), true);
		assertThat(repeated.at(Duration.ofSeconds(110 + 70)))
			.hasValue(new FaultSchedule.Window(2, HALF_503, Duration.ofSeconds(170), Duration.ofSeconds(200)));
	}

	@Test
	void windowsUntilAnEndShouldBeCutThereAndRepeatWhenAsked() {
		assertThat(PROFILE.until(Duration.ofSeconds(80))).extracting(FaultSchedule.Window::to)
			.containsExactly(Duration.ofSeconds(60), Duration.ofSeconds(80));
		assertThat(PROFILE.until(Duration.ofSeconds(500))).extracting(FaultSchedule.Window::phase)
			.containsExactly(1, 2, 3);
		assertThat(new FaultSchedule(PROFILE.phases(), true).until(Duration.ofSeconds(220)))
			.extracting(FaultSchedule.Window::phase)
			.containsExactly(1, 2, 3, 1, 2, 3);
	}

	@Test
	void phaseWhenItFailsSomeRequestsOrStallsThemShouldBeFailing() {
		assertThat(HEALTHY.failing()).isFalse();
		assertThat(HALF_503.failing()).isTrue();
		assertThat(STALL.failing()).isTrue();
		assertThat(new FaultPhase(Duration.ofSeconds(1), 503, 0.0, null).failing()).isFalse();
		assertThat(new FaultPhase(Duration.ofSeconds(1), 503, null, null).failureShare()).isEqualTo(1.0);
		assertThat(new FaultPhase(Duration.ofSeconds(1), null, 0.2, null).failureStatus()).isEqualTo(500);
	}

}

package dev.fluxbench.downstream;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.StaticListableBeanFactory;

import static org.assertj.core.api.Assertions.assertThat;

/** The gauges that put the phase under way on the downstream's scrape. */
class FaultSchedulesTests {

	private final MovableClock clock = new MovableClock(Instant.parse("2026-11-23T10:00:00Z"));

	private final FaultSchedules schedules = new FaultSchedules(
			new StaticListableBeanFactory(Map.of("clock", this.clock)).getBeanProvider(Clock.class));

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	@Test
	void gaugesShouldFollowThePhaseUnderWayAndFallToZeroAfterTheLast() {
		this.schedules.bindTo(this.registry);
		assertThat(gauges()).containsExactly(0.0, 0.0, 0.0);
		this.schedules.set(FaultSchedule.of(List.of(FaultPhase.healthy(Duration.ofSeconds(60)),
				new FaultPhase(Duration.ofSeconds(30), 503, 0.5, null),
				new FaultPhase(Duration.ofSeconds(20), null, null, Duration.ofMillis(2500)))));
		assertThat(gauges()).containsExactly(1.0, 0.0, 0.0);
		this.clock.advance(Duration.ofSeconds(60));
		assertThat(gauges()).containsExactly(2.0, 0.5, 0.0);
		this.clock.advance(Duration.ofSeconds(30));
		assertThat(gauges()).containsExactly(3.0, 0.0, 2.5);
		this.clock.advance(Duration.ofSeconds(20));
		assertThat(gauges()).containsExactly(0.0, 0.0, 0.0);
	}

	@Test
	void scheduleWhenClearedShouldLeaveNoPhase() {
		this.schedules.bindTo(this.registry);
		this.schedules.set(FaultSchedule.of(List.of(new FaultPhase(Duration.ofSeconds(10), 500, null, null))));
		assertThat(gauges()).containsExactly(1.0, 1.0, 0.0);
		this.schedules.clear();
		assertThat(gauges()).containsExactly(0.0, 0.0, 0.0);
		assertThat(this.schedules.current()).isEmpty();
	}

	private List<Double> gauges() {
		return List.of(this.registry.get("fluxbench.fault.phase").gauge().value(),
				this.registry.get("fluxbench.fault.failure.share").gauge().value(),
				this.registry.get("fluxbench.fault.stall").gauge().value());
	}

}

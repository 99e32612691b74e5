package dev.fluxbench.downstream;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.contract.fault.FaultScheduleStatus;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The fault schedule in force, if any: set, read and cleared through
 * {@code /faults/schedule}, and asked by every request without fault headers which phase
 * is under way. The phase is worked out from the clock on each request rather than
 * switched by a timer, so nothing runs between requests and a test moves a clock instead
 * of waiting. Its gauges put the phase on the downstream's scrape.
 */
@Component
class FaultSchedules implements MeterBinder {

	private final Clock clock;

	private final AtomicReference<Active> active = new AtomicReference<>();

	FaultSchedules(ObjectProvider<Clock> clock) {
		this.clock = clock.getIfAvailable(Clock::systemUTC);
	}

	/** Replaces any schedule with this one, starting now. */
	FaultScheduleStatus set(FaultSchedule schedule) {
		Active started = new Active(schedule, this.clock.instant());
		this.active.set(started);
		return started.status(started.started());
	}

	/** Back to healthy. */
	void clear() {
		this.active.set(null);
	}

	FaultScheduleStatus status() {
		Active current = this.active.get();
		return (current != null) ? current.status(this.clock.instant()) : FaultScheduleStatus.none();
	}

	/** The phase under way; empty without a schedule and after its last phase. */
	Optional<FaultSchedule.Window> current() {
		Active current = this.active.get();
		return (current != null) ? current.at(this.clock.instant()) : Optional.empty();
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge
			.builder("fluxbench.fault.phase", this,
					(schedules) -> schedules.current().map(FaultSchedule.Window::phase).orElse(0))
			.description("The fault schedule's phase under way, from 1; 0 when there is none")
			.register(registry);
		Gauge
			.builder("fluxbench.fault.failure.share", this,
					(schedules) -> schedules.current().map((window) -> window.fault().failureShare()).orElse(0.0))
			.description("The share of requests without fault headers that the phase under way fails")
			.register(registry);
		Gauge
			.builder("fluxbench.fault.stall", this,
					(schedules) -> schedules.current()
						.map((window) -> window.fault().stall())
						.map((stall) -> stall.toNanos() / 1e9)
						.orElse(0.0))
			.description("How long the phase under way holds each request without fault headers")
			.baseUnit("seconds")
			.register(registry);
	}

	private record Active(FaultSchedule schedule, Instant started) {

		Optional<FaultSchedule.Window> at(Instant now) {
			return this.schedule.at(Duration.between(this.started, now));
		}

		FaultScheduleStatus status(Instant now) {
			FaultScheduleStatus.Current current = at(now)
				.map((window) -> new FaultScheduleStatus.Current(window.phase(), window.fault(),
						this.started.plus(window.from()), this.started.plus(window.to())))
				.orElse(null);
			return new FaultScheduleStatus(this.schedule.phases(), this.schedule.repeat(), this.started, current);
		}

	}

}

package dev.fluxbench.downstream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import jakarta.validation.Validator;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code /faults/schedule}: faults that change over time, set for every request that
 * sends no fault header of its own (docs/faults.md). The harness sets one when a measured
 * load starts and clears it when the load ends.
 */
@Component
class FaultScheduleHandler {

	private final Validator validator;

	private final FaultSchedules schedules;

	private final Duration maxWait;

	private final DownstreamServerProperties.FaultScheduleLimits limits;

	FaultScheduleHandler(Validator validator, FaultSchedules schedules, DownstreamServerProperties properties) {
		this.validator = validator;
		this.schedules = schedules;
		this.maxWait = properties.maxWait();
		this.limits = properties.faultSchedule();
	}

	/**
	 * {@code PUT}: replaces any schedule with this one, from now, and answers what
	 * {@code GET} would.
	 */
	Mono<ServerResponse> set(ServerRequest request) {
		return JsonBodies.read(request, FaultSchedule.class, this.validator, this::beyondLimits)
			.flatMap((schedule) -> ServerResponse.ok()
				.contentType(MediaType.APPLICATION_JSON)
				.bodyValue(this.schedules.set(schedule)));
	}

	/** {@code GET}: the schedule, when it started, and the phase under way. */
	Mono<ServerResponse> get(ServerRequest request) {
		return Mono.defer(
				() -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(this.schedules.status()));
	}

	/** {@code DELETE}: healthy again, whether or not a schedule was set. */
	Mono<ServerResponse> clear(ServerRequest request) {
		return Mono.defer(() -> {
			this.schedules.clear();
			return ServerResponse.noContent().build();
		});
	}

	/**
	 * What the validator's annotations cannot say: durations in range, and the schedule's
	 * bounds.
	 */
	private List<InvalidField> beyondLimits(FaultSchedule schedule) {
		List<InvalidField> errors = new ArrayList<>();
		if (schedule.phases().size() > this.limits.maxPhases()) {
			errors.add(new InvalidField("phases", "must hold at most " + this.limits.maxPhases()
					+ " phases (fluxbench.downstream-server.fault-schedule.max-phases)"));
		}
		Duration length = Duration.ZERO;
		boolean measured = true;
		for (int i = 0; i < schedule.phases().size(); i++) {
			FaultPhase phase = schedule.phases().get(i);
			if (phase == null) {
				continue;
			}
			String at = "phases[" + i + "]";
			if (phase.hold() != null) {
				if (!phase.hold().isPositive()) {
					errors.add(new InvalidField(at + ".hold", "must be longer than 0s"));
				}
				else if (phase.hold().compareTo(this.limits.maxLength()) > 0) {
					// Left out of the sum, which it could overflow, and already refused.
					measured = false;
					errors.add(new InvalidField(at + ".hold", "must be at most " + this.limits.maxLength()
							+ " (fluxbench.downstream-server.fault-schedule.max-length)"));
				}
				else {
					length = length.plus(phase.hold());
				}
			}
			if (phase.stall() != null) {
				if (phase.stall().isNegative()) {
					errors.add(new InvalidField(at + ".stall", "must not be negative"));
				}
				else if (phase.stall().compareTo(this.maxWait) > 0) {
					errors.add(new InvalidField(at + ".stall",
							"must be at most " + this.maxWait + " (fluxbench.downstream-server.max-wait)"));
				}
			}
		}
		if (measured && length.compareTo(this.limits.maxLength()) > 0) {
			errors.add(new InvalidField("phases", "must last at most " + this.limits.maxLength() + " in all, not "
					+ length + " (fluxbench.downstream-server.fault-schedule.max-length)"));
		}
		return errors;
	}

}

package dev.fluxbench.contract.fault;

import java.time.Instant;
import java.util.List;

/**
 * What {@code GET /faults/schedule} answers, and {@code PUT} once the schedule is set:
 * the schedule, when it started, and the phase under way. Without a schedule,
 * {@code phases} is empty and the rest null; after its last phase, only {@code current}
 * is null.
 *
 * @param phases the schedule's phases
 * @param repeat whether they start over after the last one
 * @param started when the schedule was set, by the downstream's clock
 * @param current the phase under way, or null when the downstream is healthy
 */
public record FaultScheduleStatus(List<FaultPhase> phases, boolean repeat, Instant started, Current current) {

	public FaultScheduleStatus {
		phases = (phases != null) ? List.copyOf(phases) : List.of();
	}

	public static FaultScheduleStatus none() {
		return new FaultScheduleStatus(List.of(), false, null, null);
	}

	/**
	 * The phase under way.
	 *
	 * @param phase its number in the schedule, from 1
	 * @param fault its knobs
	 * @param since when it began
	 * @param until when it ends
	 */
	public record Current(int phase, FaultPhase fault, Instant since, Instant until) {

	}

}

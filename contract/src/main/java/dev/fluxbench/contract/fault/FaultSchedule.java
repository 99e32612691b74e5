package dev.fluxbench.contract.fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

/**
 * Faults that change over time: the downstream's phases, one after the other from the
 * moment the schedule is set, as {@code PUT /faults/schedule} takes them and a scenario's
 * {@code faults:} describes them. After the last phase the downstream is healthy again,
 * unless {@code repeat} starts the phases over.
 *
 * @param phases the phases, in order
 * @param repeat whether the first phase follows the last one, until the schedule is
 * cleared; false when left out
 */
public record FaultSchedule(@NotEmpty List<@NotNull @Valid FaultPhase> phases, Boolean repeat) {

	/**
	 * Where the downstream takes a schedule: {@code PUT} sets it, {@code GET} reads it,
	 * {@code DELETE} clears it.
	 */
	public static final String PATH = "/faults/schedule";

	public FaultSchedule {
		// Null entries are kept for the validator to name, rather than failed on here,
		// where deserialization would report them as a body of the wrong shape.
		phases = (phases != null) ? Collections.unmodifiableList(new ArrayList<>(phases)) : List.of();
		// A wrapper, so that a body without the key reads as false rather than as a null
		// primitive.
		repeat = Boolean.TRUE.equals(repeat);
	}

	public static FaultSchedule of(List<FaultPhase> phases) {
		return new FaultSchedule(phases, false);
	}

	/** One pass over every phase. */
	public Duration length() {
		Duration length = Duration.ZERO;
		for (FaultPhase phase : this.phases) {
			length = length.plus(phase.hold());
		}
		return length;
	}

	/**
	 * The phase under way this long after the schedule started; empty once it is over.
	 */
	public Optional<Window> at(Duration elapsed) {
		Duration length = length();
		if (elapsed.isNegative() || !length.isPositive() || (!this.repeat && elapsed.compareTo(length) >= 0)) {
			return Optional.empty();
		}
		long passes = this.repeat ? elapsed.dividedBy(length) : 0;
		Duration from = length.multipliedBy(passes);
		for (int i = 0; i < this.phases.size(); i++) {
			Duration to = from.plus(this.phases.get(i).hold());
			if (elapsed.compareTo(to) < 0) {
				return Optional.of(new Window(i + 1, this.phases.get(i), from, to));
			}
			from = to;
		}
		return Optional.empty();
	}

	/**
	 * Every phase from the start until {@code end}, each repeat anew, the last one cut
	 * short at {@code end}: what a chart of that stretch of time shades.
	 */
	public List<Window> until(Duration end) {
		List<Window> windows = new ArrayList<>();
		Duration length = length();
		if (!length.isPositive() || !end.isPositive()) {
			return windows;
		}
		Duration from = Duration.ZERO;
		do {
			for (int i = 0; i < this.phases.size() && from.compareTo(end) < 0; i++) {
				Duration to = from.plus(this.phases.get(i).hold());
				windows.add(new Window(i + 1, this.phases.get(i), from, (to.compareTo(end) < 0) ? to : end));
				from = to;
			}
		}
		while (this.repeat && from.compareTo(end) < 0);
		return windows;
	}

	/**
	 * A phase as it happens: which one, and when it starts and ends, counted from the
	 * moment the schedule was set.
	 *
	 * @param phase its number in the schedule, from 1
	 * @param fault the phase
	 * @param from when it starts
	 * @param to when it ends
	 */
	public record Window(int phase, FaultPhase fault, Duration from, Duration to) {

	}

}

package dev.fluxbench.harness.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;

/**
 * {@code faults.json} in a load's directory: the fault schedule the downstream ran
 * through during that load, and when it started, so that the report, which reads only
 * result files, can place each phase on the load's timeline. Written when the schedule is
 * set, before the load's first request, so a run killed during the load keeps it;
 * rewritten when it is cleared.
 *
 * @param formatVersion {@link #FORMAT_VERSION} when written
 * @param phases the phases, in order
 * @param repeat whether they started over after the last one
 * @param started when the downstream started the schedule, by its own clock: the harness'
 * on one machine, and the load's samples share it
 * @param cleared when the schedule was cleared after the load; empty when the run died
 * first
 */
public record FaultsJson(int formatVersion, List<FaultPhase> phases, boolean repeat, Optional<Instant> started,
		Optional<Instant> cleared) {

	/** Raised when a key changes meaning. */
	public static final int FORMAT_VERSION = 1;

	public FaultsJson {
		phases = phases(phases);
		started = ResultJson.optional(started);
		cleared = ResultJson.optional(cleared);
	}

	/** A schedule just set. */
	public static FaultsJson started(FaultSchedule schedule, Instant started) {
		return new FaultsJson(FORMAT_VERSION, schedule.phases(), schedule.repeat(), Optional.of(started),
				Optional.empty());
	}

	/** The same schedule, cleared. */
	public FaultsJson clearedAt(Instant cleared) {
		return new FaultsJson(this.formatVersion, this.phases, this.repeat, this.started, Optional.of(cleared));
	}

	public FaultSchedule schedule() {
		return new FaultSchedule(this.phases, this.repeat);
	}

	/**
	 * Reads a load's faults.json, leniently; empty when the load had none.
	 * @throws IllegalArgumentException in one line, when the file is not JSON or holds no
	 * object
	 */
	public static Optional<FaultsJson> read(Path file) {
		return Files.isRegularFile(file) ? Optional.of(ResultJson.read(file, FaultsJson.class, "faults.json"))
				: Optional.empty();
	}

	/** Replaces the file whole. */
	public void write(Path file) {
		ResultsDirectory.writeAtomically(file, ResultJson.write(this));
	}

	/**
	 * Phases as a file holds them: one without its length cannot be placed, and is left
	 * out.
	 */
	static List<FaultPhase> phases(List<FaultPhase> phases) {
		return ResultJson.list(phases).stream().filter((phase) -> Objects.nonNull(phase.hold())).toList();
	}

}

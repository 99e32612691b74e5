package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Warmup;

/**
 * run.json as the report asks it: the figures it derives from the record (the load unit,
 * the think time, Little's law) and where an older file says the same thing differently.
 * Reading is {@link RunJson}'s business, and lenient: a run killed with SIGKILL, or
 * recorded by an older harness, may lack any key, and the report still says what it can.
 *
 * @param json the file as read
 */
public record RunRecord(RunJson json) {

	public String scenario() {
		return this.json.scenario().name();
	}

	/**
	 * {@code running}, {@code finished}, {@code failed}, {@code interrupted}, or
	 * {@code unknown}.
	 */
	public String status() {
		return this.json.status().word();
	}

	/** Whether every load of every stack ran to its end. */
	public boolean isComplete() {
		return this.json.status() == RunJson.Status.FINISHED;
	}

	public boolean isOpenModel() {
		return this.json.scenario().model().startsWith("open");
	}

	public String loadUnit() {
		return isOpenModel() ? "requests/s" : "users";
	}

	/** The open model's cap on generator threads; empty in the closed model. */
	public Optional<Integer> maxThreads() {
		return this.json.scenario().maxThreads();
	}

	public int trials() {
		return this.json.trials();
	}

	public double scale() {
		return this.json.scale();
	}

	/** The targets (built-in stacks or given services) in the first trial's order. */
	public List<String> stacks() {
		return this.json.targets();
	}

	public List<Integer> loads() {
		return this.json.scenario().loads();
	}

	public List<String> appJvmFlags() {
		return this.json.appJvmFlags();
	}

	public Optional<Instant> started() {
		return this.json.started();
	}

	public Optional<Instant> ended() {
		return this.json.ended();
	}

	public Duration rampUp() {
		return this.json.scenario().rampUp();
	}

	/** The ramp-up of one level: in the open model each stage has its own. */
	public Duration rampUp(int load) {
		return this.json.scenario()
			.levels()
			.stream()
			.filter((level) -> level.load() == load)
			.map(RunJson.Level::rampUp)
			.findFirst()
			.orElse(rampUp());
	}

	/** The pause before each request, taken as the middle of its uniform range. */
	public Duration meanThinkTime() {
		List<Duration> range = thinkTime();
		return range.isEmpty() ? Duration.ZERO : range.get(0).plus(range.get(1)).dividedBy(2);
	}

	/**
	 * The shortest and longest pause before a request; empty when run.json does not say.
	 */
	public List<Duration> thinkTime() {
		String[] range = this.json.scenario().thinkTime().split("\\.\\.");
		if (range.length != 2) {
			return List.of();
		}
		Optional<Duration> min = duration(range[0]);
		Optional<Duration> max = duration(range[1]);
		return (min.isPresent() && max.isPresent()) ? List.of(min.get(), max.get()) : List.of();
	}

	public List<RunJson.Request> requests() {
		return this.json.scenario().requests();
	}

	/**
	 * The most requests per second the load could ask for, by Little's law: a user spends
	 * at least the requests' floors and its pauses per round. Only known when some
	 * request has a floor (a passthrough); in the open model it is the target rate
	 * itself.
	 */
	public Optional<Double> littlesLawLimit(int load) {
		if (isOpenModel()) {
			return Optional.of((double) load);
		}
		Optional<RunJson.Round> recorded = this.json.scenario().round();
		if (recorded.isPresent()) {
			// Repeats and pauses counted: the harness worked it out from the journey.
			RunJson.Round round = recorded.get();
			if (!round.hasFloor() || round.floor().isZero() || round.requests() <= 0) {
				return Optional.empty();
			}
			return Optional.of(load * (double) round.requests() / (round.floor().toNanos() / 1e9));
		}
		// Older files have no round: one pass over the requests, each after a pause.
		List<RunJson.Request> requests = requests();
		Duration round = meanThinkTime().multipliedBy(requests.size());
		for (RunJson.Request request : requests) {
			round = round.plus(request.floor());
		}
		if (requests.isEmpty() || requests.stream().allMatch((request) -> request.floor().isZero())) {
			return Optional.empty();
		}
		return Optional.of(load * requests.size() / (round.toNanos() / 1e9));
	}

	/** Every start of a target, in the order they ran. */
	public List<RunJson.TargetRun> stackRuns() {
		return this.json.targetRuns();
	}

	/** How a target's warm-up in a trial went; empty when it had none recorded. */
	public Optional<Warmup> warmup(int trial, String stack) {
		return stackRuns().stream()
			.filter((run) -> run.trial() == trial && run.target().equals(stack))
			.flatMap((run) -> run.warmup().stream())
			.findFirst();
	}

	/**
	 * The largest share of the app's CPU its JIT may take in a steady load: what the
	 * target's warm-up was judged by.
	 */
	public double maxCompileShare(int trial, String stack) {
		return warmup(trial, stack).map(Warmup::maxCompileShare).orElse(Warmup.DEFAULT_MAX_COMPILE_SHARE);
	}

	public Optional<RunJson.LoadRun> loadRun(int trial, String stack, int load) {
		return stackRuns().stream()
			.filter((run) -> run.trial() == trial && run.target().equals(stack))
			.flatMap((run) -> run.loads().stream())
			.filter((run) -> run.load() == load)
			.findFirst();
	}

	/**
	 * Whether a level ran for a time, its users iterating until it ended, rather than for
	 * a number of iterations: a journey cut short by its end left nobody's load lighter.
	 * Open-model stages are always held.
	 */
	public boolean isHeld(int load) {
		if (isOpenModel()) {
			return true;
		}
		String termination = this.json.scenario()
			.levels()
			.stream()
			.filter((level) -> level.load() == load)
			.map(RunJson.Level::termination)
			.findFirst()
			.orElse(this.json.scenario().termination());
		// As Termination.Hold words it; run.json keeps the words.
		return termination.startsWith("held");
	}

	/**
	 * Whether run.json has the load's end: a load without it is shown, marked, and kept
	 * out of every verdict.
	 */
	public boolean isFinished(int trial, String stack, int load) {
		return loadRun(trial, stack, load).flatMap(RunJson.LoadRun::finished).isPresent();
	}

	public List<String> failedAssertions() {
		return this.json.failedAssertions();
	}

	private static Optional<Duration> duration(String text) {
		try {
			return Optional.of(Duration.parse(text));
		}
		catch (DateTimeParseException ex) {
			return Optional.empty();
		}
	}

}

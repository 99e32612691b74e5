package dev.fluxbench.harness.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import dev.fluxbench.contract.fault.FaultPhase;

/**
 * A load scenario, as read from its file (see docs/scenario-format.md): who calls what,
 * how many, for how long, and what must hold.
 *
 * @param name the name {@code fluxbench run --scenario} takes, and every result file
 * records
 * @param description one line for {@code fluxbench list}
 * @param source where it was read from: a built-in's path in the repository, or the
 * user's file
 * @param seeds the seed documents it reproduces, by file name
 * @param stacks the built-in stacks measured when neither {@code --stacks} nor
 * {@code --target} says
 * @param trials how many times each target is measured, in rotating order
 * @param warmup how long each freshly started target is driven before measuring; not
 * recorded
 * @param connectTimeout how long the generator waits for a connection
 * @param responseTimeout how long the generator waits for an answer before it counts a
 * timeout
 * @param workload the load levels and the model
 * @param variables constants every step may reference
 * @param feeders CSV files whose columns become variables, a row per iteration
 * @param journey what each user does per iteration, in order
 * @param assertions what must hold at every load level of every target
 * @param scale the factor users and durations were multiplied by, 1 unless
 * {@link #scaled} was used
 * @param faults the downstream's fault phases, set anew when each measured load starts;
 * none for a healthy downstream throughout
 */
public record Scenario(String name, String description, String source, List<String> seeds, List<Stack> stacks,
		int trials, Duration warmup, Duration connectTimeout, Duration responseTimeout, Workload workload,
		Map<String, String> variables, List<Feeder> feeders, List<Step> journey, List<Assertion> assertions,
		double scale, List<FaultPhase> faults) {

	/**
	 * JMeter schedules thread groups in whole seconds: a shorter scaled duration would
	 * become 0.
	 */
	static final Duration SHORTEST = Duration.ofSeconds(1);

	public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

	/**
	 * Far beyond the thesis' 10 s p99 limit: a request this slow is a timeout, not a data
	 * point.
	 */
	public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(30);

	public Scenario {
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(workload, "workload");
		seeds = List.copyOf(seeds);
		stacks = List.copyOf(stacks);
		variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
		feeders = List.copyOf(feeders);
		journey = List.copyOf(journey);
		assertions = List.copyOf(assertions);
		faults = List.copyOf(faults);
		if (stacks.isEmpty()) {
			throw new IllegalArgumentException("A scenario names at least one stack");
		}
		if (journey.stream().flatMap(Step::requests).findAny().isEmpty()) {
			throw new IllegalArgumentException("A journey makes at least one request");
		}
		if (trials < 1) {
			throw new IllegalArgumentException("trials must be at least 1: " + trials);
		}
		if (warmup.isNegative()) {
			throw new IllegalArgumentException("warmup must not be negative: " + warmup);
		}
		if (!connectTimeout.isPositive() || !responseTimeout.isPositive()) {
			throw new IllegalArgumentException("timeouts must be positive");
		}
		if (!(scale > 0) || Double.isInfinite(scale)) {
			throw new IllegalArgumentException("scale must be a positive number: " + scale);
		}
		if (faults.stream().anyMatch((phase) -> !phase.hold().isPositive())) {
			throw new IllegalArgumentException("every fault phase must last longer than 0s");
		}
	}

	/** Every request of the journey, repeats and all, in journey order (each once). */
	public List<Step.Request> requests() {
		return this.journey.stream().flatMap(Step::requests).toList();
	}

	public List<Workload.Level> levels() {
		return this.workload.levels();
	}

	public List<Integer> loads() {
		return levels().stream().map(Workload.Level::load).toList();
	}

	public boolean isOpenModel() {
		return this.workload instanceof Workload.Open;
	}

	/**
	 * The think time before each request; none in the open model, where the rate rules.
	 */
	public Step.Pause thinkTime() {
		return (this.workload instanceof Workload.Closed closed) ? closed.thinkTime() : Step.Pause.NONE;
	}

	/**
	 * Whether the built-in stacks need the LDAP directory: a request that sends
	 * credentials it checks.
	 */
	public boolean needsDirectory() {
		Set<String> issued = requests().stream()
			.flatMap((request) -> request.extractions().stream())
			.map(Step.Extraction::variable)
			.collect(Collectors.toSet());
		return requests().stream().anyMatch((request) -> request.sendsCredentials(issued));
	}

	public Round round() {
		int[] count = { 0 };
		Duration floor = round(this.journey, 1, count);
		return new Round(count[0], floor, requests().stream().anyMatch((request) -> request.floor().isPositive()));
	}

	private Duration round(List<Step> steps, int times, int[] count) {
		Duration total = Duration.ZERO;
		for (Step step : steps) {
			total = total.plus(switch (step) {
				case Step.Request request -> {
					count[0] += times;
					yield request.floor().plus(thinkTime().mean()).multipliedBy(times);
				}
				case Step.Pause pause -> pause.mean().multipliedBy(times);
				case Step.Repeat repeat -> round(repeat.steps(), times * repeat.times(), count);
			});
		}
		return total;
	}

	/** A rough estimate of one level's length, for the status line's "remaining". */
	public Duration estimatedLength(Workload.Level level) {
		return level.estimatedLength(round().floor());
	}

	public Scenario withSource(String source) {
		return new Scenario(this.name, this.description, source, this.seeds, this.stacks, this.trials, this.warmup,
				this.connectTimeout, this.responseTimeout, this.workload, this.variables, this.feeders, this.journey,
				this.assertions, this.scale, this.faults);
	}

	public Scenario withTrials(int trials) {
		return new Scenario(this.name, this.description, this.source, this.seeds, this.stacks, trials, this.warmup,
				this.connectTimeout, this.responseTimeout, this.workload, this.variables, this.feeders, this.journey,
				this.assertions, this.scale, this.faults);
	}

	public Scenario withStacks(List<Stack> stacks) {
		return new Scenario(this.name, this.description, this.source, this.seeds, stacks, this.trials, this.warmup,
				this.connectTimeout, this.responseTimeout, this.workload, this.variables, this.feeders, this.journey,
				this.assertions, this.scale, this.faults);
	}

	public Scenario withWarmup(Duration warmup) {
		return new Scenario(this.name, this.description, this.source, this.seeds, this.stacks, this.trials, warmup,
				this.connectTimeout, this.responseTimeout, this.workload, this.variables, this.feeders, this.journey,
				this.assertions, this.scale, this.faults);
	}

	public Scenario withWorkload(Workload workload) {
		return new Scenario(this.name, this.description, this.source, this.seeds, this.stacks, this.trials, this.warmup,
				this.connectTimeout, this.responseTimeout, workload, this.variables, this.feeders, this.journey,
				this.assertions, this.scale, this.faults);
	}

	/** Other load levels, each ramped and ended as the first level was. */
	public Scenario withLoads(List<Integer> loads) {
		Workload.Level first = levels().getFirst();
		List<Workload.Level> levels = loads.stream()
			.map((load) -> new Workload.Level(load, first.rampUp(), first.termination()))
			.toList();
		return withWorkload(rebuilt(levels));
	}

	/** Every level held this long instead of its iterations or hold time. */
	public Scenario withHold(Duration hold) {
		return withWorkload(rebuilt(levels().stream()
			.map((level) -> new Workload.Level(level.load(), level.rampUp(), new Termination.Hold(hold)))
			.toList()));
	}

	private Workload rebuilt(List<Workload.Level> levels) {
		return switch (this.workload) {
			case Workload.Closed closed -> new Workload.Closed(levels, closed.thinkTime());
			case Workload.Open open -> new Workload.Open(levels, open.maxThreads());
		};
	}

	/**
	 * This scenario with users (or rates) and its ramp-up, hold, warm-up and fault phases
	 * multiplied by {@code factor}. Think times, pauses, floors, iterations and stalls
	 * stay: they describe the clients and the service, not the size of the test. Nothing
	 * drops below one user or one second.
	 */
	public Scenario scaled(double factor) {
		if (!(factor > 0) || Double.isInfinite(factor)) {
			throw new IllegalArgumentException("scale must be a positive number: " + factor);
		}
		List<Workload.Level> levels = new ArrayList<>();
		for (Workload.Level level : levels()) {
			Termination termination = (level.termination() instanceof Termination.Hold(Duration hold))
					? new Termination.Hold(atLeastOneSecond(times(hold, factor))) : level.termination();
			levels.add(new Workload.Level((int) Math.max(1, Math.round(level.load() * factor)),
					nonZero(times(level.rampUp(), factor)), termination));
		}
		Workload scaled = switch (this.workload) {
			case Workload.Closed closed -> new Workload.Closed(levels, closed.thinkTime());
			case Workload.Open open ->
				new Workload.Open(levels, (int) Math.max(1, Math.round(open.maxThreads() * factor)));
		};
		List<FaultPhase> faults = this.faults.stream()
			.map((phase) -> new FaultPhase(scaledPhase(phase.hold(), factor), phase.status(), phase.rate(),
					phase.stall()))
			.toList();
		return new Scenario(this.name, this.description, this.source, this.seeds, this.stacks, this.trials,
				nonZero(times(this.warmup, factor)), this.connectTimeout, this.responseTimeout, scaled, this.variables,
				this.feeders, this.journey, this.assertions, this.scale * factor, faults);
	}

	/**
	 * Other fault phases, as {@code fluxbench run --faults} gives them; none for a
	 * healthy downstream.
	 */
	public Scenario withFaults(List<FaultPhase> faults) {
		return new Scenario(this.name, this.description, this.source, this.seeds, this.stacks, this.trials, this.warmup,
				this.connectTimeout, this.responseTimeout, this.workload, this.variables, this.feeders, this.journey,
				this.assertions, this.scale, faults);
	}

	/** Whether the downstream gets a fault schedule during each load. */
	public boolean hasFaults() {
		return !this.faults.isEmpty();
	}

	/**
	 * A phase lasts {@code factor} times as long, and not under a second unless it was
	 * written shorter.
	 */
	private static Duration scaledPhase(Duration hold, double factor) {
		Duration scaled = times(hold, factor);
		Duration least = (hold.compareTo(SHORTEST) < 0) ? hold : SHORTEST;
		return (scaled.compareTo(least) < 0) ? least : scaled;
	}

	public Optional<String> primarySeed() {
		return this.seeds.stream().findFirst();
	}

	private static Duration times(Duration duration, double factor) {
		return Duration.ofMillis(Math.round(duration.toMillis() * factor));
	}

	private static Duration nonZero(Duration duration) {
		return duration.isZero() ? duration : atLeastOneSecond(duration);
	}

	private static Duration atLeastOneSecond(Duration duration) {
		return (duration.compareTo(SHORTEST) < 0) ? SHORTEST : duration;
	}

	/**
	 * A CSV file whose header names its columns; each iteration of a user takes the next
	 * row.
	 *
	 * @param file the file, resolved against the scenario file's directory
	 * @param columns the header's names, the variables it defines
	 * @param recycle whether to start over at the end, rather than stop the user
	 * @param random whether rows are taken in random order
	 */
	public record Feeder(Path file, List<String> columns, boolean recycle, boolean random) {

		public Feeder {
			columns = List.copyOf(columns);
		}

	}

	/**
	 * The least a user spends on one journey, and how many requests it makes: Little's
	 * law turns them into the most requests per second a closed load can ask for.
	 *
	 * @param requests requests per journey, repeats counted
	 * @param floor the requests' floors, the pauses and the think times per journey
	 * @param hasFloor whether any request sets a floor; without one, the server's own
	 * time dominates and the limit says nothing
	 */
	public record Round(int requests, Duration floor, boolean hasFloor) {

	}

}

package dev.fluxbench.harness.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * A load scenario, as data: who calls what, how many, for how long, and what must hold. Immutable;
 * each fluent method returns a copy, in the jmeter-java-dsl style:
 *
 * <pre>{@code
 * scenario("thesis-normal").seeds(Seed.THESIS).users(350).rampUp(ofSeconds(60)).iterations(1)
 *     .requests(Request.artistById()).assertions(p99Below(ofSeconds(10)), errorsBelow(10))
 * }</pre>
 *
 * @param name the name {@code fluxbench run --scenario} takes
 * @param description one line for {@code fluxbench list}
 * @param seeds the seed documents it reproduces
 * @param loads the load levels, run one after the other: concurrent users, or requests per second
 * in the {@linkplain #openModel() open model}
 * @param rampUp how long it takes to reach each load level
 * @param termination when each user, or the load level, ends
 * @param thinkTimeMin the shortest pause before each request (uniformly random up to the max)
 * @param thinkTimeMax the longest pause before each request
 * @param requests what each user does per iteration, in order
 * @param assertions what must hold at every load level of every stack
 * @param warmup how long each freshly started stack is driven before measuring; not recorded
 * @param trials how many times each stack is measured, in rotating order
 * @param maxThreads in the open model, the cap on generator threads; 0 in the closed model
 * @param responseTimeout how long the generator waits for a response before it counts a timeout
 * @param scale the factor users and durations were multiplied by, 1 unless {@link #scaled} was used
 * @param stacks the stacks (variants) measured when {@code --stacks} does not say
 */
public record Scenario(String name, String description, List<Seed> seeds, List<Integer> loads, Duration rampUp,
		Termination termination, Duration thinkTimeMin, Duration thinkTimeMax, List<Request> requests,
		List<Assertion> assertions, Duration warmup, int trials, int maxThreads, Duration responseTimeout,
		double scale, List<Stack> stacks) {

	/** JMeter schedules thread groups in whole seconds: a shorter scaled duration would become 0. */
	static final Duration SHORTEST = Duration.ofSeconds(1);

	public Scenario {
		Objects.requireNonNull(name, "name");
		seeds = List.copyOf(seeds);
		loads = List.copyOf(loads);
		requests = List.copyOf(requests);
		assertions = List.copyOf(assertions);
		stacks = List.copyOf(stacks);
		if (stacks.isEmpty()) {
			throw new IllegalArgumentException("A scenario measures at least one stack");
		}
		Objects.requireNonNull(termination, "termination");
		if (loads.stream().anyMatch((load) -> load < 1)) {
			throw new IllegalArgumentException("Every load must be at least 1: " + loads);
		}
		if (rampUp.isNegative() || warmup.isNegative() || thinkTimeMin.isNegative()
				|| thinkTimeMax.compareTo(thinkTimeMin) < 0) {
			throw new IllegalArgumentException("Durations must not be negative, and think time min <= max");
		}
		if (responseTimeout.isNegative() || responseTimeout.isZero()) {
			throw new IllegalArgumentException("responseTimeout must be positive: " + responseTimeout);
		}
		if (trials < 1) {
			throw new IllegalArgumentException("trials must be at least 1: " + trials);
		}
		if (!(scale > 0) || Double.isInfinite(scale)) {
			throw new IllegalArgumentException("scale must be a positive number: " + scale);
		}
	}

	/** Far beyond the thesis' 10 s p99 limit: a request this slow is a timeout, not a data point. */
	public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(30);

	/** A scenario with only a name: one user, one iteration, no requests yet. */
	public static Scenario scenario(String name) {
		return new Scenario(name, "", List.of(), List.of(1), Duration.ZERO, new Termination.Iterations(1),
				Duration.ZERO, Duration.ZERO, List.of(), List.of(), Duration.ZERO, 1, 0, DEFAULT_RESPONSE_TIMEOUT, 1.0,
				Stack.DEFAULT);
	}

	public Scenario describedAs(String description) {
		return new Scenario(this.name, description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	public Scenario seeds(Seed... seeds) {
		return new Scenario(this.name, this.description, List.of(seeds), this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	/** One load level of this many concurrent users. */
	public Scenario users(int users) {
		return loads(users);
	}

	/** Several load levels, run one after the other. */
	public Scenario loads(int... loads) {
		return new Scenario(this.name, this.description, this.seeds, IntStream.of(loads).boxed().toList(), this.rampUp,
				this.termination, this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup,
				this.trials, this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	public Scenario rampUp(Duration rampUp) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	public Scenario iterations(int count) {
		return terminatedBy(new Termination.Iterations(count));
	}

	public Scenario holdFor(Duration hold) {
		return terminatedBy(new Termination.Hold(hold));
	}

	private Scenario terminatedBy(Termination termination) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	/** A uniformly random pause between {@code min} and {@code max} before each request. */
	public Scenario thinkTime(Duration min, Duration max) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination, min,
				max, this.requests, this.assertions, this.warmup, this.trials, this.maxThreads, this.responseTimeout,
				this.scale, this.stacks);
	}

	public Scenario requests(Request... requests) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, List.of(requests), this.assertions, this.warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	public Scenario assertions(Assertion... assertions) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, List.of(assertions), this.warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	public Scenario warmup(Duration warmup) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	public Scenario trials(int trials) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, trials,
				this.maxThreads, this.responseTimeout, this.scale, this.stacks);
	}

	/**
	 * The open model: loads become target requests per second, started by up to {@code maxThreads}
	 * generator threads whatever the server's response time, so a slow server faces a growing
	 * queue as real clients would make, rather than fewer requests.
	 */
	public Scenario openModel(int maxThreads) {
		if (maxThreads < 1) {
			throw new IllegalArgumentException("maxThreads must be at least 1: " + maxThreads);
		}
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, this.trials, maxThreads,
				this.responseTimeout, this.scale, this.stacks);
	}

	public Scenario responseTimeout(Duration timeout) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, this.trials,
				this.maxThreads, timeout, this.scale, this.stacks);
	}

	/** The stacks measured unless {@code --stacks} names others. */
	public Scenario stacks(List<Stack> stacks) {
		return new Scenario(this.name, this.description, this.seeds, this.loads, this.rampUp, this.termination,
				this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions, this.warmup, this.trials,
				this.maxThreads, this.responseTimeout, this.scale, stacks);
	}

	/**
	 * Whether the stacks need the LDAP directory: a request that sends credentials is checked
	 * against it on every call.
	 */
	public boolean needsDirectory() {
		return this.requests.stream().anyMatch(Request::sendsCredentials);
	}

	public boolean isOpenModel() {
		return this.maxThreads > 0;
	}

	/**
	 * This scenario with users (or rates) and its ramp-up, hold and warm-up multiplied by
	 * {@code factor}. Think times, request delays and iterations stay: they describe the clients
	 * and the service, not the size of the test. Nothing drops below one user or one second.
	 */
	public Scenario scaled(double factor) {
		if (!(factor > 0) || Double.isInfinite(factor)) {
			throw new IllegalArgumentException("scale must be a positive number: " + factor);
		}
		List<Integer> scaledLoads = new ArrayList<>();
		for (int load : this.loads) {
			scaledLoads.add((int) Math.max(1, Math.round(load * factor)));
		}
		Termination scaledTermination = (this.termination instanceof Termination.Hold(Duration hold))
				? new Termination.Hold(atLeastOneSecond(times(hold, factor))) : this.termination;
		int scaledMaxThreads = isOpenModel() ? (int) Math.max(1, Math.round(this.maxThreads * factor)) : 0;
		return new Scenario(this.name, this.description, this.seeds, scaledLoads, nonZero(times(this.rampUp, factor)),
				scaledTermination, this.thinkTimeMin, this.thinkTimeMax, this.requests, this.assertions,
				nonZero(times(this.warmup, factor)), this.trials, scaledMaxThreads, this.responseTimeout,
				this.scale * factor, this.stacks);
	}

	/** A rough estimate of one load level's length, for the status line's "remaining". */
	public Duration estimatedLength() {
		Duration perIteration = this.thinkTimeMin.plus(this.thinkTimeMax)
			.dividedBy(2)
			.multipliedBy(this.requests.size());
		return switch (this.termination) {
			case Termination.Hold(Duration hold) -> this.rampUp.plus(hold);
			case Termination.Iterations(int count) -> this.rampUp.plus(perIteration.multipliedBy(count));
		};
	}

	public Optional<Seed> primarySeed() {
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

}

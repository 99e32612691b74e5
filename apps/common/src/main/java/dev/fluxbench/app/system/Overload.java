package dev.fluxbench.app.system;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;

import org.springframework.beans.factory.ObjectProvider;

/**
 * What both stacks count when they refuse work or lose a client, under the same names so
 * that one query reads every stack: {@code fluxbench_overload_total{reason}}, the 503s a
 * saturated pool or the in-flight limit gave, and
 * {@code fluxbench_client_disconnects_total}, the requests whose client went away before
 * the answer.
 */
public final class Overload {

	/**
	 * How long a refused client should wait before it tries again, in every 503's
	 * {@code Retry-After}. Short: the pools that refused free up as soon as the burst
	 * passes, and a client that waits longer than its own timeout would not retry at all.
	 */
	public static final Duration RETRY_AFTER = Duration.ofSeconds(1);

	static final String OVERLOAD_METER = "fluxbench.overload";

	static final String DISCONNECT_METER = "fluxbench.client.disconnects";

	private final Map<ProblemType, Counter> refusals = new EnumMap<>(ProblemType.class);

	private final Counter disconnects;

	/**
	 * Registers every meter at once, so that counting on an event loop never takes the
	 * registry's lock.
	 */
	public Overload(MeterRegistry registry) {
		for (ProblemType type : List.of(ProblemType.OVERLOADED, ProblemType.DATABASE_SATURATED,
				ProblemType.DOWNSTREAM_SATURATED)) {
			this.refusals.put(type,
					Counter.builder(OVERLOAD_METER)
						.description("Requests answered 503 because a pool or the in-flight limit was full")
						.tag("reason", slug(type))
						.register(registry));
		}
		this.disconnects = Counter.builder(DISCONNECT_METER)
			.description("Requests whose client went away before the answer")
			.register(registry);
	}

	/**
	 * The application's registry, or Micrometer's global one when a slice test runs
	 * without metrics.
	 */
	public static Overload of(ObjectProvider<MeterRegistry> registry) {
		return new Overload(registry.getIfAvailable(() -> Metrics.globalRegistry));
	}

	/** Whether a problem of this type means the stack refused work it had no room for. */
	public static boolean isOverload(ProblemType type) {
		return type == ProblemType.OVERLOADED || type == ProblemType.DATABASE_SATURATED
				|| type == ProblemType.DOWNSTREAM_SATURATED;
	}

	/**
	 * Counts a refusal of one of the {@link #isOverload overload} types; any other is not
	 * counted.
	 */
	public void refused(ProblemType type) {
		Counter counter = this.refusals.get(type);
		if (counter != null) {
			counter.increment();
		}
	}

	public void disconnected() {
		this.disconnects.increment();
	}

	/**
	 * The answer of a pool that had no connection to give in time, in the same words in
	 * every stack.
	 */
	public static Problem saturated(ProblemType type) {
		String detail = (type == ProblemType.DATABASE_SATURATED)
				? "No database connection came free in time; try again later."
				: "Too many requests are waiting for a connection to the downstream; try again later.";
		return Problem.of(type, detail);
	}

	/**
	 * The innermost cause in one line, for a log line that needs no stack trace to be
	 * read.
	 */
	public static String rootMessage(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return root.getClass().getSimpleName() + ": " + root.getMessage();
	}

	/** {@code Retry-After} in delay-seconds, the form every HTTP client reads. */
	public static String retryAfter() {
		return Long.toString(RETRY_AFTER.toSeconds());
	}

	private static String slug(ProblemType type) {
		String urn = type.type().toString();
		return urn.substring(urn.lastIndexOf(':') + 1);
	}

}

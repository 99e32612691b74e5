package dev.fluxbench.downstream;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.problem.BadInput;
import org.jspecify.annotations.Nullable;

import org.springframework.web.reactive.function.server.ServerRequest;

/**
 * The fault knobs of one request, read from its {@link FaultHeaders}, or else from the
 * fault schedule's phase under way. Headers rather than parameters, because the
 * passthrough apps forward them untouched: a test makes the downstream fail behind a
 * whole stack without the stack knowing. A request with any fault header takes its knobs
 * from its headers alone, so a test that sends them gets what it asked for whatever the
 * schedule says.
 *
 * @param status the status to fail with; without {@code rate}, every request fails with
 * it
 * @param rate the fraction of requests that fail, with {@code status} or else 500
 * @param stall how long to wait instead of the delay the request asked for
 * @param phase the schedule's phase the knobs come from, from 1; null when they come from
 * headers
 */
record Faults(@Nullable Integer status, @Nullable Double rate, @Nullable Duration stall, @Nullable Integer phase) {

	private static final Faults NONE = new Faults(null, null, null, null);

	/**
	 * The request's own knobs when it sends any, else the phase's.
	 * @param schedule the phase under way, asked only for a request without fault headers
	 */
	static Faults of(ServerRequest.Headers headers, Duration maxWait,
			Supplier<Optional<FaultSchedule.Window>> schedule) {
		if (FaultHeaders.ALL.stream().noneMatch((name) -> headers.firstHeader(name) != null)) {
			return schedule.get().map(Faults::of).orElse(NONE);
		}
		return of(headers, maxWait);
	}

	static Faults of(FaultSchedule.Window window) {
		FaultPhase fault = window.fault();
		return new Faults(fault.status(), fault.rate(), fault.stall(), window.phase());
	}

	static Faults of(ServerRequest.Headers headers, Duration maxWait) {
		Integer status = knob(headers, FaultHeaders.STATUS, Integer::valueOf, (s) -> s >= 400 && s <= 599,
				"an integer from 400 to 599");
		Double rate = knob(headers, FaultHeaders.RATE, Double::valueOf, (r) -> r >= 0.0 && r <= 1.0,
				"a number from 0.0 to 1.0");
		Long stall = knob(headers, FaultHeaders.STALL, Long::valueOf, (ms) -> ms >= 0 && ms <= maxWait.toMillis(),
				"milliseconds from 0 to " + maxWait.toMillis());
		return new Faults(status, rate, (stall != null) ? Duration.ofMillis(stall) : null, null);
	}

	/**
	 * Rolls the dice for one request: the status to fail it with, or empty to answer
	 * normally.
	 */
	OptionalInt failure() {
		boolean fails = (this.rate != null) ? ThreadLocalRandom.current().nextDouble() < this.rate
				: this.status != null;
		return fails ? OptionalInt.of((this.status != null) ? this.status : FaultPhase.DEFAULT_FAILURE)
				: OptionalInt.empty();
	}

	/** What made a request fail, for the problem's detail. */
	String failureKnob() {
		if (this.phase != null) {
			return "phase " + this.phase + " of the fault schedule";
		}
		return (this.rate != null) ? FaultHeaders.RATE : FaultHeaders.STATUS;
	}

	/**
	 * How long to hold a request that asked for {@code requested}. Failures wait too, so
	 * that a failing downstream costs its caller as much time as a healthy one; ask for
	 * no delay to fail fast.
	 */
	Duration wait(Duration requested) {
		return (this.stall != null) ? this.stall : requested;
	}

	private static <T> @Nullable T knob(ServerRequest.Headers headers, String name, Function<String, T> parse,
			Predicate<T> valid, String expected) {
		String value = headers.firstHeader(name);
		if (value == null) {
			return null;
		}
		try {
			T parsed = parse.apply(value.strip());
			if (valid.test(parsed)) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// Falls through to the same answer as a number out of range.
		}
		throw new ProblemException(BadInput.invalidParameter(name, value, "expected " + expected));
	}

}

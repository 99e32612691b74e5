package dev.fluxbench.harness.run;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

import dev.fluxbench.harness.metrics.InFlight;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.target.Target;

/**
 * What a run prints as it goes: a line when a target starts, after its warm-up and after
 * each load, and a {@link StatusLine} while load runs. Kept apart from the benchmark so
 * that its wording is found in one place.
 */
final class Console {

	private final PrintWriter out;

	Console(PrintWriter out) {
		this.out = out;
	}

	PrintWriter writer() {
		return this.out;
	}

	/**
	 * {@code [quick] mvc trial 1/3: starting}, or the address a given service is driven
	 * at.
	 */
	void starting(String name, int trials, Target target) {
		this.out.printf("%s/%d: %s%n", name, trials,
				(target instanceof Target.Given given) ? "driving " + given.baseUri() : "starting");
	}

	StatusLine status(String prefix, Duration expected, SampleSink.Progress progress) {
		return new StatusLine(this.out, prefix, expected, progress);
	}

	void settled(String prefix, InFlight.Settled settled, Duration waited) {
		this.out.printf("%s: waited %.0f s for the %d requests still in flight from the last load%s%n", prefix,
				waited.toMillis() / 1000.0, settled.before().orElse(0),
				(settled.after().orElse(0) > 0) ? ", " + settled.after().getAsLong() + " of them still there" : "");
	}

	void warmedUp(String name, Warmup warmup) {
		this.out.printf("%s warm-up: %s; %d samples, %d errors (not recorded)%n", name, warmup.describe(),
				warmup.samples(), warmup.errors());
	}

	/** The load's figures over every label, and whether its assertions held. */
	void measured(String prefix, List<Summary> summaries, String verdict) {
		Summary.forLabel(summaries, Summary.ALL)
			.ifPresent((all) -> this.out.printf("%s: %d samples, %d errors, p50 %d ms, p99 %d ms, %.0f rps [%s]%n",
					prefix, all.samples(), all.errors(), all.p50().toMillis(), all.p99().toMillis(), all.throughput(),
					verdict));
	}

	/**
	 * Only when users left the load early: the figures just printed were then measured
	 * over fewer users than the level has.
	 */
	void journeys(String prefix, Journeys journeys, boolean held) {
		long lost = journeys.lost(held);
		if (lost > 0) {
			this.out.printf("%s: %d of %d journeys did not complete (%d stopped by a failed request): the load got"
					+ " lighter as they left%n", prefix, lost, journeys.started(), journeys.stopped());
		}
	}

}

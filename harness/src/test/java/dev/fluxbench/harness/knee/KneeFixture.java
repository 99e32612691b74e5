package dev.fluxbench.harness.knee;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.knee.KneeJson.Ending;
import dev.fluxbench.harness.knee.KneeJson.RunEntry;
import dev.fluxbench.harness.knee.KneeJson.StepEntry;
import dev.fluxbench.harness.knee.KneeJson.TrialEntry;

/**
 * A finished knee.json as a real search writes it: mvc with a knee in two trials, webflux
 * with none.
 */
final class KneeFixture {

	private KneeFixture() {
	}

	static KneeJson knee() {
		List<StepEntry> steps = new ArrayList<>();
		for (int trial = 1; trial <= 2; trial++) {
			int step = 1;
			for (int rate : new int[] { 10, 20, 40, 80, 160, 113, 134, 147 }) {
				boolean met = rate <= ((trial == 1) ? 134 : 147);
				steps.add(new StepEntry("mvc", trial, step, rate, met, List.of(run(1, rate, met, trial, step))));
				step++;
			}
			steps.add(new StepEntry("webflux", trial, 1, 10, false,
					List.of(new RunEntry(1, 10, 10, 0, 100, 100, 100, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000,
							100, false, false, List.of("p99 10000 ms > 500 ms", "errors 100% > 1%"),
							"trial-" + trial + "/webflux/step-1-rate-10-run-1", Optional.of(0.02), true))));
		}
		List<TrialEntry> mvcTrials = List.of(
				new TrialEntry(1, Ending.KNEE, Optional.of(134), Optional.of(147), Optional.empty()),
				new TrialEntry(2, Ending.KNEE, Optional.of(147), Optional.of(160), Optional.empty()));
		List<TrialEntry> webfluxTrials = List.of(
				new TrialEntry(1, Ending.NOT_MET_AT_START, Optional.empty(), Optional.of(10), Optional.empty()),
				new TrialEntry(2, Ending.NOT_MET_AT_START, Optional.empty(), Optional.of(10), Optional.empty()));
		return new KneeJson(KneeJson.FORMAT_VERSION, "0.1.0-SNAPSHOT", List.of("knee", "--stacks", "mvc,webflux"),
				KneeJson.Status.FINISHED, Optional.empty(), Optional.of(Instant.parse("2026-01-01T00:00:00Z")),
				Optional.of(Instant.parse("2026-01-01T00:09:00Z")), "quick-passthrough",
				"scenarios/quick-passthrough.yaml", 1,
				new KneeJson.Settings("p99=500ms,errors=1%", 10, 20_000, 2, 0.1, 0.1, 3, 0.1, Duration.ofSeconds(1),
						Duration.ofSeconds(6), Duration.ofSeconds(2), 1_000, 2, 0.2, KneeJson.RATE_UNIT),
				List.of("mvc", "webflux"), steps,
				List.of(Findings.of("mvc", mvcTrials, steps), Findings.of("webflux", webfluxTrials, steps)));
	}

	/**
	 * A stack that saturates at 140 requests/s: latency and concurrency climb past it.
	 */
	private static RunEntry run(int number, int rate, boolean met, int trial, int step) {
		double throughput = Usl.throughput(12, 0.02, 0.002, rate / 10.0);
		double mean = (rate <= 134) ? 100 : 100 + (rate - 134) * 40;
		double concurrency = rate * mean / 1000;
		return new RunEntry(number, rate, rate, Math.min(rate, throughput * 10), rate * 6L, 0, 0, mean, mean,
				mean * 1.2, mean * 1.5, mean * 2, mean * 3, concurrency, met, false,
				met ? List.of() : List.of("p99 900 ms > 500 ms"),
				"trial-" + trial + "/mvc/step-" + step + "-rate-" + rate + "-run-" + number, Optional.of(0.01), true);
	}

}

package dev.fluxbench.harness.report;

import java.nio.file.Path;

import dev.fluxbench.harness.gate.GateFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Decision section, on two targets of which one answers 200 ms later on every
 * request.
 */
class DecisionTests {

	@TempDir
	Path directory;

	@Test
	void decisionWhenThereAreTrialsShouldSayWhoIsBetterByHowMuchWithTheInterval() {
		Report report = report(3);
		assertThat(report.decision()).singleElement()
			.asString()
			.startsWith("10 users, passthrough: ")
			.containsPattern(
					"fast has the lower p95 latency, (19\\d|20\\d) ms below slow \\(95% CI 1\\d\\d to 2\\d\\d ms; ")
			.contains("fast has the lower p99 latency");
	}

	@Test
	void decisionWhenThereIsOneTrialShouldNameTheMediansButWeighNothing() {
		Report report = report(1);
		assertThat(report.decision()).singleElement()
			.asString()
			.contains("One trial per target, so indicative only (run --trials 3 for intervals): ")
			.contains("fast had the lower p95 latency (")
			.doesNotContain("95% CI");
	}

	@Test
	void decisionWhenThereAreNoServerMetricsShouldSayTheCostIsUnknown() {
		assertThat(report(3).decision()).singleElement()
			.asString()
			.endsWith("Cost unknown: no target had server-side metrics (give --metrics), so this compares "
					+ "client-side figures only.");
	}

	private Report report(int trials) {
		Path written = GateFixture.run().targets("fast", "slow").trials(trials).write(this.directory.resolve("run"));
		Path changed = GateFixture.copy(written, this.directory.resolve("changed"), "slow",
				GateFixture.slower(200, null));
		return Report.of(RunResults.read(changed));
	}

}

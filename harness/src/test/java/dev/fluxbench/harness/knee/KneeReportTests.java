package dev.fluxbench.harness.knee;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class KneeReportTests {

	@Test
	void markdownShouldHaveTheKneesTheFitAndATableOfStepsPerTarget() {
		String md = KneeReport.markdown(KneeFixture.knee());
		assertThat(md).startsWith("# fluxbench knee: quick-passthrough\n")
			.contains("Status: finished.", "SLO p99=500ms,errors=1%.", "## Knees",
					"| knee (journeys/s) | 95% CI | trials with a knee | result |", "| mvc | 140.5 | ",
					"| 2 of 2 | knee 140.5 journeys/s",
					"| webflux | none | - | 0 of 2 | trial 1: not met even at the" + " lowest rate, 10 journeys/s",
					"## Universal Scalability Law", "## mvc: steps", "## webflux: steps", "| 1 | 7 | 134 | 1 | 134 |",
					"| no | no | p99 900 ms > 500 ms |");
	}

	@Test
	void htmlShouldBeOnePageWithAnInlineChartPerTargetAndNoScript(@TempDir Path results) {
		KneeReport.write(results, KneeFixture.knee());
		assertThat(results.resolve(KneeReport.HTML)).content()
			.contains("<title>fluxbench knee: quick-passthrough</title>", "<svg ", "knee 140.5", "p99 limit 500 ms",
					"mvc: throughput and p99 against the asked rate", "mvc: Universal Scalability Law",
					"webflux: throughput and p99 against the asked rate", "id=\"steps-webflux\"", "font: 15px/1.5")
			.doesNotContain("<script", "http://cdn", "https://");
		assertThat(results.resolve(KneeReport.MARKDOWN)).exists();
	}

	@Test
	void uslLineShouldSayWhereThroughputPeaksOrWhyThereIsNoFit() {
		KneeJson knee = KneeFixture.knee();
		assertThat(KneeReport.usl(knee.results().getFirst().usl())).startsWith("σ (contention) ").contains("R² ");
		assertThat(KneeReport.usl(new KneeJson.UslEntry(2, null, null, null, null, null, null,
				java.util.Optional.of("fewer than 3 points with throughput (2)"))))
			.isEqualTo("no fit: fewer than 3 points with throughput (2)");
	}

}

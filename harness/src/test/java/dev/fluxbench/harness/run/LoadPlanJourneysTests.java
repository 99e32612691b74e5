package dev.fluxbench.harness.run;

import java.util.Map;

import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The knee's open loads, in journeys per second: how many generator threads a step starts
 * with.
 */
class LoadPlanJourneysTests {

	@Test
	void stepShouldStartWithThreadsForItsRateAtTwiceTheJourneysFloor() {
		// The passthrough's floor is its 100 ms delay: 300 journeys/s keep 30 in flight,
		// and twice that start.
		LoadPlan plan = plan("quick-passthrough");
		assertThat(plan.initialThreads(300, 1_000)).isEqualTo(60);
		assertThat(plan.initialThreads(1, 1_000)).isEqualTo(1);
	}

	@Test
	void threadsAtTheStartShouldNeverExceedTheCap() {
		assertThat(plan("quick-passthrough").initialThreads(20_000, 1_000)).isEqualTo(1_000);
	}

	@Test
	void journeyWhenItHasNoFloorShouldBeSizedAsIfItTook100Milliseconds() {
		Scenario thesis = Catalogue.byName("thesis-normal").orElseThrow();
		assertThat(thesis.round().hasFloor()).isFalse();
		assertThat(new LoadPlan(thesis, Map.of()).countingJourneys().initialThreads(100, 1_000)).isEqualTo(20);
	}

	private static LoadPlan plan(String scenario) {
		return new LoadPlan(Catalogue.byName(scenario).orElseThrow(), Map.of()).countingJourneys();
	}

}

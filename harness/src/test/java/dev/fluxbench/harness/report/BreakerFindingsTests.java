package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.harness.report.BreakerFindings.Closing;
import dev.fluxbench.harness.report.BreakerFindings.Opening;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A breaker's findings from made-up scrapes, one a second, under the schedule healthy 10
 * s, 503 for every request 10 s, stall 2 s for 10 s, healthy 20 s: its failing phases are
 * 10 s to 20 s and 20 s to 30 s.
 */
class BreakerFindingsTests {

	private static final Instant STARTED = Instant.parse("2026-11-24T10:00:00Z");

	private static final FaultSchedule SCHEDULE = FaultSchedule
		.of(List.of(FaultPhase.healthy(seconds(10)), new FaultPhase(seconds(10), 503, null, null),
				new FaultPhase(seconds(10), null, null, seconds(2)), FaultPhase.healthy(seconds(20))));

	@Test
	void breakerWhenItOpensInTheFirstFailingPhaseAndClosesAfterTheLastShouldBeFoundSo() {
		BreakerFindings findings = findings(46,
				(t) -> (t < 13) ? "closed" : (t < 32) ? "open" : (t < 33) ? "half_open" : "closed");
		assertThat(findings.phases()).extracting(BreakerFindings.PhaseOutcome::opening)
			.containsExactly(Opening.OPENED, Opening.ALREADY_OPEN);
		assertThat(findings.phases().getFirst().after()).hasValue(seconds(3));
		assertThat(findings.phases().getFirst().sentence()).isEqualTo("opened 3 s after the phase began");
		assertThat(findings.recovery()).hasValueSatisfying((recovery) -> {
			assertThat(recovery.closing()).isEqualTo(Closing.CLOSED);
			assertThat(recovery.lastFailing().phase()).isEqualTo(3);
			assertThat(recovery.after()).hasValue(seconds(3));
			assertThat(recovery.sentence()).isEqualTo("closed again 3 s after the last failing phase ended");
		});
		assertThat(findings.neverOpened()).isFalse();
		assertThat(findings.neverClosed()).isFalse();
	}

	@Test
	void breakerWhenItNeverOpensShouldBeSaidSoInEveryFailingPhaseWithNothingToClose() {
		BreakerFindings findings = findings(46, (t) -> "closed");
		assertThat(findings.phases()).extracting(BreakerFindings.PhaseOutcome::opening)
			.containsExactly(Opening.NEVER_OPENED, Opening.NEVER_OPENED);
		assertThat(findings.phases().getFirst().sentence()).startsWith("never opened");
		assertThat(findings.recovery()).isEmpty();
		assertThat(findings.neverOpened()).isTrue();
	}

	@Test
	void breakerWhenStillOpenAsTheLoadEndsShouldHaveNeverClosed() {
		BreakerFindings findings = findings(46, (t) -> (t < 23) ? "closed" : "open");
		assertThat(findings.phases()).extracting(BreakerFindings.PhaseOutcome::opening)
			.containsExactly(Opening.NEVER_OPENED, Opening.OPENED);
		assertThat(findings.recovery()).hasValueSatisfying((recovery) -> {
			assertThat(recovery.closing()).isEqualTo(Closing.NEVER_CLOSED);
			assertThat(recovery.after()).as("the load went on after the faults").hasValue(seconds(16));
			assertThat(recovery.sentence()).startsWith("never closed");
		});
		assertThat(findings.neverClosed()).isTrue();
	}

	@Test
	void breakerWhenLeftHalfOpenShouldHaveNeverClosedEither() {
		BreakerFindings findings = findings(46, (t) -> (t < 12) ? "closed" : (t < 35) ? "open" : "half_open");
		assertThat(findings.recovery()).map(BreakerFindings.Recovery::closing).hasValue(Closing.NEVER_CLOSED);
	}

	@Test
	void breakerWhenItClosesDuringTheLastFailingPhaseShouldHaveClosedBeforeItEnded() {
		BreakerFindings findings = findings(46, (t) -> (t >= 12 && t < 16) ? "open" : "closed");
		assertThat(findings.recovery()).hasValueSatisfying((recovery) -> {
			assertThat(recovery.closing()).isEqualTo(Closing.CLOSED);
			assertThat(recovery.after()).hasValue(seconds(-14));
			assertThat(recovery.sentence())
				.isEqualTo("closed again 14 s before the last failing phase ended, and stayed closed");
		});
		assertThat(findings.phases()).extracting(BreakerFindings.PhaseOutcome::opening)
			.containsExactly(Opening.OPENED, Opening.NEVER_OPENED);
	}

	@Test
	void breakerWhenItReopensAfterClosingShouldBeOpenedAgainInTheNextPhase() {
		BreakerFindings findings = findings(46, (t) -> (t >= 12 && t < 19) ? "open"
				: (t >= 19 && t < 24) ? "closed" : (t >= 24 && t < 31) ? "open" : "closed");
		assertThat(findings.phases()).extracting(BreakerFindings.PhaseOutcome::opening)
			.containsExactly(Opening.OPENED, Opening.OPENED);
		assertThat(findings.phases().get(1).after()).hasValue(seconds(4));
	}

	@Test
	void loadWhenItEndsEarlyShouldNeitherReachTheLaterPhasesNorSeeTheBreakerClose() {
		BreakerFindings findings = findings(15, (t) -> (t < 12) ? "closed" : "open");
		assertThat(findings.phases()).extracting(BreakerFindings.PhaseOutcome::opening)
			.containsExactly(Opening.OPENED, Opening.NOT_REACHED);
		assertThat(findings.phases().get(1).sentence()).startsWith("not reached");
		assertThat(findings.recovery()).map(BreakerFindings.Recovery::closing).hasValue(Closing.NOT_OBSERVED);
	}

	@Test
	void phaseWhenItHasNoScrapesShouldNotBeObserved() {
		List<Scrape> scrapes = new ArrayList<>(scrapes(46, (t) -> "closed"));
		scrapes.removeIf((scrape) -> scrape.at().isAfter(STARTED.plusSeconds(9))
				&& scrape.at().isBefore(STARTED.plusSeconds(21)));
		BreakerFindings findings = BreakerFindings.of("downstream", SCHEDULE, STARTED, STARTED.plusSeconds(46),
				scrapes);
		assertThat(findings.phases()).extracting(BreakerFindings.PhaseOutcome::opening)
			.containsExactly(Opening.NOT_OBSERVED, Opening.NEVER_OPENED);
	}

	@Test
	void scheduleWhenRepeatedShouldHaveAsManyFailingPhasesAsTheLoadSaw() {
		FaultSchedule repeated = new FaultSchedule(SCHEDULE.phases(), true);
		BreakerFindings findings = BreakerFindings.of("downstream", repeated, STARTED, STARTED.plusSeconds(120),
				scrapes(120, (t) -> "closed"));
		assertThat(findings.phases()).extracting((phase) -> phase.window().phase()).containsExactly(2, 3, 2, 3, 2);
	}

	@Test
	void phasesShouldBeNamedByTheirKnobs() {
		assertThat(BreakerFindings.knobs(FaultPhase.healthy(seconds(1)))).isEqualTo("healthy");
		assertThat(BreakerFindings.knobs(new FaultPhase(seconds(1), 503, 0.5, seconds(3))))
			.isEqualTo("503 for 50% of requests, stall 3s");
		assertThat(BreakerFindings.knobs(new FaultPhase(seconds(1), null, 0.2, null)))
			.isEqualTo("500 for 20% of requests");
		assertThat(BreakerFindings.knobs(new FaultPhase(seconds(1), 502, null, null)))
			.isEqualTo("502 for every request");
		assertThat(BreakerFindings.phase(SCHEDULE.until(seconds(50)).get(1)))
			.isEqualTo("phase 2 (503 for every request, 10 s to 20 s)");
	}

	private static BreakerFindings findings(int seconds, IntFunction<String> state) {
		return BreakerFindings.of("downstream", SCHEDULE, STARTED, STARTED.plusSeconds(seconds),
				scrapes(seconds, state));
	}

	/**
	 * A scrape a second from the schedule's start, with the breaker in the state given
	 * for that second.
	 */
	private static List<Scrape> scrapes(int seconds, IntFunction<String> state) {
		List<Scrape> scrapes = new ArrayList<>();
		double nan = Double.NaN;
		for (int t = 0; t < seconds; t++) {
			scrapes.add(new Scrape(STARTED.plusSeconds(t), true, nan, nan, nan, nan, nan, nan, nan,
					Map.of("downstream", new Scrape.Breaker(state.apply(t), 50)), Map.of()));
		}
		return scrapes;
	}

	private static Duration seconds(long seconds) {
		return Duration.ofSeconds(seconds);
	}

}

package dev.fluxbench.harness.knee;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.IntFunction;

import dev.fluxbench.harness.knee.KneeJson.Ending;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The search against modelled targets: a step's figures are a function of its rate, so
 * that every rule of the search can be checked without a load.
 */
class SearchTests {

	private static final Slo SLO = Slo.parse("p99=500ms,errors=1%");

	/** Meets the SLO up to {@code capacity} (p99 100 ms), misses it above (p99 2 s). */
	private static IntFunction<Figures> kneeAt(int capacity) {
		return (rate) -> figures(rate, rate, Duration.ofMillis((rate <= capacity) ? 100 : 2_000), 0);
	}

	@Test
	void kneeWhenTheTargetIsMonotoneShouldBeFoundWithinThePrecision() {
		List<Integer> rates = new ArrayList<>();
		Search.Outcome outcome = search(settings(10, 20_000, 0.1, 3), (rate, step, run) -> {
			rates.add(rate);
			return kneeAt(300).apply(rate);
		});
		assertThat(outcome.ending()).isEqualTo(Ending.KNEE);
		int knee = outcome.knee().orElseThrow();
		int above = outcome.above().orElseThrow();
		assertThat(knee).isBetween(273, 300);
		assertThat(above).isGreaterThan(300);
		assertThat((double) above).isLessThanOrEqualTo(knee * 1.1);
		// The climb doubles from 10 until 320 fails; the bisection then works between 160
		// and 320.
		assertThat(rates).startsWith(10, 20, 40, 80, 160, 320);
		assertThat(rates.subList(6, rates.size())).allSatisfy((rate) -> assertThat(rate).isBetween(161, 319));
		assertThat(outcome.steps()).extracting(Search.Step::rate).containsExactlyElementsOf(rates);
		assertThat(outcome.steps()).allSatisfy((step) -> assertThat(step.runs()).hasSize(1));
	}

	@Test
	void targetWhenItMissesTheSloAtTheStartRateShouldHaveNoKnee() {
		Search.Outcome outcome = search(settings(10, 1_000, 0.1, 3), (rate, step, run) -> kneeAt(5).apply(rate));
		assertThat(outcome.ending()).isEqualTo(Ending.NOT_MET_AT_START);
		assertThat(outcome.knee()).isEmpty();
		assertThat(outcome.above()).hasValue(10);
		assertThat(outcome.steps()).singleElement().satisfies((step) -> {
			assertThat(step.met()).isFalse();
			assertThat(step.runs().getFirst().why()).containsExactly("p99 2000 ms > 500 ms");
		});
	}

	@Test
	void targetWhenItMeetsTheSloAtTheMaximumRateShouldHaveAKneeOfAtLeastIt() {
		List<Integer> rates = new ArrayList<>();
		Search.Outcome outcome = search(settings(10, 100, 0.1, 3), (rate, step, run) -> {
			rates.add(rate);
			return kneeAt(1_000).apply(rate);
		});
		assertThat(outcome.ending()).isEqualTo(Ending.MET_AT_MAX);
		assertThat(outcome.knee()).hasValue(100);
		assertThat(outcome.above()).isEmpty();
		assertThat(rates).containsExactly(10, 20, 40, 80, 100);
	}

	@Test
	void stepWhenNearALimitShouldRunAgainAndTheMajorityDecide() {
		// At 40/s the p99 hovers around the limit: 480 ms, then 520 ms, then 490 ms.
		List<Duration> hovering = List.of(Duration.ofMillis(480), Duration.ofMillis(520), Duration.ofMillis(490));
		Search.Outcome outcome = search(settings(10, 40, 0.1, 3), (rate, step, run) -> (rate < 40)
				? kneeAt(1_000).apply(rate) : figures(rate, rate, hovering.get(run - 1), 0));
		Search.Step last = outcome.steps().getLast();
		assertThat(last.rate()).isEqualTo(40);
		assertThat(last.runs()).extracting(Search.Run::met).containsExactly(true, false, true);
		assertThat(last.runs().getFirst().near()).isTrue();
		assertThat(last.met()).isTrue();
		assertThat(outcome.steps().subList(0, 2)).allSatisfy((step) -> assertThat(step.runs()).hasSize(1));
		assertThat(outcome.ending()).isEqualTo(Ending.MET_AT_MAX);
	}

	@Test
	void stepWhenItsRunsTieShouldBeAMiss() {
		List<Duration> hovering = List.of(Duration.ofMillis(480), Duration.ofMillis(520));
		Search.Outcome outcome = search(settings(10, 10, 0.1, 2),
				(rate, step, run) -> figures(rate, rate, hovering.get(run - 1), 0));
		assertThat(outcome.steps()).singleElement().satisfies((step) -> {
			assertThat(step.runs()).hasSize(2);
			assertThat(step.met()).isFalse();
		});
		assertThat(outcome.ending()).isEqualTo(Ending.NOT_MET_AT_START);
	}

	@Test
	void stepWhenFarFromEveryLimitShouldRunOnce() {
		Search.Outcome outcome = search(settings(10, 10, 0.1, 5),
				(rate, step, run) -> figures(rate, rate, Duration.ofMillis(449), 0));
		assertThat(outcome.steps()).singleElement().satisfies((step) -> assertThat(step.runs()).hasSize(1));
	}

	@Test
	void stepWhenTheGeneratorCannotKeepTheRateShouldFailWhateverTheLatency() {
		// Above 40/s the generator runs out of threads and starts only 80% of the
		// journeys.
		Search.Outcome outcome = search(settings(10, 1_000, 0.1, 3),
				(rate, step, run) -> figures(rate, (rate > 40) ? rate * 0.8 : rate, Duration.ofMillis(100), 0));
		assertThat(outcome.ending()).isEqualTo(Ending.KNEE);
		assertThat(outcome.knee()).hasValueSatisfying((knee) -> assertThat(knee).isBetween(40, 44));
		assertThat(outcome.steps().get(3).runs().getFirst().why())
			.containsExactly("achieved 64/s of 80/s: the generator could not keep up");
	}

	@Test
	void searchWhenAStepCannotRunShouldEndAndKeepWhatRan() {
		Search.Outcome outcome = search(settings(10, 1_000, 0.1, 3), (rate, step, run) -> {
			if (rate > 20) {
				throw new IllegalStateException("the stack died\nwith a long log");
			}
			return kneeAt(1_000).apply(rate);
		});
		assertThat(outcome.ending()).isEqualTo(Ending.FAILED);
		assertThat(outcome.failure()).hasValue("the stack died");
		assertThat(outcome.knee()).hasValue(20);
		assertThat(outcome.steps()).extracting(Search.Step::rate).containsExactly(10, 20);
	}

	@Test
	void listenerShouldHearEveryRunInOrder() {
		List<String> heard = new ArrayList<>();
		List<Duration> hovering = List.of(Duration.ofMillis(480), Duration.ofMillis(520), Duration.ofMillis(600));
		new Search(settings(10, 10, 0.1, 3), 0.05).run(
				(rate, step, run) -> figures(rate, rate, hovering.get(run - 1), 0),
				(step, rate, run) -> heard.add(step + "/" + rate + "/" + run.number() + "/" + run.met()));
		assertThat(heard).containsExactly("1/10/1/true", "1/10/2/false", "1/10/3/false");
	}

	@Test
	void stepWhenItMissesWhileTheJitStillCompilesShouldRunAgainAndLetTheSteadyRunDecide() {
		// Every rate's first run misses while its JIT takes 40% of the app's CPU; the
		// run after it is steady and meets the SLO up to 80/s.
		Search.Outcome outcome = search(settings(10, 1_000, 0.1, 3), (rate, step, run) -> {
			if (run == 1) {
				return figures(rate, rate, Duration.ofMillis(900), 0).withJitShare(OptionalDouble.of(0.4));
			}
			return kneeAt(80).apply(rate).withJitShare(OptionalDouble.of(0.01));
		});
		assertThat(outcome.knee()).hasValue(80);
		assertThat(outcome.steps().getFirst().runs()).extracting(Search.Run::steady, Search.Run::met)
			.containsExactly(tuple(false, false), tuple(true, true));
		assertThat(outcome.steps().getFirst().met()).isTrue();
	}

	@Test
	void stepWhenNoRunIsSteadyShouldBeJudgedOnEveryRun() {
		Search.Outcome outcome = search(settings(10, 10, 0.1, 3), (rate, step,
				run) -> figures(rate, rate, Duration.ofMillis(900), 0).withJitShare(OptionalDouble.of(0.3)));
		assertThat(outcome.steps()).singleElement().satisfies((step) -> {
			assertThat(step.runs()).hasSize(3).noneMatch(Search.Run::steady);
			assertThat(step.met()).isFalse();
		});
		assertThat(outcome.ending()).isEqualTo(Ending.NOT_MET_AT_START);
	}

	@Test
	void voteShouldCountOnlySteadyRunsWhenThereAreAny() {
		assertThat(Search.vote(List.of(false, true), List.of(false, true))).isTrue();
		assertThat(Search.vote(List.of(false, false, true), List.of(false, true, true))).isFalse();
		assertThat(Search.vote(List.of(true, false), List.of(false, false))).isFalse();
		assertThat(Search.vote(List.of(true, true, false), List.of(false, false, false))).isTrue();
	}

	@Test
	void runWhenItsJitShareIsUnknownShouldCountAsSteady() {
		Search search = new Search(settings(10, 10, 0.1, 3), 0.05);
		assertThat(search.steady(figures(10, 10, Duration.ofMillis(100), 0))).isTrue();
		assertThat(search.steady(figures(10, 10, Duration.ofMillis(100), 0).withJitShare(OptionalDouble.of(0.05))))
			.isTrue();
		assertThat(search.steady(figures(10, 10, Duration.ofMillis(100), 0).withJitShare(OptionalDouble.of(0.06))))
			.isFalse();
	}

	private static Search.Outcome search(KneeSettings settings, Search.StepRunner runner) {
		return new Search(settings, 0.05).run(runner, (step, rate, run) -> {
		});
	}

	static KneeSettings settings(int start, int max, double precision, int repeats) {
		return new KneeSettings(SLO, start, max, 2, precision, 0.1, repeats, 0.1, Duration.ofSeconds(1),
				Duration.ofSeconds(5), 1);
	}

	static Figures figures(int rate, double achieved, Duration p99, double errorPercent) {
		return new Figures(rate * 5L, Math.round(rate * 5 * errorPercent / 100), errorPercent, achieved, achieved,
				achieved, p99.dividedBy(3), p99.dividedBy(3), p99.dividedBy(2), p99.dividedBy(2), p99, p99);
	}

}

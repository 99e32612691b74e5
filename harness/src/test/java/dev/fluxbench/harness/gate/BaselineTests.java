package dev.fluxbench.harness.gate;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.gate.Change.Basis;
import dev.fluxbench.harness.gate.Change.Outcome;
import dev.fluxbench.harness.report.Aspect;
import dev.fluxbench.harness.report.LoadResult;
import dev.fluxbench.harness.report.Measurements;
import dev.fluxbench.harness.report.RunResults;
import dev.fluxbench.harness.report.Statistics;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

class BaselineTests {

	private static final double TOLERANCE = 0.10;

	@TempDir
	Path directory;

	@Test
	void runWhenComparedWithItselfShouldHaveNoRegression() {
		RunResults run = RunResults.read(GateFixture.run().targets("app", "other").loads(10, 20).write(this.directory));
		Comparison comparison = Baseline.compare(run, run, TOLERANCE);
		assertThat(comparison.hasRegressions()).isFalse();
		assertThat(comparison.notCompared()).isEmpty();
		assertThat(comparison.changes()).hasSize(2 * 2 * 4).allSatisfy((change) -> {
			assertThat(change.relativeChange()).isZero();
			assertThat(change.outcome()).isEqualTo(Outcome.NOT_SIGNIFICANT);
			assertThat(change.label()).isEqualTo(Summary.ALL);
		});
		assertThat(comparison.changes()).extracting(Change::aspect)
			.startsWith(Aspect.P95, Aspect.P99, Aspect.THROUGHPUT, Aspect.ERRORS);
	}

	@Test
	void targetWhenTwoHundredMillisecondsSlowerOnEverySampleShouldRegressOnItsPercentilesOnly() {
		Path before = GateFixture.run().targets("app", "other").write(this.directory.resolve("before"));
		Path after = GateFixture.copy(before, this.directory.resolve("after"), "app", GateFixture.slower(200, null));
		RunResults baseline = RunResults.read(before);
		Comparison comparison = Baseline.compare(baseline, RunResults.read(after), TOLERANCE);
		assertThat(comparison.regressions()).extracting(Change::target, Change::aspect)
			.containsExactly(tuple("app", Aspect.P95), tuple("app", Aspect.P99));
		Summary all = baseline.at(10, "app").getFirst().all();
		Change p95 = comparison.regressions().getFirst();
		assertThat(p95.load()).isEqualTo(10);
		assertThat(p95.label()).isEqualTo(Summary.ALL);
		assertThat(p95.baselineMedian()).isEqualTo(all.p95().toMillis());
		assertThat(p95.currentMedian()).isEqualTo(all.p95().toMillis() + 200);
		assertThat(p95.relativeChange()).isCloseTo(200.0 / all.p95().toMillis(), within(1e-9));
		assertThat(p95.difference().low()).isBetween(190.0, 200.0);
		assertThat(p95.difference().high()).isBetween(200.0, 210.0);
		assertThat(p95.basis()).isEqualTo(new Basis(Basis.Unit.SAMPLES, (int) all.samples(), (int) all.samples()));
		assertThat(p95.sentence())
			.startsWith("p95 latency rose from " + all.p95().toMillis() + " ms to " + (all.p95().toMillis() + 200)
					+ " ms (+")
			.endsWith(" samples against " + all.samples() + "): a regression beyond the 10% tolerance");
		Change p99 = comparison.regressions().get(1);
		assertThat(p99.currentMedian() - p99.baselineMedian()).isEqualTo(200);
		assertThat(comparison.changes()).filteredOn((change) -> change.target().equals("other"))
			.hasSize(4)
			.allSatisfy((change) -> assertThat(change.relativeChange()).isZero());
	}

	@Test
	void changeWhenSignificantButSmallerThanTheToleranceShouldBeNoRegression() {
		Path before = GateFixture.run().write(this.directory.resolve("before"));
		Path after = GateFixture.copy(before, this.directory.resolve("after"), "app", GateFixture.slower(10, null));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
		assertThat(comparison.hasRegressions()).isFalse();
		Change p95 = comparison.changes().getFirst();
		assertThat(p95.relativeChange()).isBetween(0.04, 0.08);
		assertThat(p95.outcome()).isEqualTo(Outcome.WITHIN_TOLERANCE);
		assertThat(p95.sentence()).endsWith("significant, but within the 10% tolerance");
		// The same change fails a gate that tolerates less.
		assertThat(Baseline.compare(RunResults.read(before), RunResults.read(after), 0.01).regressions())
			.extracting(Change::aspect)
			.contains(Aspect.P95);
	}

	/**
	 * Two runs drawn from one distribution with different seeds must pass, every time: a
	 * gate that failed them would fail unchanged builds by chance.
	 */
	@Test
	void runsWhenTheyShareADistributionButNotTheSeedShouldNeverRegress() {
		for (long seed = 1; seed <= 5; seed++) {
			Path before = GateFixture.run().seed(seed).write(this.directory.resolve("before-" + seed));
			Path after = GateFixture.run().seed(seed + 100).write(this.directory.resolve("after-" + seed));
			Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
			assertThat(comparison.changes()).hasSize(4)
				.allSatisfy((change) -> assertThat(change.outcome()).isNotEqualTo(Outcome.REGRESSION)
					.isNotEqualTo(Outcome.IMPROVEMENT));
			assertThat(comparison.changes().getFirst().basis().baseline()).isGreaterThan(1900);
		}
	}

	@Test
	void throughputDropShouldBeARegression() {
		Path before = GateFixture.run().write(this.directory.resolve("before"));
		Path after = GateFixture.copy(before, this.directory.resolve("after"), "app", GateFixture.fewer(4));
		RunResults baseline = RunResults.read(before);
		Comparison comparison = Baseline.compare(baseline, RunResults.read(after), TOLERANCE);
		assertThat(comparison.regressions()).singleElement().satisfies((change) -> {
			assertThat(change.aspect()).isEqualTo(Aspect.THROUGHPUT);
			assertThat(change.baselineMedian()).isEqualTo(baseline.at(10, "app").getFirst().plateauThroughput());
			assertThat(change.relativeChange()).isCloseTo(-0.25, within(0.02));
			assertThat(change.difference().high()).isNegative();
			assertThat(change.basis().unit()).isEqualTo(Basis.Unit.SAMPLES);
			assertThat(change.sentence()).startsWith("throughput fell from ").contains("plateau seconds");
		});
	}

	@Test
	void errorsWhenTheBaselineHadNoneShouldBeARegression() {
		Path before = GateFixture.run().write(this.directory.resolve("before"));
		Path after = GateFixture.copy(before, this.directory.resolve("after"), "app", GateFixture.failing(20));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
		assertThat(comparison.regressions()).singleElement().satisfies((change) -> {
			assertThat(change.aspect()).isEqualTo(Aspect.ERRORS);
			assertThat(change.baselineMedian()).isZero();
			assertThat(change.currentMedian()).isCloseTo(5, within(0.1));
			assertThat(change.relativeChange()).isInfinite();
			assertThat(change.sentence()).startsWith("errors rose from 0% to 5.0");
		});
	}

	@Test
	void targetWhenOnlyOneRunHasItShouldNotBeComparedAndFailNothing() {
		Path before = GateFixture.run().targets("app", "old").write(this.directory.resolve("before"));
		Path after = GateFixture.run().targets("app", "new").write(this.directory.resolve("after"));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
		assertThat(comparison.hasRegressions()).isFalse();
		assertThat(comparison.changes()).extracting(Change::target).containsOnly("app");
		assertThat(comparison.notCompared()).containsExactly(
				new NotCompared("new", Optional.empty(), Optional.empty(), "not in the baseline"),
				new NotCompared("old", Optional.empty(), Optional.empty(), "not in this run"));
		assertThat(comparison.notCompared().getFirst().describe()).isEqualTo("new: not compared: not in the baseline");
	}

	@Test
	void loadLevelWhenOnlyOneRunHasItShouldNotBeCompared() {
		Path before = GateFixture.run().loads(10).write(this.directory.resolve("before"));
		Path after = GateFixture.run().loads(10, 20).write(this.directory.resolve("after"));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
		assertThat(comparison.changes()).extracting(Change::load).containsOnly(10);
		assertThat(comparison.notCompared())
			.containsExactly(new NotCompared("app", Optional.of(20), Optional.empty(), "not in the baseline"));
	}

	@Test
	void stepsShouldBeComparedOneByOneAndOnlyTheSlowerOneRegress() {
		Path before = GateFixture.run().labels("browse", "buy").write(this.directory.resolve("before"));
		Path after = GateFixture.copy(before, this.directory.resolve("after"), "app", GateFixture.slower(200, "buy"));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
		assertThat(comparison.changes()).extracting(Change::label)
			.containsOnly("browse", "buy")
			.doesNotContain(Summary.ALL);
		assertThat(comparison.regressions()).extracting(Change::label, Change::aspect)
			.containsExactly(tuple("buy", Aspect.P95), tuple("buy", Aspect.P99));
		assertThat(comparison.regressions().getFirst().describe()).startsWith("app, load 10 [buy]: p95 latency rose");
	}

	@Test
	void stepWhenOnlyOneRunHasItShouldNotBeComparedButTheOthersShould() {
		Path before = GateFixture.run().labels("browse", "buy").write(this.directory.resolve("before"));
		Path after = GateFixture.run().labels("browse", "buy", "pay").write(this.directory.resolve("after"));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
		assertThat(comparison.changes()).extracting(Change::label).containsOnly("browse", "buy");
		assertThat(comparison.notCompared())
			.containsExactly(new NotCompared("app", Optional.of(10), Optional.of("pay"), "not in the baseline"));
	}

	@Test
	void perTrialFiguresWhenBothSidesHaveSeveralTrialsShouldBeResampled() {
		Path before = GateFixture.run().trials(3).write(this.directory.resolve("before"));
		Path after = GateFixture.copy(before, this.directory.resolve("after"), "app", GateFixture.slower(200, null));
		RunResults baseline = RunResults.read(before);
		Comparison comparison = Baseline.compare(baseline, RunResults.read(after), TOLERANCE);
		assertThat(comparison.regressions()).extracting(Change::aspect).containsExactly(Aspect.P95, Aspect.P99);
		Change p95 = comparison.regressions().getFirst();
		assertThat(p95.basis()).isEqualTo(new Basis(Basis.Unit.TRIALS, 3, 3));
		double[] trialP95s = baseline.at(10, "app")
			.stream()
			.mapToDouble((trial) -> trial.all().p95().toMillis())
			.toArray();
		assertThat(p95.baselineMedian()).isEqualTo(Statistics.median(trialP95s));
		assertThat(p95.currentMedian()).isEqualTo(p95.baselineMedian() + 200);
		assertThat(p95.sentence()).contains("3 trials against 3");
		assertThat(Baseline.compare(baseline, baseline, TOLERANCE).hasRegressions()).isFalse();
	}

	@Test
	void runsWhenTheirScenariosDifferShouldNotBeCompared() {
		Path before = GateFixture.run().scenario("checkout").write(this.directory.resolve("before"));
		Path after = GateFixture.run().scenario("search").write(this.directory.resolve("after"));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), TOLERANCE);
		assertThat(comparison.changes()).isEmpty();
		assertThat(comparison.notCompared()).singleElement()
			.extracting(NotCompared::reason)
			.isEqualTo("the baseline ran scenario 'checkout' and this run 'search'");
	}

	@Test
	void toleranceShouldBeAFractionOfZeroOrMore() {
		RunResults run = RunResults.read(GateFixture.run().write(this.directory));
		assertThatIllegalArgumentException().isThrownBy(() -> Baseline.compare(run, run, -0.1));
		assertThatIllegalArgumentException().isThrownBy(() -> Baseline.compare(run, run, Double.NaN));
	}

	/**
	 * The gate's plateau must be the report's, or its throughput would not be the one the
	 * report shows; loads of one and three seconds take the report's two fallbacks.
	 */
	@Test
	void plateauShouldBeTheOneTheReportAverages() {
		for (int seconds : List.of(1, 3, 24)) {
			Path results = GateFixture.run().loads(3, 10).seconds(seconds).write(this.directory.resolve("s" + seconds));
			RunResults run = RunResults.read(results);
			for (LoadResult load : run.loads()) {
				Measurements all = Measurements
					.byLabel(SamplesCsv.read(new ResultsDirectory(results).samplesCsv(load.key())), run.run().rampUp())
					.get(Summary.ALL);
				assertThat(all.figure(Aspect.THROUGHPUT)).isCloseTo(load.plateauThroughput(), within(1e-9));
			}
		}
	}

}

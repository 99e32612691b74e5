package dev.fluxbench.harness.knee;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

class UslTests {

	@Test
	void fitWhenThePointsAreExactShouldRecoverTheKnownParameters() {
		List<Usl.Point> points = points(100, 0.05, 0.001, 1, 2, 4, 8, 16, 24, 32, 48, 64);
		Usl.Fit fit = Usl.fit(points).fit().orElseThrow();
		assertThat(fit.lambda()).isCloseTo(100, withinPercentage(1));
		assertThat(fit.sigma()).isCloseTo(0.05, withinPercentage(2));
		assertThat(fit.kappa()).isCloseTo(0.001, withinPercentage(2));
		assertThat(fit.rSquared()).isCloseTo(1, within(1e-6));
		// N* = √((1 − σ)/κ) = √950
		assertThat(fit.peakConcurrency()).hasValueSatisfying((peak) -> assertThat(peak).isCloseTo(30.82, within(0.5)));
		assertThat(fit.peakThroughput()).hasValueSatisfying((peak) -> assertThat(peak)
			.isCloseTo(Usl.throughput(100, 0.05, 0.001, Math.sqrt(950)), withinPercentage(1)));
		assertThat(fit.points()).isEqualTo(9);
	}

	@Test
	void fitWhenThePointsAreNoisyShouldRecoverTheKnownParametersWithinTolerance() {
		SplittableRandom random = new SplittableRandom(14);
		List<Usl.Point> points = new ArrayList<>();
		for (double n = 1; n <= 80; n += 2) {
			double x = Usl.throughput(250, 0.02, 0.0005, n);
			points.add(new Usl.Point(n, x * (1 + (random.nextDouble() - 0.5) * 0.02)));
		}
		Usl.Fit fit = Usl.fit(points).fit().orElseThrow();
		assertThat(fit.lambda()).isCloseTo(250, withinPercentage(5));
		assertThat(fit.sigma()).isCloseTo(0.02, within(0.01));
		assertThat(fit.kappa()).isCloseTo(0.0005, within(0.0002));
		assertThat(fit.rSquared()).isGreaterThan(0.95);
	}

	@Test
	void contentionWhenThereIsNoCoherencyShouldLevelOffInsteadOfPeaking() {
		Usl.Fit fit = Usl.fit(points(50, 0.1, 0, 1, 2, 4, 8, 16, 32, 64, 128)).fit().orElseThrow();
		assertThat(fit.sigma()).isCloseTo(0.1, withinPercentage(2));
		assertThat(fit.kappa()).isLessThan(1e-6);
		assertThat(fit.peakConcurrency()).isEmpty();
		assertThat(fit.peakThroughput())
			.hasValueSatisfying((ceiling) -> assertThat(ceiling).isCloseTo(500, withinPercentage(3)));
	}

	@Test
	void parametersWhenTheDataWouldPushThemBelowZeroShouldStayAtZero() {
		// Better than linear: a least-squares fit without bounds would make σ negative.
		List<Usl.Point> points = List.of(new Usl.Point(1, 10), new Usl.Point(2, 21), new Usl.Point(4, 44),
				new Usl.Point(8, 92));
		Usl.Fit fit = Usl.fit(points).fit().orElseThrow();
		assertThat(fit.sigma()).isGreaterThanOrEqualTo(0);
		assertThat(fit.kappa()).isGreaterThanOrEqualTo(0);
	}

	@Test
	void fitWhenFewerThanThreePointsShouldBeAbsentAndSaySo() {
		Usl.Result result = Usl.fit(List.of(new Usl.Point(1, 10), new Usl.Point(2, 19)));
		assertThat(result.fit()).isEmpty();
		assertThat(result.reason()).hasValue("fewer than 3 points with throughput (2)");
	}

	@Test
	void pointsWhenTheyLackThroughputOrConcurrencyShouldNotCount() {
		Usl.Result result = Usl.fit(List.of(new Usl.Point(1, 10), new Usl.Point(2, 0), new Usl.Point(0, 5),
				new Usl.Point(Double.NaN, 5), new Usl.Point(3, 25)));
		assertThat(result.fit()).isEmpty();
		assertThat(result.reason()).hasValue("fewer than 3 points with throughput (2)");
	}

	@Test
	void fitWhenAllPointsAreAtOneConcurrencyShouldBeAbsent() {
		Usl.Result result = Usl
			.fit(List.of(new Usl.Point(4, 10), new Usl.Point(4, 11), new Usl.Point(4, 9), new Usl.Point(4, 10)));
		assertThat(result.fit()).isEmpty();
		assertThat(result.reason()).hasValue("fewer than 3 different concurrencies");
	}

	private static List<Usl.Point> points(double lambda, double sigma, double kappa, double... concurrencies) {
		List<Usl.Point> points = new ArrayList<>();
		for (double n : concurrencies) {
			points.add(new Usl.Point(n, Usl.throughput(lambda, sigma, kappa, n)));
		}
		return points;
	}

}

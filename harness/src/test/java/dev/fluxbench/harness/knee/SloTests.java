package dev.fluxbench.harness.knee;

import java.time.Duration;

import dev.fluxbench.harness.knee.Slo.Aspect;
import dev.fluxbench.harness.knee.Slo.Limit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SloTests {

	@Test
	void issuesExampleShouldReadAsAP99AndAnErrorLimit() {
		Slo slo = Slo.parse("p99=500ms,errors=1%");
		assertThat(slo.limits()).containsExactly(new Limit(Aspect.P99, 500), new Limit(Aspect.ERRORS, 1));
		assertThat(slo).hasToString("p99=500ms,errors=1%");
	}

	@Test
	void everyAspectAndUnitShouldReadWithSpacesAndCapitals() {
		Slo slo = Slo.parse(" P50 = 20ms, p90=0.5s ,p95=1.5s,p99.9=2m,mean=80ms,errors=0.5% ");
		assertThat(slo.limits()).containsExactly(new Limit(Aspect.P50, 20), new Limit(Aspect.P90, 500),
				new Limit(Aspect.P95, 1_500), new Limit(Aspect.P999, 120_000), new Limit(Aspect.MEAN, 80),
				new Limit(Aspect.ERRORS, 0.5));
		assertThat(Slo.parse(slo.toString())).isEqualTo(slo);
	}

	@Test
	void errorsWhenZeroShouldBeALimitToo() {
		Slo slo = Slo.parse("errors=0%");
		assertThat(slo.keptBy(figures(Duration.ofMillis(100), 0))).isTrue();
		assertThat(slo.keptBy(figures(Duration.ofMillis(100), 0.01))).isFalse();
		assertThat(slo.near(figures(Duration.ofMillis(100), 0), 0.1)).as("a zero limit has no band").isFalse();
	}

	@Test
	void stepWhenEveryFigureIsAtOrBelowItsLimitShouldKeepTheSlo() {
		Slo slo = Slo.parse("p99=500ms,errors=1%");
		assertThat(slo.keptBy(figures(Duration.ofMillis(500), 1))).isTrue();
		assertThat(slo.keptBy(figures(Duration.ofMillis(501), 0))).isFalse();
		assertThat(slo.keptBy(figures(Duration.ofMillis(100), 1.5))).isFalse();
		assertThat(slo.broken(figures(Duration.ofMillis(812), 2.5))).containsExactly("p99 812 ms > 500 ms",
				"errors 2.5% > 1%");
	}

	@Test
	void figureWhenWithinTheMarginEitherSideShouldBeNearItsLimit() {
		Slo slo = Slo.parse("p99=500ms,errors=1%");
		assertThat(slo.near(figures(Duration.ofMillis(450), 0), 0.1)).isTrue();
		assertThat(slo.near(figures(Duration.ofMillis(550), 0), 0.1)).isTrue();
		assertThat(slo.near(figures(Duration.ofMillis(449), 0), 0.1)).isFalse();
		assertThat(slo.near(figures(Duration.ofMillis(100), 0.95), 0.1)).as("errors near 1%").isTrue();
		assertThat(slo.near(figures(Duration.ofMillis(480), 0), 0)).as("no margin, no repeat").isFalse();
	}

	@Test
	void sloWhenTheInputIsBadShouldSayWhatIsWrongInOneLine() {
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse(" "))
			.withMessage("--slo is empty: give limits such as p99=500ms,errors=1%");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("p99"))
			.withMessage("--slo takes ASPECT=LIMIT pairs such as p99=500ms,errors=1%, not 'p99'");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("p99=500ms,")).withMessageContaining("not ''");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("p98=500ms"))
			.withMessage("--slo: unknown aspect 'p98'; known: mean, p50, p90, p95, p99, p999, errors");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("p99=500ms,p99=1s"))
			.withMessage("--slo names p99 twice");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("p99=500"))
			.withMessage("--slo p99 takes a duration such as 500ms or 1.5s, not '500'");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("p99=0ms"))
			.withMessage("--slo p99 must be longer than 0ms");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("errors=0.01"))
			.withMessage("--slo errors takes a percentage such as 1% or 0.5%, not '0.01'");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("errors=150%"))
			.withMessage("--slo errors is a percentage of 0% to 100%, not 150%");
		assertThatIllegalArgumentException().isThrownBy(() -> Slo.parse("p99=-5ms"))
			.withMessageContaining("takes a duration");
	}

	@Test
	void figuresShouldReadAsPeopleWriteThem() {
		assertThat(Slo.number(500)).isEqualTo("500");
		assertThat(Slo.number(0.5)).isEqualTo("0.5");
		assertThat(Slo.number(812.34)).isEqualTo("812");
		assertThat(Slo.number(12.345)).isEqualTo("12.3");
		assertThat(Slo.number(1234.5)).isEqualTo("1235");
		assertThat(Slo.number(0.0004)).isEqualTo("0");
	}

	static Figures figures(Duration p99, double errorPercent) {
		return new Figures(1_000, Math.round(errorPercent * 10), errorPercent, 100, 100, 100, p99.dividedBy(2),
				p99.dividedBy(2), p99, p99, p99, p99);
	}

}

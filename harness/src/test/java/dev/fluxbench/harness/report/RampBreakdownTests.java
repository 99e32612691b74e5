package dev.fluxbench.harness.report;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class RampBreakdownTests {

	private static final Instant START = Instant.parse("2026-11-24T12:00:00Z");

	private static final Duration RAMP = Duration.ofSeconds(120);

	/**
	 * The rate climbs by 5 requests/s every second, as an open ramp to 600/s over 120 s
	 * would.
	 */
	private static List<Sample> ramp(LongFunction<Sample> second) {
		List<Sample> samples = new ArrayList<>();
		for (long s = 0; s < RAMP.toSeconds(); s++) {
			int rate = (int) (5 * (s + 1));
			for (int i = 0; i < rate; i++) {
				Sample template = second.apply(s);
				samples.add(new Sample(START.plusMillis(s * 1000 + i * (1000L / rate)), "chain", template.elapsed(),
						template.elapsed(), Duration.ZERO, 10, template.status(), template.success(),
						template.errorCause()));
			}
		}
		return samples;
	}

	private static Sample answer(long millis) {
		return new Sample(START, "chain", Duration.ofMillis(millis), Duration.ofMillis(millis), Duration.ZERO, 10,
				"200", true, "");
	}

	private static Sample failure(long millis) {
		return new Sample(START, "chain", Duration.ofMillis(millis), Duration.ofMillis(millis), Duration.ZERO, 0, "503",
				false, "status");
	}

	@Test
	void breakdownShouldBeTheRateWhereResponseTimeStaysAboveTheLine() {
		List<Sample> samples = ramp((second) -> answer((second < 60) ? 100 : 3000));
		RampBreakdown ramp = RampBreakdown.of(samples, RAMP, RampBreakdown.SEED_LINE).orElseThrow();
		assertThat(ramp.width()).isEqualTo(Duration.ofSeconds(2));
		assertThat(ramp.brokenFromStart()).isFalse();
		// The window of seconds 60 and 61 started 305 and 310 requests a second.
		assertThat(ramp.breakdownRate()).hasValueSatisfying((rate) -> assertThat(rate).isCloseTo(307.5, within(0.01)));
		assertThat(ramp.meanBeforeMillis()).isCloseTo(100, within(0.01));
		double before = 5.0 * (60 * 61 / 2);
		double all = 5.0 * (120 * 121 / 2);
		assertThat(ramp.underLinePercent()).isCloseTo(100 * before / all, within(0.01));
	}

	@Test
	void breakdownWhenOnlyOneWindowIsSlowShouldNotBeFound() {
		List<Sample> samples = ramp((second) -> answer((second == 30 || second == 31) ? 5000 : 100));
		RampBreakdown ramp = RampBreakdown.of(samples, RAMP, RampBreakdown.SEED_LINE).orElseThrow();
		assertThat(ramp.windows()).filteredOn(RampBreakdown.Window::broken).hasSize(1);
		assertThat(ramp.breakdownRate()).isEmpty();
		assertThat(ramp.brokenFromStart()).isFalse();
		assertThat(ramp.underLinePercent()).isLessThan(100).isGreaterThan(90);
	}

	@Test
	void breakdownWhenFailuresAreFastShouldBeFoundToo() {
		List<Sample> samples = ramp((second) -> (second < 90) ? answer(100) : failure(2));
		RampBreakdown ramp = RampBreakdown.of(samples, RAMP, RampBreakdown.SEED_LINE).orElseThrow();
		assertThat(ramp.breakdownRate()).hasValueSatisfying((rate) -> assertThat(rate).isCloseTo(457.5, within(0.01)));
		assertThat(ramp.windows().get(45).errorPercent()).isEqualTo(100);
	}

	@Test
	void breakdownWhenTheStackIsBrokenFromTheStartShouldHaveNoRate() {
		List<Sample> samples = ramp((second) -> answer(1200));
		RampBreakdown ramp = RampBreakdown.of(samples, RAMP, RampBreakdown.SEED_LINE).orElseThrow();
		assertThat(ramp.brokenFromStart()).isTrue();
		assertThat(ramp.breakdownRate()).isEmpty();
		assertThat(ramp.underLinePercent()).isZero();
		assertThat(ramp.meanBeforeMillis()).isCloseTo(1200, within(0.01));
	}

	@Test
	void lastWindowShouldBeLeftOutBecauseTheLoadEndsInIt() {
		List<Sample> samples = ramp((second) -> answer(100));
		samples.add(new Sample(START.plusSeconds(120), "chain", Duration.ofMillis(100), Duration.ofMillis(100),
				Duration.ZERO, 10, "200", true, ""));
		RampBreakdown ramp = RampBreakdown.of(samples, RAMP, RampBreakdown.SEED_LINE).orElseThrow();
		assertThat(ramp.windows()).hasSize(60);
		assertThat(ramp.windows().getLast().startedRate()).isCloseTo(597.5, within(0.01));
	}

	@Test
	void reportShouldGiveTheSeedsFiguresPerTrialAndTheMedianBreakdownOverTrials(@TempDir Path directory) {
		RunResults fixture = RunResults.read(FixtureRun.write(directory, false, true));
		List<LoadResult> loads = new ArrayList<>();
		for (int trial = 1; trial <= 3; trial++) {
			int brokenFrom = 50 + 10 * trial;
			loads.add(LoadResult.of(new LoadKey(FixtureRun.SCENARIO, 10, "mvc", trial), true,
					ramp((second) -> answer((second < brokenFrom) ? 100 : 3000)), List.of(), RAMP, true,
					Optional.empty(), Optional.empty(), Warmup.DEFAULT_MAX_COMPILE_SHARE));
			loads.add(LoadResult.of(new LoadKey(FixtureRun.SCENARIO, 10, "webflux", trial), true,
					ramp((second) -> answer(100)), List.of(), RAMP, true, Optional.empty(), Optional.empty(),
					Warmup.DEFAULT_MAX_COMPILE_SHARE));
		}
		Report report = Report.of(new RunResults(fixture.directory(), fixture.run(), loads));
		Table table = report.rampTable().orElseThrow();
		assertThat(table.rows()).extracting((row) -> row.get(1) + " " + row.get(2) + ": " + row.get(8))
			.containsExactly("mvc 1: 308", "mvc 2: 358", "mvc 3: 408", "mvc median of 3: 358 (95% CI 308 to 408)",
					"webflux 1: never", "webflux 2: never", "webflux 3: never");
		assertThat(MarkdownReport.render(report)).contains("## Ramp (seed 003's figures)");
	}

	@Test
	void reportWhenTheLoadIsClosedOrTheRampShortShouldHaveNoRampTable(@TempDir Path directory) {
		assertThat(Report.of(RunResults.read(FixtureRun.write(directory.resolve("closed"), false))).rampTable())
			.isEmpty();
		assertThat(Report.of(RunResults.read(FixtureRun.write(directory.resolve("open"), false, true))).rampTable())
			.isEmpty();
	}

	@Test
	void rampWhenShortShouldNotBeRead() {
		assertThat(RampBreakdown.of(ramp((second) -> answer(100)), Duration.ofSeconds(10), RampBreakdown.SEED_LINE))
			.isEmpty();
		assertThat(RampBreakdown.of(List.of(), RAMP, RampBreakdown.SEED_LINE)).isEmpty();
	}

}

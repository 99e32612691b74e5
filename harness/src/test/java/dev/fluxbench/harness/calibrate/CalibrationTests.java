package dev.fluxbench.harness.calibrate;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.IntStream;

import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CalibrationTests {

	private static final Instant START = Instant.parse("2026-11-27T05:00:00Z");

	@Test
	void ratioShouldBeTheHarnessCpuPerThousandRequestsOverWrks() {
		CalibrationJson.Side harness = CalibrationJson.Side.of(50_000, 0, Duration.ofSeconds(20),
				Duration.ofSeconds(15), Duration.ofMillis(2), Duration.ofMillis(9));
		CalibrationJson.Side wrk = CalibrationJson.Side.of(100_000, 0, Duration.ofSeconds(20), Duration.ofSeconds(10),
				Duration.ofMillis(1), Duration.ofMillis(4));
		CalibrationJson.Point point = CalibrationJson.Point.of(10, harness, wrk);
		assertThat(harness.cpuMillisPer1000Requests()).isEqualTo(300.0);
		assertThat(wrk.cpuMillisPer1000Requests()).isEqualTo(100.0);
		assertThat(point.cpuRatio()).hasValue(3.0);
		assertThat(harness.throughput()).isEqualTo(2500.0);
	}

	@Test
	void ratioWhenWrksCpuWasTooSmallToMeasureShouldBeAbsent() {
		CalibrationJson.Side harness = CalibrationJson.Side.of(100, 0, Duration.ofSeconds(1), Duration.ofMillis(50),
				Duration.ZERO, Duration.ZERO);
		CalibrationJson.Side wrk = CalibrationJson.Side.of(100, 0, Duration.ofSeconds(1), Duration.ZERO, Duration.ZERO,
				Duration.ZERO);
		assertThat(CalibrationJson.Point.of(1, harness, wrk).cpuRatio()).isEmpty();
	}

	@Test
	void jitShareShouldBeTheCompilersSecondsOverTheWindowsCpu() {
		assertThat(Calibration.jitShare(OptionalDouble.of(2.0), OptionalDouble.of(3.5), Duration.ofSeconds(10)))
			.hasValueSatisfying((share) -> assertThat(share).isCloseTo(0.15, within(1e-9)));
	}

	@Test
	void jitShareWhenAReadingOrTheCpuIsMissingShouldBeAbsent() {
		assertThat(Calibration.jitShare(OptionalDouble.empty(), OptionalDouble.of(3.5), Duration.ofSeconds(10)))
			.isEmpty();
		assertThat(Calibration.jitShare(OptionalDouble.of(2.0), OptionalDouble.empty(), Duration.ofSeconds(10)))
			.isEmpty();
		assertThat(Calibration.jitShare(OptionalDouble.of(2.0), OptionalDouble.of(2.0), Duration.ZERO)).isEmpty();
	}

	@Test
	void appJitShareShouldBeTheAppsCompilerSecondsOverItsCpuBetweenTwoReadings() {
		assertThat(appJitShare(2.0, 10.0)).isCloseTo(0.2, within(1e-9));
	}

	@Test
	void appJitShareWhenTheAppUsedLessThanACoreShouldCountItAsBusyForOne() {
		// 1 s of compiling in 10 s, while the whole app used 2 s of CPU: a tenth of the
		// core it took from the app, not half of what the app used.
		assertThat(appJitShare(1.0, 2.0)).isCloseTo(0.1, within(1e-9));
	}

	/** The app's JIT share over 10 s in which it compiled and used these CPU seconds. */
	private static double appJitShare(double compiled, double used) {
		Calibration.AppJit before = new Calibration.AppJit(OptionalDouble.of(40.0), OptionalDouble.of(100.0), 0);
		Calibration.AppJit after = new Calibration.AppJit(OptionalDouble.of(40.0 + compiled),
				OptionalDouble.of(100.0 + used), Duration.ofSeconds(10).toNanos());
		return before.share(after).orElseThrow();
	}

	@Test
	void appJitShareWhenTheAppsProcessIsNotKnownShouldBeAbsent() {
		Calibration.AppJit unknown = new Calibration.AppJit(OptionalDouble.empty(), OptionalDouble.empty(), 0);
		Calibration.AppJit known = new Calibration.AppJit(OptionalDouble.of(41.0), OptionalDouble.of(102.0),
				Duration.ofSeconds(10).toNanos());
		assertThat(unknown.share(known)).isEmpty();
		assertThat(known.share(unknown)).isEmpty();
	}

	@Test
	void warmUpWhenEitherJitStillCompilesShouldGoOn() {
		assertThat(Calibration.settled(Optional.of(0.03), Optional.of(0.04))).isTrue();
		assertThat(Calibration.settled(Optional.of(0.03), Optional.of(0.2))).isFalse();
		assertThat(Calibration.settled(Optional.of(0.1), Optional.of(0.01))).isFalse();
	}

	@Test
	void warmUpWhenAShareCannotBeReadShouldBeJudgedOnTheOther() {
		assertThat(Calibration.settled(Optional.of(0.03), Optional.empty())).isTrue();
		assertThat(Calibration.settled(Optional.empty(), Optional.of(0.2))).isFalse();
		assertThat(Calibration.settled(Optional.empty(), Optional.empty())).isTrue();
	}

	@Test
	void sideWhenItHasNoRequestsShouldCostNothingPerRequestRatherThanDivideByZero() {
		CalibrationJson.Side idle = CalibrationJson.Side.of(0, 0, Duration.ZERO, Duration.ofMillis(10), Duration.ZERO,
				Duration.ZERO);
		assertThat(idle.cpuMillisPer1000Requests()).isZero();
		assertThat(idle.throughput()).isZero();
	}

	@Test
	void harnessFiguresShouldBePercentilesOfTheSamplersNanosecondTimeAndThroughputOverTheSpan() {
		// 100 samples, one every 10 ms, taking 1 to 100 ms by the sampler's clock but
		// whole milliseconds by JMeter's; one failed.
		List<Sample> samples = IntStream.rangeClosed(1, 100)
			.mapToObj((i) -> new Sample(START.plusMillis(10L * (i - 1)), "calibrate", Duration.ofMillis(i),
					Duration.ofMillis(i), Duration.ZERO, 100, "200", i != 7, (i != 7) ? "" : "status",
					Optional.of(Duration.ofMillis(i).plusNanos(250_000))))
			.toList();
		CalibrationJson.Side side = Calibration.harnessFigures(samples, Duration.ofMillis(300), Duration.ofSeconds(5));
		assertThat(side.requests()).isEqualTo(100);
		assertThat(side.errors()).isEqualTo(1);
		assertThat(side.p50()).isEqualTo(Duration.ofMillis(50).plusNanos(250_000));
		assertThat(side.p99()).isEqualTo(Duration.ofMillis(99).plusNanos(250_000));
		// From the first start to the last end: 990 ms + 100 ms.
		assertThat(side.elapsed()).isEqualTo(Duration.ofMillis(1090));
		assertThat(side.cpuMillisPer1000Requests()).isEqualTo(3000.0);
	}

	@Test
	void tableShouldHaveALinePerGeneratorAndTheRatioPerConnectionCount() {
		CalibrationJson.Side harness = CalibrationJson.Side.of(29_000, 0, Duration.ofSeconds(20),
				Duration.ofMillis(8_700), Duration.ofMillis(2), Duration.ofMillis(9));
		CalibrationJson.Side wrk = CalibrationJson.Side
			.of(30_000, 0, Duration.ofSeconds(20), Duration.ofMillis(3_000), Duration.ofMillis(1), Duration.ofMillis(4))
			.withAppJitShare(Optional.of(0.012));
		CalibrationJson calibration = new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.of(START),
				"http://127.0.0.1:8080/", Optional.of("mvc"), "app on 0, generator and downstream on 1", "wrk 4.1.0",
				Duration.ofSeconds(20), Duration.ofSeconds(10),
				List.of(CalibrationJson.Point.of(10, harness, wrk, Optional.of(0.04))));
		assertThat(Calibration.table(calibration)).hasSize(4)
			.satisfies((lines) -> assertThat(lines.get(0)).contains("connections", "CPU/1000 req", "p50", "p99",
					"req/s", "app JIT"))
			.satisfies((lines) -> assertThat(lines.get(1)).contains("10", "harness", "300.0 ms", "2.00 ms", "9.00 ms",
					"1450", "unknown"))
			.satisfies((lines) -> assertThat(lines.get(2)).contains("wrk", "100.0 ms", "1500").endsWith(" 1%"))
			.satisfies(
					(lines) -> assertThat(lines.get(3)).contains("ratio", "3.0×", "the harness' JIT: 4% of its CPU"));
	}

	@Test
	void calibrationJsonShouldKeepTheAppsWarmupAndItsJitInEachWindow(@TempDir Path directory) {
		Warmup warmup = new Warmup(Duration.ofMinutes(3), 10, Duration.ofSeconds(5), 0.05, 0.1, false,
				Duration.ofSeconds(84), Optional.of(Duration.ofSeconds(80)), Optional.of(0.01), Optional.of(0.04), 2,
				Optional.of(0.1), 400_000, 0);
		CalibrationJson.Side side = CalibrationJson.Side
			.of(1000, 0, Duration.ofSeconds(1), Duration.ofMillis(100), Duration.ofMillis(1), Duration.ofMillis(2))
			.withAppJitShare(Optional.of(0.02));
		Path file = directory.resolve("calibration.json");
		new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.of(START), "http://127.0.0.1:8080/",
				Optional.of("mvc"), "", "wrk 4.1.0", Duration.ofSeconds(1), Duration.ZERO,
				List.of(CalibrationJson.Point.of(10, side, side).withAppWarmup(Optional.of(warmup))))
			.write(file);
		assertThat(CalibrationJson.read(file).points()).singleElement().satisfies((point) -> {
			assertThat(point.appWarmup()).hasValue(warmup);
			assertThat(point.harness().appJitShare()).hasValue(0.02);
			assertThat(point.wrk()).isEqualTo(side);
		});
	}

	@Test
	void calibrationJsonWrittenBeforeTheAppWasWatchedShouldReadWithoutIt(@TempDir Path directory) throws IOException {
		String side = "{\"requests\":1000,\"errors\":0,\"elapsed\":\"PT1S\",\"cpu\":\"PT0.1S\","
				+ "\"cpuMillisPer1000Requests\":100.0,\"p50\":\"PT0.001S\",\"p99\":\"PT0.002S\",\"throughput\":1000.0}";
		Path file = Files.writeString(directory.resolve("calibration.json"),
				"{\"formatVersion\":1,\"endpoint\":\"http://127.0.0.1:8080/\",\"wrk\":\"wrk 4.1.0\",\"points\":[{"
						+ "\"connections\":10,\"harness\":" + side + ",\"wrk\":" + side + ",\"cpuRatio\":1.0}]}");
		assertThat(CalibrationJson.read(file).points()).singleElement().satisfies((point) -> {
			assertThat(point.appWarmup()).isEmpty();
			assertThat(point.harness().appJitShare()).isEmpty();
			assertThat(point.cpuRatio()).hasValue(1.0);
		});
	}

	@Test
	void jmeterShouldAskForTheEndpointsPathAndQueryOnItsHost() {
		Calibration.Endpoint endpoint = new Calibration.Endpoint(
				URI.create("http://127.0.0.1:8080/concerts/data/artists?page=0&size=20"), Optional.empty(),
				Optional.empty(), OptionalLong.empty(), Map.of());
		assertThat(endpoint.base()).hasToString("http://127.0.0.1:8080");
		assertThat(endpoint.pathAndQuery()).isEqualTo("/concerts/data/artists?page=0&size=20");
	}

}

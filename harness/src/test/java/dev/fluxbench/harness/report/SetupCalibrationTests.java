package dev.fluxbench.harness.report;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.results.CalibrationJson;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SetupCalibrationTests {

	@Test
	void setupRowShouldSayHowFarTheGeneratorIsFromWrkAtEachConnectionCount() {
		CalibrationJson calibration = new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.empty(),
				"http://127.0.0.1:8080/", Optional.of("mvc"), "", "wrk 4.1.0", Duration.ofSeconds(20),
				Duration.ofSeconds(10), List.of(point(10, 2_900), point(50, 3_500)));
		assertThat(Report.calibration(calibration)).isEqualTo(
				"generator vs wrk: 2.9× CPU per 1000 requests at 10 connections, 3.5× CPU per 1000 requests at 50"
						+ " connections");
	}

	@Test
	void ratioWhenItCouldNotBeMeasuredShouldBeSaidSo() {
		CalibrationJson.Side nothing = CalibrationJson.Side.of(0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO,
				Duration.ZERO);
		CalibrationJson calibration = new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.empty(), "",
				Optional.empty(), "", "", Duration.ZERO, Duration.ZERO,
				List.of(CalibrationJson.Point.of(10, nothing, nothing)));
		assertThat(Report.calibration(calibration))
			.isEqualTo("generator vs wrk: n/a CPU per 1000 requests at 10 connections");
	}

	/** The harness spending {@code harnessCpuMillis} where wrk spends 1000 ms. */
	private static CalibrationJson.Point point(int connections, long harnessCpuMillis) {
		return CalibrationJson.Point.of(connections,
				CalibrationJson.Side.of(10_000, 0, Duration.ofSeconds(10), Duration.ofMillis(harnessCpuMillis),
						Duration.ofMillis(2), Duration.ofMillis(8)),
				CalibrationJson.Side.of(10_000, 0, Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofMillis(1),
						Duration.ofMillis(4)));
	}

}

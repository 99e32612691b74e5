package dev.fluxbench.harness.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report in a real browser, from file:// as a reader opens it: every chart draws and
 * the console stays clean. Screenshots land in target/report-screenshots for the build's
 * artifacts.
 * <p>
 * With {@code -Dfluxbench.readmeScreenshot=RESULTS_DIR} it also writes the report of that
 * results directory and saves the top of it as docs/report.png, the README's picture.
 */
class ReportBrowserIT {

	private static HeadlessChromium chromium;

	@BeforeAll
	static void startChromium() throws Exception {
		chromium = HeadlessChromium.forTests();
	}

	@AfterAll
	static void stopChromium() {
		if (chromium != null) {
			chromium.close();
		}
	}

	@Test
	void chartsWhenTheRunFinishedShouldAllDrawWithoutConsoleErrors(@TempDir Path directory) throws Exception {
		Path png = openAndCheck(FixtureRun.write(directory, false), "fixture-report.png");
		assertThat(Files.size(png)).isGreaterThan(50_000);
	}

	@Test
	void chartsWhenTheRunWasKilledShouldStillAllDraw(@TempDir Path directory) throws Exception {
		openAndCheck(FixtureRun.write(directory, true), "killed-report.png");
		assertThat(chromium.script("return document.querySelector('.subtitle').textContent;").toString())
			.contains("PARTIAL RESULTS");
	}

	@Test
	void chartsWhenTheRunWasUnderFaultsShouldDrawWithoutConsoleErrors(@TempDir Path directory) throws Exception {
		chromium.open(Report.write(FaultReportTests.write(directory, true, true)).html());
		assertThat(chromium.consoleErrors()).isEmpty();
		assertThat(chromium.drawnCharts()).containsEntry("faults-20", true)
			.containsEntry("breaker-20", true)
			.containsEntry("breaker-calls-20", true)
			.doesNotContainValue(false);
		chromium.screenshot(Path.of("target/report-screenshots", "faults-report.png"));
	}

	@Test
	void timeChartsWhenTheEndpointIsFastShouldShadeJMetersResolutionWithoutConsoleErrors(@TempDir Path directory)
			throws Exception {
		chromium.open(Report.write(FixtureRun.writeFastEndpoint(directory)).html());
		assertThat(chromium.consoleErrors()).isEmpty();
		assertThat(chromium.drawnCharts()).containsEntry("response-times-10", true)
			.containsEntry("percentiles-10", true)
			.containsEntry("p99-time", true)
			.doesNotContainValue(false);
		for (String chart : List.of("response-times-10", "percentiles-10", "p99-time")) {
			assertThat(chromium
				.script("return echarts.getInstanceByDom(document.querySelector('[data-chart=\"" + chart
						+ "\"]')).getOption().title[0].subtext;")
				.toString()).contains("shaded: whole milliseconds");
		}
		chromium.screenshot(Path.of("target/report-screenshots", "fast-endpoint-report.png"));
	}

	/**
	 * Writes the fixture's report, opens it and checks every chart; returns the
	 * screenshot.
	 */
	private static Path openAndCheck(Path results, String screenshot) throws Exception {
		chromium.open(Report.write(results).html());
		assertThat(chromium.consoleErrors()).isEmpty();
		assertThat(chromium.drawnCharts()).containsOnlyKeys(expectedCharts()).doesNotContainValue(false);
		Path png = Path.of("target/report-screenshots", screenshot);
		chromium.screenshot(png);
		return png;
	}

	@Test
	void readmeScreenshotWhenAskedForShouldShowARealRun() throws Exception {
		String results = System.getProperty("fluxbench.readmeScreenshot", "");
		Assumptions.assumeFalse(results.isBlank(), "only with -Dfluxbench.readmeScreenshot=RESULTS_DIR");
		Report.Written written = Report.write(Path.of(results));
		chromium.open(written.html());
		assertThat(chromium.consoleErrors()).isEmpty();
		assertThat(chromium.drawnCharts()).doesNotContainValue(false);
		chromium.screenshot(Path.of("../docs/report.png"), 1900);
	}

	private static List<String> expectedCharts() {
		List<String> charts = new ArrayList<>();
		FixtureRun.LOADS.forEach((load) -> charts.add("response-times-" + load));
		charts.addAll(List.of("errors", "throughput-time", "p99-time", "inflight-time", "threads-time", "memory-time",
				"cpu-time", "gc-pauses"));
		FixtureRun.LOADS.forEach((load) -> charts.add("percentiles-" + load));
		return charts;
	}

}

package dev.fluxbench.harness.report;

import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

/**
 * The browser facility itself, on small pages that draw or fail on purpose, before any
 * report relies on it.
 */
class HeadlessChromiumIT {

	private static final byte[] PNG_SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

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
	void canvasesWhenDrawnShouldCountAsDrawnAndTheWholePageBeCaptured() throws Exception {
		chromium.open(fixture("drawn.html"));
		assertThat(chromium.drawnCharts()).containsExactly(entry("throughput", true), entry("latency", true));
		assertThat(chromium.consoleErrors()).isEmpty();

		Path png = targetDirectory().resolve("browser-screenshots/drawn.png");
		Files.deleteIfExists(png);
		chromium.screenshot(png);
		byte[] image = Files.readAllBytes(png);
		assertThat(image).startsWith(PNG_SIGNATURE).hasSizeGreaterThan(2_000);
		// The page is about 1,900 px tall in a 900 px window: only a full-page capture is
		// that tall.
		ByteBuffer header = ByteBuffer.wrap(image, 16, 8);
		int width = header.getInt();
		int height = header.getInt();
		assertThat(width).isGreaterThanOrEqualTo(640);
		assertThat(height).isGreaterThan(900);
	}

	@Test
	void canvasWhenBlankShouldNotCountAsDrawnAndConsoleErrorsShouldBeKept() throws Exception {
		chromium.open(fixture("blank.html"));
		assertThat(chromium.drawnCharts()).containsExactly(entry("drawn", true), entry("blank", false));
		assertThat(chromium.consoleErrors()).singleElement().asString().contains("boom");
	}

	@Test
	void svgChartWhenItHasNoShapeShouldNotCountAsDrawn() throws Exception {
		chromium.open(fixture("svg.html"));
		assertThat(chromium.drawnCharts()).containsExactly(entry("drawn", true), entry("empty", false),
				entry("nothing", false));
		assertThat(chromium.consoleErrors()).isEmpty();
	}

	@Test
	void pageWhenItNeverGetsReadyShouldFailWithItsConsoleErrors() throws Exception {
		Path page = fixture("never-ready.html");
		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> chromium.open(page, Duration.ofSeconds(1)))
			.withMessageContaining("fluxbenchReportReady")
			.withMessageContaining("undefinedChartLibrary");
	}

	private static Path fixture(String name) throws URISyntaxException {
		return Path.of(HeadlessChromiumIT.class.getResource("/browser/" + name).toURI());
	}

	/**
	 * target/, found from the test classes so that the test runs from any working
	 * directory.
	 */
	private static Path targetDirectory() throws URISyntaxException {
		return Path.of(HeadlessChromiumIT.class.getProtectionDomain().getCodeSource().getLocation().toURI())
			.getParent();
	}

}

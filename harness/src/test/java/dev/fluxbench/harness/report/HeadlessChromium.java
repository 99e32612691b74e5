package dev.fluxbench.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Debian's Chromium, headless, driven through Debian's chromedriver: loads a report file,
 * waits until the report says its charts are drawn, and tells what a reader would see
 * (drawn charts, console errors, a screenshot).
 */
public final class HeadlessChromium implements AutoCloseable {

	static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	/** The report's own signal, set once every chart has been handed to ECharts. */
	static final String READY_FLAG = "window.fluxbenchReportReady === true";

	static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(15);

	static final String CHART_SELECTOR = "[data-chart]";

	private static final String DRAWN_CHARTS_SCRIPT = """
			const canvasDrawn = (canvas) => {
				// width and height are the backing store in device pixels, so a HiDPI canvas is read whole.
				if (!canvas.width || !canvas.height) {
					return false;
				}
				const context = canvas.getContext('2d');
				if (!context) {
					return false;
				}
				let pixels;
				try {
					pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
				}
				catch (e) {
					// Only an image drawn onto the canvas taints it: something was drawn.
					return e.name === 'SecurityError';
				}
				for (let alpha = 3; alpha < pixels.length; alpha += 4) {
					if (pixels[alpha] !== 0) {
						return true;
					}
				}
				return false;
			};
			const svgDrawn = (element) => element.matches('svg')
				? element.querySelector('path, rect, text') !== null
				: element.querySelector('svg path, svg rect, svg text') !== null;
			return Array.from(document.querySelectorAll(arguments[0]), (element, index) => {
				const canvases = element.matches('canvas') ? [element] : Array.from(element.querySelectorAll('canvas'));
				return [element.getAttribute('data-chart') || ('#' + index),
						canvases.some(canvasDrawn) || svgDrawn(element)];
			});
			""";

	/**
	 * Selenium warns at every start that it has no DevTools bindings for this Chromium;
	 * none are needed, as CDP commands go through chromedriver. Held here because
	 * java.util.logging forgets a logger nobody holds, and its level with it.
	 */
	private static final Logger CDP_VERSION_FINDER = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

	static {
		CDP_VERSION_FINDER.setLevel(Level.SEVERE);
	}

	private final Path profile;

	private final ChromeDriver driver;

	/**
	 * The browser log is handed out once by chromedriver, so what was read is kept here.
	 */
	private final List<LogEntry> browserLog = new ArrayList<>();

	/**
	 * Whether the Debian packages are installed:
	 * {@code apt-get install chromium chromium-driver}.
	 */
	public static boolean available() {
		return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
	}

	/**
	 * A browser for a test class. CI installs Chromium, so there a missing one is a
	 * broken machine and fails; on a developer's machine without it the tests are
	 * skipped, with the command that installs it.
	 */
	public static HeadlessChromium forTests() throws IOException {
		String why = "Chromium or chromedriver missing: apt-get install chromium chromium-driver";
		if (System.getenv("CI") != null) {
			assertThat(available()).as(why).isTrue();
		}
		else {
			Assumptions.assumeTrue(available(), why);
		}
		return new HeadlessChromium();
	}

	public HeadlessChromium() throws IOException {
		this.profile = Files.createTempDirectory("fluxbench-chromium-");
		try {
			this.driver = new ChromeDriver(service(), options(this.profile));
		}
		catch (RuntimeException ex) {
			deleteProfile();
			throw ex;
		}
	}

	private static ChromeDriverService service() {
		// An explicit driver, so Selenium Manager never runs: it would try to download
		// one.
		return new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
	}

	private static ChromeOptions options(Path profile) {
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
				// The machines reach no other host: every background fetch would be
				// refused again and again.
				"--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
				"--disable-sync",
				// A fresh profile, so nothing from an earlier run (cache, crash state)
				// changes what is seen.
				"--user-data-dir=" + profile);
		LoggingPreferences logging = new LoggingPreferences();
		logging.enable(LogType.BROWSER, Level.ALL);
		options.setCapability(ChromeOptions.LOGGING_PREFS, logging);
		return options;
	}

	/**
	 * Loads the file and waits, at most {@link #DEFAULT_READY_TIMEOUT}, until the page is
	 * loaded and the report has set {@code window.fluxbenchReportReady = true}.
	 */
	public void open(Path htmlFile) {
		open(htmlFile, DEFAULT_READY_TIMEOUT);
	}

	public void open(Path htmlFile, Duration timeout) {
		Path file = htmlFile.toAbsolutePath();
		if (!Files.isRegularFile(file)) {
			throw new IllegalArgumentException("no such file: " + file);
		}
		// Drained before it is forgotten, or the previous page's errors would be counted
		// against this one.
		readBrowserLog();
		this.browserLog.clear();
		this.driver.get(file.toUri().toString());
		try {
			// In this thread: after a timeout, a poll still running on another one would
			// talk to the driver while the console is read below.
			await(file + " ready").atMost(timeout)
				.pollInSameThread()
				.pollDelay(Duration.ZERO)
				.pollInterval(Duration.ofMillis(100))
				.untilAsserted(() -> {
					assertThat(script("return document.readyState;")).as("document.readyState").isEqualTo("complete");
					assertThat(script("return " + READY_FLAG + ";")).as(READY_FLAG).isEqualTo(true);
				});
		}
		catch (ConditionTimeoutException ex) {
			// The reason is nearly always a script error, which only the console shows.
			throw new AssertionError("%s; console errors: %s".formatted(ex.getMessage(), consoleErrors()), ex);
		}
	}

	/**
	 * The SEVERE entries of the browser console since the last {@link #open}: uncaught
	 * exceptions, {@code console.error}, resources that failed to load.
	 */
	public List<String> consoleErrors() {
		readBrowserLog();
		return this.browserLog.stream()
			.filter((entry) -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
			.map(LogEntry::getMessage)
			.toList();
	}

	private void readBrowserLog() {
		this.driver.manage().logs().get(LogType.BROWSER).forEach(this.browserLog::add);
	}

	/**
	 * Every chart of the page by its {@code data-chart} id, in document order, and
	 * whether it has drawn anything.
	 */
	public Map<String, Boolean> drawnCharts() {
		return drawnCharts(CHART_SELECTOR);
	}

	/**
	 * Every element matching the selector by its {@code data-chart} id ({@code #index}
	 * without one) and whether it has drawn: a canvas with a pixel that is not
	 * transparent, or an svg with a shape or a text.
	 */
	public Map<String, Boolean> drawnCharts(String selector) {
		Map<String, Boolean> drawn = new LinkedHashMap<>();
		if (script(DRAWN_CHARTS_SCRIPT, selector) instanceof List<?> charts) {
			for (Object chart : charts) {
				List<?> idAndDrawn = (List<?>) chart;
				String id = (String) idAndDrawn.get(0);
				// Two charts under one id would hide one of them behind the other.
				if (drawn.put(id, (Boolean) idAndDrawn.get(1)) != null) {
					throw new IllegalStateException("two charts with id " + id);
				}
			}
		}
		return drawn;
	}

	/**
	 * Saves the whole page as a PNG, beyond the window if the page is taller or wider.
	 */
	public void screenshot(Path png) throws IOException {
		screenshot(png, Integer.MAX_VALUE);
	}

	/**
	 * Saves the top of the page, at most {@code maxHeight} CSS pixels of it, as a PNG.
	 */
	public void screenshot(Path png, int maxHeight) throws IOException {
		Map<String, Object> metrics = this.driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
		Map<?, ?> size = (Map<?, ?>) metrics.get("cssContentSize");
		double height = Math.min(((Number) size.get("height")).doubleValue(), maxHeight);
		Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", size.get("width"), "height", height, "scale", 1);
		Map<String, Object> shot = this.driver.executeCdpCommand("Page.captureScreenshot",
				Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
		Path target = png.toAbsolutePath();
		Files.createDirectories(target.getParent());
		Files.write(target, Base64.getDecoder().decode((String) shot.get("data")));
	}

	/**
	 * For what the methods above do not cover; the page's own {@code return} gives the
	 * result.
	 */
	public Object script(String script, Object... arguments) {
		return ((JavascriptExecutor) this.driver).executeScript(script, arguments);
	}

	@Override
	public void close() {
		try {
			this.driver.quit();
		}
		finally {
			deleteProfile();
		}
	}

	private void deleteProfile() {
		// Chromium's last child processes may still be writing into the profile for a
		// moment after quit, and a file they add fails that pass: the next one takes it.
		await("the Chromium profile " + this.profile + " deleted").atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(100))
			.ignoreExceptionsMatching((ex) -> ex instanceof IOException || ex instanceof UncheckedIOException)
			.until(() -> deleted(this.profile));
	}

	private static boolean deleted(Path directory) throws IOException {
		if (Files.exists(directory)) {
			try (Stream<Path> files = Files.walk(directory)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.deleteIfExists(file);
				}
			}
		}
		return !Files.exists(directory);
	}

}

package dev.fluxbench.app.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Debian's Chromium, headless, through Debian's chromedriver, with a profile of its own
 * that is gone after {@link #close()}: enough to open a page, read what it shows, its
 * console, and a screenshot.
 */
final class HeadlessBrowser implements AutoCloseable {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private final Path profile;

	private final ChromeDriver driver;

	private HeadlessBrowser(Path profile) {
		this.profile = profile;
		// The driver given explicitly, so that Selenium Manager does not try to download
		// one.
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		this.driver = new ChromeDriver(service, options(profile));
	}

	/**
	 * A browser, or the test skipped when the packages are missing (apt-get install
	 * chromium chromium-driver); on CI, where they are installed, a missing browser fails
	 * instead.
	 */
	static HeadlessBrowser start() throws IOException {
		boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
		String missing = "Chromium or chromedriver is missing: apt-get install chromium chromium-driver";
		if (System.getenv("CI") != null) {
			assertThat(installed).as(missing).isTrue();
		}
		Assumptions.assumeTrue(installed, missing);
		Path profile = Files.createTempDirectory("fluxbench-stats-chromium-");
		try {
			return new HeadlessBrowser(profile);
		}
		catch (RuntimeException ex) {
			delete(profile);
			throw ex;
		}
	}

	private static ChromeOptions options(Path profile) {
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1000",
				// Only loopback is reachable here: Chromium's own background requests
				// would be refused over and over.
				"--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
				"--disable-sync", "--user-data-dir=" + profile);
		LoggingPreferences logging = new LoggingPreferences();
		logging.enable(LogType.BROWSER, Level.ALL);
		options.setCapability(ChromeOptions.LOGGING_PREFS, logging);
		return options;
	}

	/** Opens the page and waits until the element with that id is there. */
	void open(String url, String awaitedId) {
		this.driver.get(url);
		new WebDriverWait(this.driver, Duration.ofSeconds(15))
			.until(ExpectedConditions.presenceOfElementLocated(By.id(awaitedId)));
	}

	String textOf(String id) {
		return this.driver.findElement(By.id(id)).getText();
	}

	List<WebElement> all(String cssSelector) {
		return this.driver.findElements(By.cssSelector(cssSelector));
	}

	/**
	 * The console's SEVERE entries since the last call: script errors, failed requests.
	 */
	List<String> consoleErrors() {
		return this.driver.manage()
			.logs()
			.get(LogType.BROWSER)
			.getAll()
			.stream()
			.filter((entry) -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
			.map(LogEntry::getMessage)
			.toList();
	}

	/** What the window shows, as a PNG. */
	void screenshot(Path png) throws IOException {
		Files.createDirectories(png.toAbsolutePath().getParent());
		Files.write(png, this.driver.getScreenshotAs(OutputType.BYTES));
	}

	@Override
	public void close() {
		try {
			this.driver.quit();
		}
		finally {
			delete(this.profile);
		}
	}

	private static void delete(Path directory) {
		// Chromium's helper processes can still write to the profile for a moment after
		// quit, and a file they add fails that pass: the next one takes it.
		await("the Chromium profile " + directory + " deleted").atMost(Duration.ofSeconds(30))
			.pollDelay(Duration.ZERO)
			.pollInterval(Duration.ofMillis(100))
			.ignoreExceptionsMatching((ex) -> ex instanceof IOException || ex instanceof UncheckedIOException)
			.until(() -> deleted(directory));
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

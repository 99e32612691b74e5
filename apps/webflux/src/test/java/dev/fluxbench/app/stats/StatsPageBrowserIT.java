package dev.fluxbench.app.stats;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.contract.unit.UnitPaths;
import dev.fluxbench.ldap.EmbeddedDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import reactor.blockhound.BlockingOperationError;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.r2dbc.connection.init.ResourceDatabasePopulator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The statistics page as a person sees it: a fresh app on a real server, a few lookups
 * through the API, then the page in headless Chromium, whose numbers must be the ones the
 * API was given and the ones {@code /actuator/prometheus} reports.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.r2dbc.url=r2dbc:h2:mem:///stats-browser?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"spring.flyway.url=jdbc:h2:mem:stats-browser;DB_CLOSE_DELAY=-1;MODE=PostgreSQL" })
class StatsPageBrowserIT {

	private static final String STACK = "webflux";

	private static final EmbeddedDirectory directory = EmbeddedDirectory.start();

	private static final String USER = "loadtest";

	private static final String PASSWORD = "loadtest-secret";

	private static final Pattern LOOKUP_SAMPLE = Pattern.compile("^fluxbench_unit_lookups_total\\{(.*)} (\\S+)$",
			Pattern.MULTILINE);

	private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Autowired
	private DatabaseClient db;

	@DynamicPropertySource
	static void directory(DynamicPropertyRegistry registry) {
		registry.add("fluxbench.ldap.url", directory::url);
	}

	@AfterAll
	static void stopDirectory() {
		directory.close();
	}

	/**
	 * What {@code @Sql} does in mvc, where there is a DataSource: here there is only
	 * R2DBC.
	 */
	@BeforeEach
	void seedIngestions() throws IOException {
		// Read here, on the test's thread: the script comes from the apps' shared
		// test-jar,
		// and a jar read on the event loop the populator runs on is a blocking call.
		byte[] script = new ClassPathResource("stats-ingestions.sql").getContentAsByteArray();
		new ResourceDatabasePopulator(new ByteArrayResource(script)).populate(this.db.getConnectionFactory()).block();
	}

	@Test
	void pageShouldShowWhatTheDatabaseAndTheCounterHold() throws Exception {
		Map<String, Long> made = new HashMap<>();
		lookup(1, "loadtest", 200, made);
		lookup(2, "loadtest", 200, made);
		lookup(3, "loadtest", 200, made);
		lookup(999_999, "loadtest", 404, made);
		lookup(999_998, "loadtest", 404, made);
		lookup(4, "reporting", 200, made);
		lookup(5, "archive", 403, made);
		assertThat(prometheusLookups()).isEqualTo(made);

		try (HeadlessBrowser browser = HeadlessBrowser.start()) {
			// Chromium answers the Basic challenge with the URL's user info: the page's
			// 401 carries WWW-Authenticate: Basic, and the browser repeats the request
			// with the credentials.
			browser.open("http://%s:%s@127.0.0.1:%d%s".formatted(USER, PASSWORD, this.port, UnitPaths.STATS),
					"unit-count");
			browser.screenshot(Path.of("target", "stats-page-" + STACK + ".png"));

			assertThat(browser.consoleErrors()).isEmpty();
			assertThat(browser.textOf("unit-count")).isEqualTo("10000");
			assertThat(browser.all("#ingestions tr.ingestion td.partner")).extracting(WebElement::getText)
				.containsExactly("partner-1", "partner-2", "partner-3");
			Map<String, Long> shown = new HashMap<>();
			for (WebElement row : browser.all("#lookups tr.lookup")) {
				shown.put(key(row.getDomAttribute("data-requester"), row.getDomAttribute("data-outcome")),
						Long.parseLong(row.findElement(By.cssSelector("td.number")).getText()));
			}
			assertThat(shown).isEqualTo(made).isEqualTo(prometheusLookups());
		}
	}

	@Test
	void blockHoundShouldBeWatchingThisJvmToo() {
		// failsafe runs this class in a JVM of its own: without this, a green page could
		// mean that BlockHound was never installed there.
		Throwable failure = catchThrowable(() -> Mono.fromCallable(() -> {
			Thread.sleep(1);
			return true;
		}).subscribeOn(Schedulers.parallel()).block());
		assertThat(Exceptions.unwrap(failure)).isInstanceOf(BlockingOperationError.class);
	}

	private void lookup(long id, String requester, int expectedStatus, Map<String, Long> made)
			throws IOException, InterruptedException {
		HttpResponse<String> response = this.http
			.send(request(UnitPaths.UNITS + "/" + id).header(UnitPaths.REQUESTER_HEADER, requester)
				.header("Authorization", basic())
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("GET /api/units/%d for %s", id, requester).isEqualTo(expectedStatus);
		String outcome = switch (expectedStatus) {
			case 200 -> "found";
			case 404 -> "not-found";
			default -> "denied";
		};
		made.merge(key(requester, outcome), 1L, Long::sum);
	}

	/**
	 * Every {@code fluxbench_unit_lookups_total} sample of the scrape, by requester and
	 * outcome.
	 */
	private Map<String, Long> prometheusLookups() throws IOException, InterruptedException {
		HttpResponse<String> scrape = this.http.send(request("/actuator/prometheus").build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(scrape.statusCode()).isEqualTo(200);
		Map<String, Long> samples = new HashMap<>();
		Matcher sample = LOOKUP_SAMPLE.matcher(scrape.body());
		while (sample.find()) {
			Map<String, String> labels = new HashMap<>();
			Matcher label = LABEL.matcher(sample.group(1));
			while (label.find()) {
				labels.put(label.group(1), label.group(2));
			}
			samples.put(key(labels.get("requester"), labels.get("outcome")),
					(long) Double.parseDouble(sample.group(2)));
		}
		return samples;
	}

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path));
	}

	private static String basic() {
		return "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
	}

	private static String key(String requester, String outcome) {
		return requester + "/" + outcome;
	}

}

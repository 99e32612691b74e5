package dev.fluxbench.app.stats;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.contract.unit.UnitPaths;
import dev.fluxbench.ldap.EmbeddedDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.connection.init.ResourceDatabasePopulator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statistics page on a real server behind the real security chain, against the test
 * directory: what it shows must be what the database and the lookup counter hold. Its own
 * in-memory database, so that units other tests insert do not change the count.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.r2dbc.url=r2dbc:h2:mem:///stats-tests?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"spring.flyway.url=jdbc:h2:mem:stats-tests;DB_CLOSE_DELAY=-1;MODE=PostgreSQL" })
class StatsControllerTests {

	private static final EmbeddedDirectory directory = EmbeddedDirectory.start();

	/**
	 * The unit that {@link #unitCountShouldFollowTheUnitTable()} inserts and takes away
	 * again.
	 */
	private static final long EXTRA_UNIT = 900_001;

	@LocalServerPort
	private int port;

	@Autowired
	private DatabaseClient db;

	private WebTestClient client;

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

	/**
	 * Every exchange reads its body, even where only the status counts: over a real
	 * server, a body left unread keeps Netty's buffer, and the leak check fails the
	 * class. The response timeout is a safety net, wide enough for a page rendered on a
	 * loaded machine.
	 */
	@BeforeEach
	void bindToServer() {
		this.client = WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			.responseTimeout(Duration.ofSeconds(60))
			.build();
	}

	@Test
	void statsWithoutCredentialsShouldAnswer401() {
		this.client.get()
			.uri(UnitPaths.STATS)
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.UNAUTHORIZED)
			.expectBody(Void.class);
	}

	@Test
	void statsForAUserShouldAnswerHtml() {
		this.client.get()
			.uri(UnitPaths.STATS)
			.headers((headers) -> headers.setBasicAuth("loadtest", "loadtest-secret"))
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentTypeCompatibleWith(MediaType.TEXT_HTML)
			// Read whole: a client that reads no body cancels the page mid-stream, and
			// Thymeleaf's data-driven rendering leaks the buffer it was filling when that
			// happens.
			.expectBody(String.class)
			.value((page) -> assertThat(page).contains("unit-count"));
	}

	@Test
	void unitCountShouldBeTheSeedOnAFreshDatabase() {
		assertThat(number(page(), "unit-count")).isEqualTo(10_000);
	}

	@Test
	void unitCountShouldFollowTheUnitTable() {
		try {
			this.db.sql("""
					insert into unit (id, partner, name, category, amount, currency, version, updated_at)
					values (:id, 'partner-1', 'Extra unit', 'tools', :amount, 'EUR', 1, :updatedAt)""")
				.bind("id", EXTRA_UNIT)
				.bind("amount", new BigDecimal("1.5000"))
				.bind("updatedAt", OffsetDateTime.of(2026, 11, 23, 12, 0, 0, 0, ZoneOffset.UTC))
				.then()
				.block();
			assertThat(number(page(), "unit-count")).isEqualTo(10_001);
		}
		finally {
			this.db.sql("delete from unit where id = :id").bind("id", EXTRA_UNIT).then().block();
		}
		assertThat(number(page(), "unit-count")).isEqualTo(10_000);
	}

	@Test
	void ingestionsShouldBeListedNewestFirst() {
		String page = page();
		assertThat(cells(page, "partner")).containsExactly("partner-1", "partner-2", "partner-3");
		assertThat(cells(page, "day")).containsExactly("2026-11-22", "2026-11-21", "2026-11-20");
		assertThat(cells(page, "status status-RUNNING")).containsExactly("RUNNING");
		assertThat(cells(page, "finished")).containsExactly("", "2026-11-22 06:01:30 Z", "2026-11-21 06:00:02 Z");
		assertThat(cells(page, "number lines")).containsExactly("250", "1000", "0");
		assertThat(cells(page, "number accepted")).containsExactly("250", "990", "0");
		assertThat(cells(page, "number rejected")).containsExactly("0", "10", "0");
	}

	@Test
	void onlyTheLastTenIngestionsShouldBeListed() {
		for (int day = 1; day <= 12; day++) {
			this.db.sql("""
					insert into ingestion (partner, delta_day, file_url, started_at, status, lines, accepted,
					inserted, updated, unchanged, rejected)
					values ('partner-4', :day, 'http://127.0.0.1:8090/x', :startedAt, 'RUNNING', 0, 0, 0, 0, 0, 0)""")
				.bind("day", LocalDate.of(2026, 12, day))
				.bind("startedAt", OffsetDateTime.of(2026, 12, day, 6, 0, 0, 0, ZoneOffset.UTC))
				.then()
				.block();
		}
		assertThat(cells(page(), "day")).hasSize(StatsController.LAST_INGESTIONS).first().isEqualTo("2026-12-12");
	}

	@Test
	void lookupCountsShouldCountEveryLookupByRequesterAndOutcome() {
		String before = page();
		lookup(1, "loadtest", HttpStatus.OK);
		lookup(2, "loadtest", HttpStatus.OK);
		lookup(999_999, "loadtest", HttpStatus.NOT_FOUND);
		lookup(3, "reporting", HttpStatus.OK);
		lookup(1, "archive", HttpStatus.FORBIDDEN);
		lookup(2, "archive", HttpStatus.FORBIDDEN);
		String after = page();
		assertThat(number(after, "lookups-loadtest-found")).isEqualTo(number(before, "lookups-loadtest-found") + 2);
		assertThat(number(after, "lookups-loadtest-not-found"))
			.isEqualTo(number(before, "lookups-loadtest-not-found") + 1);
		assertThat(number(after, "lookups-reporting-found")).isEqualTo(number(before, "lookups-reporting-found") + 1);
		assertThat(number(after, "lookups-archive-denied")).isEqualTo(number(before, "lookups-archive-denied") + 2);
		assertThat(after).containsPattern("data-requester=\"archive\"\\s+data-outcome=\"denied\"");
	}

	private void lookup(long id, String requester, HttpStatus expected) {
		this.client.get()
			.uri(UnitPaths.UNITS + "/{id}", id)
			.header(UnitPaths.REQUESTER_HEADER, requester)
			.headers((headers) -> headers.setBasicAuth("loadtest", "loadtest-secret"))
			.exchange()
			.expectStatus()
			.isEqualTo(expected)
			.expectBody(Void.class);
	}

	private String page() {
		return this.client.get()
			.uri(UnitPaths.STATS)
			.headers((headers) -> headers.setBasicAuth("loadtest", "loadtest-secret"))
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
	}

	/**
	 * The number in the element with that id; 0 when the page has no such element
	 * (nothing counted yet).
	 */
	private static long number(String page, String id) {
		Matcher matcher = Pattern.compile("id=\"" + Pattern.quote(id) + "\">(\\d+)<").matcher(page);
		return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
	}

	/** The text of every cell with that class, in document order. */
	private static List<String> cells(String page, String cssClass) {
		Matcher matcher = Pattern.compile("<td class=\"" + Pattern.quote(cssClass) + "\">([^<]*)</td>").matcher(page);
		List<String> cells = new ArrayList<>();
		while (matcher.find()) {
			cells.add(matcher.group(1));
		}
		return cells;
	}

}

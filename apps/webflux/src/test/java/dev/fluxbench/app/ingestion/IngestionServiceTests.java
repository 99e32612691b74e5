package dev.fluxbench.app.ingestion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import dev.fluxbench.contract.unit.IngestionDetails;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionStatus;
import dev.fluxbench.contract.unit.RejectionDto;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator.Kind;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator.Produced;
import io.r2dbc.spi.ConnectionFactory;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import reactor.test.publisher.TestPublisher;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;
import org.springframework.cache.concurrent.ConcurrentMapCache;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.r2dbc.connection.init.ResourceDatabasePopulator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.BDDMockito.willReturn;

/**
 * The whole ingestion against a real HTTP server and a real database: H2 here, in a
 * database of its own so that the other tests keep their seed; PostgreSQL in
 * {@link IngestionServicePostgresTests} and MariaDB in
 * {@link IngestionServiceMariadbTests}. Every test starts from the seeded units and no
 * ingestions.
 */
@SpringBootTest(
		properties = { "spring.r2dbc.url=r2dbc:h2:mem:///ingestion-tests?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"spring.flyway.url=jdbc:h2:mem:ingestion-tests;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"fluxbench.ingestion.schedule=-", "fluxbench.ingestion.batch-size=64" })
class IngestionServiceTests {

	static final LocalDate DAY = LocalDate.parse("2026-11-20");

	/** Ingestions of one file at the same time. */
	private static final int RACERS = 4;

	// One server for the test JVM, like the cached application contexts that point at it.
	static final PartnerFiles files = PartnerFiles.start();

	@Autowired
	private IngestionService ingestions;

	@Autowired
	private DatabaseClient database;

	@Autowired
	private ConnectionFactory connectionFactory;

	// Records on which threads batches are handed to the store.
	@MockitoSpyBean
	private IngestionStore store;

	// Replaces the unit lookup's cache manager where there is one, stands in for it where
	// there is none.
	@MockitoBean
	private CacheManager cacheManager;

	@DynamicPropertySource
	static void fileServer(DynamicPropertyRegistry registry) {
		registry.add("fluxbench.ingestion.base-url", files::baseUrl);
	}

	private static byte[] read(ClassPathResource resource) {
		try (InputStream in = resource.getInputStream()) {
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@BeforeEach
	void seededUnitsAndNoIngestions() {
		files.clear();
		update("delete from ingestion_rejection");
		update("delete from ingestion");
		// The seed script writes the registry config too; this database is the tests'
		// own.
		update("delete from unit");
		update("delete from registry_config");
		// Read here, not by the populator on a database thread, where BlockHound forbids
		// file reads.
		new ResourceDatabasePopulator(new ByteArrayResource(read(new ClassPathResource(seedScript()))))
			.populate(this.connectionFactory)
			.block();
	}

	/** The script that seeds the units: db/migration's, which H2 and PostgreSQL share. */
	String seedScript() {
		return "db/migration/V4__seed_units.sql";
	}

	@Test
	void ingestWhenFileHasMalformedAndDuplicateLinesShouldCountEachLineAndStoreEveryRejection() {
		DeltaFileGenerator file = DeltaFileGenerator.of("partner-1", DAY, 1000)
			.seed(3)
			.malformedEvery(37)
			.duplicateEvery(23);
		files.serve(file);
		Produced produced = file.produced();
		assertThat(produced.count(Kind.DUPLICATE)).isPositive();
		assertThat(produced.malformed()).isPositive();

		IngestionDto ingestion = this.ingestions.ingest("partner-1", DAY).block();

		assertThat(ingestion.status()).isEqualTo(IngestionStatus.SUCCEEDED);
		assertThat(ingestion.failure()).isNull();
		assertThat(ingestion.fileUrl()).isEqualTo(files.baseUrl() + "/partners/partner-1/deltas/2026-11-20.jsonl");
		assertThat(ingestion.finishedAt()).isAfterOrEqualTo(ingestion.startedAt());
		assertThat(ingestion.lines()).isEqualTo(1000);
		assertThat(ingestion.accepted()).isEqualTo(produced.accepted());
		assertThat(ingestion.rejected()).isEqualTo(produced.rejected());
		assertThat(ingestion.updated()).isEqualTo(produced.count(Kind.UPDATE));
		assertThat(ingestion.inserted()).isEqualTo(produced.count(Kind.ADDITION));
		assertThat(ingestion.unchanged()).isZero();
		assertThat(unitCount()).isEqualTo(10_000 + produced.count(Kind.ADDITION));
		// Line numbers count the header as line 1.
		List<Integer> rejectedLines = IntStream.rangeClosed(1, 1000)
			.filter((index) -> !file.kind(index).accepted())
			.mapToObj((index) -> index + 1)
			.toList();
		assertThat(this.database
			.sql("select line_number from ingestion_rejection where ingestion_id = :id order by line_number")
			.bind("id", ingestion.id())
			.map((row) -> row.get(0, Integer.class))
			.all()
			.collectList()
			.block()).containsExactlyElementsOf(rejectedLines);
		IngestionDetails details = this.ingestions.details(ingestion.id()).block();
		assertThat(details.ingestion()).isEqualTo(ingestion);
		assertThat(details.rejectionsTotal()).isEqualTo(produced.rejected());
		assertThat(details.rejections()).hasSize(Math.min(100, produced.rejected()))
			.allSatisfy((rejection) -> assertThat(rejection.reason()).isNotBlank());
		assertThat(details.rejections()).map(RejectionDto::reason)
			.anyMatch((reason) -> reason.startsWith("duplicate of line"));
	}

	@Test
	void concurrentIngestionsOfOneFileShouldAllSucceedAndStoreEachUnitOnce() {
		DeltaFileGenerator file = DeltaFileGenerator.of("partner-5", DAY, 2000).seed(11);
		files.serve(file);
		Produced produced = file.produced();
		// Subscribed together, so that their batches meet on the same units.
		List<IngestionDto> done = Flux.range(0, RACERS)
			.flatMap((racer) -> this.ingestions.ingest("partner-5", DAY), RACERS)
			.collectList()
			.block();

		assertRacedIngestions(done, produced);
	}

	/**
	 * Every one succeeded and read the whole file; each added unit was inserted by
	 * exactly one of them and each newer version applied by exactly one, the others
	 * counting it unchanged.
	 */
	private void assertRacedIngestions(List<IngestionDto> done, Produced produced) {
		assertThat(done).hasSize(RACERS).allSatisfy((ingestion) -> {
			assertThat(ingestion.status()).isEqualTo(IngestionStatus.SUCCEEDED);
			assertThat(ingestion.failure()).isNull();
			assertThat(ingestion.accepted()).isEqualTo(produced.accepted());
			assertThat(ingestion.rejected()).isEqualTo(produced.rejected());
		});
		assertThat(done.stream().mapToInt(IngestionDto::inserted).sum()).isEqualTo(produced.count(Kind.ADDITION));
		assertThat(done.stream().mapToInt(IngestionDto::updated).sum()).isEqualTo(produced.count(Kind.UPDATE));
		assertThat(done.stream().mapToInt(IngestionDto::unchanged).sum())
			.isEqualTo((RACERS - 1) * (produced.count(Kind.ADDITION) + produced.count(Kind.UPDATE)));
		assertThat(unitCount()).isEqualTo(10_000 + produced.count(Kind.ADDITION));
	}

	@Test
	void ingestingTheSameFileAgainShouldChangeNothingAndCountEveryUnitUnchanged() {
		DeltaFileGenerator file = DeltaFileGenerator.of("partner-2", DAY, 600).malformedEvery(50).duplicateEvery(40);
		files.serve(file);
		IngestionDto first = this.ingestions.ingest("partner-2", DAY).block();
		List<Map<String, Object>> afterFirst = units();

		IngestionDto second = this.ingestions.ingest("partner-2", DAY).block();

		assertThat(second.id()).isNotEqualTo(first.id());
		assertThat(second.status()).isEqualTo(IngestionStatus.SUCCEEDED);
		assertThat(second.inserted()).isZero();
		assertThat(second.updated()).isZero();
		assertThat(second.unchanged()).isEqualTo(first.accepted()).isEqualTo(file.produced().accepted());
		assertThat(second.rejected()).isEqualTo(first.rejected());
		assertThat(units()).isEqualTo(afterFirst);
		assertThat(this.ingestions.recent().block()).map(IngestionDto::id).containsExactly(second.id(), first.id());
	}

	@Test
	void newerVersionShouldUpdateAndOlderOrEqualVersionShouldNot() {
		// Unit 1 is partner-2's (id mod 5 + 1), seeded at version 1; unit 2 is
		// partner-3's.
		files.serve("partner-2", DAY,
				file("partner-2", DAY, unit(1, "partner-2", "10.5000", 3), unit(2, "partner-2", "1", 5)));
		IngestionDto newer = this.ingestions.ingest("partner-2", DAY).block();
		assertThat(newer.updated()).isEqualTo(1);
		assertThat(newer.rejected()).isEqualTo(1);
		assertThat(this.ingestions.details(newer.id()).block().rejections())
			.containsExactly(new RejectionDto(3, "unit 2 belongs to partner-3, not partner-2"));

		LocalDate later = DAY.plusDays(1);
		files.serve("partner-2", later,
				file("partner-2", later, unit(1, "partner-2", "99", 2), unit(6, "partner-2", "98", 1)));
		IngestionDto older = this.ingestions.ingest("partner-2", later).block();

		assertThat(older.status()).isEqualTo(IngestionStatus.SUCCEEDED);
		assertThat(older.updated()).isZero();
		assertThat(older.unchanged()).isEqualTo(2);
		assertThat(single("select version from unit where id = 1", Long.class)).isEqualTo(3);
		assertThat(single("select amount from unit where id = 1", BigDecimal.class))
			.isEqualTo(new BigDecimal("10.5000"));
	}

	@Test
	void fileWithABadHeaderShouldFailWithTheReasonAndWriteNothing() {
		files.serve("partner-3", DAY, "{\"format\":\"csv\",\"version\":1}\n" + unit(3, "partner-3", "1", 9) + "\n");
		List<Map<String, Object>> before = units();

		IngestionDto ingestion = this.ingestions.ingest("partner-3", DAY).block();

		assertThat(ingestion.status()).isEqualTo(IngestionStatus.FAILED);
		assertThat(ingestion.failure())
			.isEqualTo("Not a unit delta file: its header's format is 'csv', not 'fluxbench-unit-delta'.");
		assertThat(ingestion.lines()).isZero();
		assertThat(units()).isEqualTo(before);
		assertThat(this.ingestions.details(ingestion.id()).block().rejectionsTotal()).isZero();
	}

	@Test
	void detailsWhenTheCountFailsMidQueryShouldLetTheRejectionsQueryEndBeforeFailing() {
		files.serve("partner-3", DAY, "{\"format\":\"csv\",\"version\":1}\n");
		long id = this.ingestions.ingest("partner-3", DAY).block().id();
		TestPublisher<RejectionDto> rejections = TestPublisher.create();
		Sinks.One<Integer> count = Sinks.one();
		willReturn(rejections.flux()).given(this.store).rejections(eq(id), anyInt());
		willReturn(count.asMono()).given(this.store).rejectionCount(id);

		StepVerifier.create(this.ingestions.details(id)).then(() -> {
			// The ingestion itself is read first, on a database thread.
			Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(rejections::assertWasSubscribed);
			count.tryEmitError(new IllegalStateException("no connection within the acquire timeout"));
			// Cancelled here, the rejections' query could leave its pooled connection
			// stuck.
			rejections.assertNotCancelled();
			rejections.complete();
		}).expectErrorMessage("no connection within the acquire timeout").verify(Duration.ofSeconds(30));
	}

	@Test
	void fileOfAnotherDayShouldFailAndWriteNothing() {
		files.serve("partner-3", DAY, file("partner-3", DAY.minusDays(1), unit(3, "partner-3", "1", 9)));

		IngestionDto ingestion = this.ingestions.ingest("partner-3", DAY).block();

		assertThat(ingestion.status()).isEqualTo(IngestionStatus.FAILED);
		assertThat(ingestion.failure()).isEqualTo("The file's header names day 2026-11-19, not 2026-11-20.");
		assertThat(single("select version from unit where id = 3", Long.class)).isEqualTo(1);
	}

	@Test
	void fileShorterThanItsHeaderSaysShouldFailButKeepItsSoundUnits() {
		String content = file("partner-4", DAY, unit(3, "partner-4", "1", 2), unit(8, "partner-4", "2", 2))
			.replace("\"units\":2", "\"units\":5");
		files.serve("partner-4", DAY, content);

		IngestionDto ingestion = this.ingestions.ingest("partner-4", DAY).block();

		assertThat(ingestion.status()).isEqualTo(IngestionStatus.FAILED);
		assertThat(ingestion.failure())
			.isEqualTo("The file has 2 unit lines, but its header announced 5: it was cut or added to.");
		assertThat(ingestion.updated()).isEqualTo(2);
	}

	@Test
	void downloadAnswering404ShouldFail() {
		IngestionDto ingestion = this.ingestions.ingest("partner-5", DAY).block();

		assertThat(ingestion.status()).isEqualTo(IngestionStatus.FAILED);
		assertThat(ingestion.failure()).isEqualTo("Downloading " + files.baseUrl()
				+ "/partners/partner-5/deltas/2026-11-20.jsonl failed: the file server answered 404.");
		assertThat(ingestion.lines()).isZero();
	}

	@Test
	void ingestionThatStoredUnitsShouldClearTheUnitsCache() {
		Cache units = new ConcurrentMapCache("units");
		units.put(1L, "stale");
		given(this.cacheManager.getCache("units")).willReturn(units);
		files.serve(DeltaFileGenerator.of("partner-2", DAY, 10));

		this.ingestions.ingest("partner-2", DAY).block();

		assertThat(units.get(1L)).isNull();
	}

	@Test
	void ingestionSubscribedOnANonBlockingThreadShouldReadTheFileOnIngestionThreadsOnly() {
		List<String> threads = new CopyOnWriteArrayList<>();
		willAnswer((invocation) -> {
			threads.add(Thread.currentThread().getName());
			return invocation.callRealMethod();
		}).given(this.store).write(anyLong(), anyList(), any());
		files.serve(DeltaFileGenerator.of("partner-3", DAY, 1000).malformedEvery(100));

		// The parallel scheduler's threads are non-blocking, as Netty's event loops are.
		IngestionDto ingestion = this.ingestions.ingest("partner-3", DAY).subscribeOn(Schedulers.parallel()).block();

		assertThat(ingestion.status()).isEqualTo(IngestionStatus.SUCCEEDED);
		assertThat(ingestion.lines()).isEqualTo(1000);
		// A batch is handed over where its lines were read: 1000 lines in batches of 64
		// make 16.
		assertThat(threads).hasSize(16).allSatisfy((name) -> assertThat(name).startsWith("ingestion-"));
	}

	private int unitCount() {
		return single("select count(*) from unit", Long.class).intValue();
	}

	private List<Map<String, Object>> units() {
		return this.database
			.sql("select id, partner, name, category, amount, currency, version, updated_at from unit order by id")
			.fetch()
			.all()
			.collectList()
			.block();
	}

	private void update(String sql) {
		this.database.sql(sql).then().block();
	}

	private <T> T single(String sql, Class<T> type) {
		return this.database.sql(sql).map((row) -> row.get(0, type)).one().block();
	}

	static String file(String partner, LocalDate day, String... units) {
		return "{\"format\":\"fluxbench-unit-delta\",\"version\":1,\"partner\":\"%s\",\"day\":\"%s\",\"units\":%d}\n"
			.formatted(partner, day, units.length) + String.join("\n", units) + "\n";
	}

	static String unit(long id, String partner, String amount, long version) {
		return """
				{"id":%d,"partner":"%s","name":"Unit %d","category":"bond","amount":"%s","currency":"EUR","version":%d,\
				"updatedAt":"2026-11-20T10:00:00Z"}""".formatted(id, partner, id, amount, version);
	}

}

package dev.fluxbench.app.ingestion;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import dev.fluxbench.app.system.MariadbDatabase;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every ingestion test again on MariaDB, in a database of its own that is created empty,
 * migrated and seeded by Flyway, and dropped afterwards. The JVM runs in a zone other
 * than UTC meanwhile, so that an instant stored at the JVM's zone would show. Skipped
 * where MariaDB does not answer on 127.0.0.1:3306.
 */
@SpringBootTest(properties = { "fluxbench.db.schema=" + IngestionServiceMariadbTests.DATABASE,
		"fluxbench.ingestion.schedule=-", "fluxbench.ingestion.batch-size=64" })
@ActiveProfiles("mariadb")
@DirtiesContext
class IngestionServiceMariadbTests extends IngestionServiceTests {

	static final String DATABASE = "fluxbench_ingest_test_webflux";

	@Autowired
	private IngestionService ingestions;

	@Autowired
	private DatabaseClient database;

	@BeforeAll
	static void freshDatabaseAndAZoneOtherThanUtc() {
		MariadbDatabase.fresh(DATABASE);
	}

	@AfterAll
	static void dropDatabaseAndRestoreTheZone() {
		MariadbDatabase.drop(DATABASE);
	}

	@Override
	String seedScript() {
		return "db/mariadb/V4__seed_units.sql";
	}

	@Test
	void instantsShouldBeStoredInUtcWhateverTheJvmsZone() {
		files.serve(DeltaFileGenerator.of("partner-4", DAY, 10));

		IngestionDto ingestion = this.ingestions.ingest("partner-4", DAY).block();

		String stored = this.database.sql("select cast(started_at as char) from ingestion where id = :id")
			.bind("id", ingestion.id())
			.map((row) -> row.get(0, String.class))
			.one()
			.block();
		assertThat(LocalDateTime.parse(stored.replace(' ', 'T')).toInstant(ZoneOffset.UTC))
			.isEqualTo(ingestion.startedAt().truncatedTo(ChronoUnit.MICROS));
	}

}

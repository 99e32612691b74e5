package dev.fluxbench.app.ingestion;

import dev.fluxbench.app.system.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

/**
 * Every ingestion test again on PostgreSQL, the database a benchmark uses, in a schema of
 * its own that Flyway creates and seeds and that is dropped afterwards. Skipped where
 * PostgreSQL does not answer on 127.0.0.1:5432.
 */
@SpringBootTest(properties = { "fluxbench.db.schema=" + IngestionServicePostgresTests.SCHEMA,
		"fluxbench.ingestion.schedule=-", "fluxbench.ingestion.batch-size=64" })
@ActiveProfiles("postgres")
@DirtiesContext
class IngestionServicePostgresTests extends IngestionServiceTests {

	static final String SCHEMA = "fluxbench_ingest_test_webflux";

	@BeforeAll
	static void freshSchema() {
		PostgresSchema.fresh(SCHEMA);
	}

	@AfterAll
	static void dropSchemaAfterwards() {
		PostgresSchema.drop(SCHEMA);
	}

}

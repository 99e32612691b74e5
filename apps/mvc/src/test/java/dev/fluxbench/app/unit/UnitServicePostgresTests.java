package dev.fluxbench.app.unit;

import dev.fluxbench.app.system.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

/**
 * The fresh fetches again on PostgreSQL, where racing inserts wait for each other's
 * transactions, in a schema of its own that Flyway creates and seeds and that is dropped
 * afterwards. Skipped where PostgreSQL does not answer on 127.0.0.1:5432.
 */
@SpringBootTest(properties = { "fluxbench.cache.mode=local", "fluxbench.db.schema=" + UnitServicePostgresTests.SCHEMA })
@ActiveProfiles("postgres")
@DirtiesContext
class UnitServicePostgresTests extends UnitServiceTests {

	static final String SCHEMA = "fluxbench_unit_test_mvc";

	@BeforeAll
	static void freshSchema() {
		PostgresSchema.fresh(SCHEMA);
	}

	@AfterAll
	static void dropSchemaAfterwards() {
		PostgresSchema.drop(SCHEMA);
	}

}

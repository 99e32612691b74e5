package dev.fluxbench.app.ingestion;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
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

	static final String SCHEMA = "fluxbench_ingest_test_mvc";

	@BeforeAll
	static void freshSchema() {
		Assumptions.assumeTrue(dropSchema(), "PostgreSQL does not answer on 127.0.0.1:5432");
	}

	@AfterAll
	static void dropSchemaAfterwards() {
		dropSchema();
	}

	private static boolean dropSchema() {
		try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres",
				""); Statement statement = connection.createStatement()) {
			statement.execute("drop schema if exists " + SCHEMA + " cascade");
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

}

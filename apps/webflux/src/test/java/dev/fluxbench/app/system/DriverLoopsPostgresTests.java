package dev.fluxbench.app.system;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The drivers' loops on PostgreSQL. Skipped where PostgreSQL does not answer on
 * 127.0.0.1:5432.
 */
@SpringBootTest(properties = "fluxbench.db.pool.max-size=" + AbstractDriverLoopsTests.CONNECTIONS)
@ActiveProfiles("postgres")
class DriverLoopsPostgresTests extends AbstractDriverLoopsTests {

	private static final String SCHEMA = "fluxbench_driver_loops_test";

	@BeforeAll
	static void freshSchema() {
		PostgresSchema.fresh(SCHEMA);
	}

	@AfterAll
	static void dropSchemaAfterwards() {
		PostgresSchema.drop(SCHEMA);
	}

	@DynamicPropertySource
	static void schema(DynamicPropertyRegistry registry) {
		PostgresSchema.register(registry, SCHEMA);
	}

	@Override
	String pause() {
		return "select pg_sleep(0.2)";
	}

}

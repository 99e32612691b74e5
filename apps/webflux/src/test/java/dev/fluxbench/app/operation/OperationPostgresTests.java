package dev.fluxbench.app.operation;

import dev.fluxbench.app.system.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * webflux on PostgreSQL, the database a benchmark uses: instants and decimals through
 * r2dbc-postgresql.
 */
@ActiveProfiles("postgres")
@DirtiesContext
class OperationPostgresTests extends OperationContract {

	private static final String SCHEMA = "fluxbench_operations_test_webflux";

	@BeforeAll
	static void freshSchema() {
		PostgresSchema.fresh(SCHEMA);
	}

	@AfterAll
	static void dropSchema() {
		PostgresSchema.drop(SCHEMA);
	}

	@DynamicPropertySource
	static void postgres(DynamicPropertyRegistry registry) {
		PostgresSchema.register(registry, SCHEMA);
	}

	@Override
	String stack() {
		return "webflux";
	}

}

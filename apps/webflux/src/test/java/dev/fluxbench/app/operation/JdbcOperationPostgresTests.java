package dev.fluxbench.app.operation;

import dev.fluxbench.app.system.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * webflux-jdbc on PostgreSQL: Hibernate validates mvc's entity against the schema Flyway
 * made there, and the Hikari pool follows spring.flyway.url to it.
 */
@ActiveProfiles({ "postgres", "jdbc" })
@DirtiesContext
class JdbcOperationPostgresTests extends OperationContract {

	private static final String SCHEMA = "fluxbench_operations_test_webflux_jdbc";

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
		return "webflux-jdbc";
	}

}

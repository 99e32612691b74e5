package dev.fluxbench.app.operation;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.app.system.MariadbDatabase;
import dev.fluxbench.contract.account.SeedAccounts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * webflux-jdbc on MariaDB: Hibernate validates mvc's entity against db/mariadb's table,
 * and the Hikari pool follows spring.flyway.url, with its options, to it.
 */
@ActiveProfiles({ "mariadb", "jdbc" })
@DirtiesContext
class JdbcOperationMariadbTests extends OperationContract {

	private static final String DATABASE = "fluxbench_operations_test_webflux_jdbc";

	@Autowired
	private DatabaseClient database;

	@BeforeAll
	static void freshDatabase() {
		MariadbDatabase.fresh(DATABASE);
	}

	@AfterAll
	static void dropDatabase() {
		MariadbDatabase.drop(DATABASE);
	}

	@DynamicPropertySource
	static void mariadb(DynamicPropertyRegistry registry) {
		MariadbDatabase.register(registry, DATABASE);
	}

	@Override
	String stack() {
		return "webflux-jdbc";
	}

	@Test
	void createShouldStoreTheDateInUtcWhateverTheJvmsZone() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		long id = idOf(create(token, """
				{"date":"2024-02-29T12:34:56.789123Z", "description":"Leap day", "amount":"12.50"}"""));

		assertThat(this.database.sql("select cast(operation_date as char) from operation where id = :id")
			.bind("id", id)
			.map((row) -> row.get(0, String.class))
			.one()
			.block()).isEqualTo("2024-02-29 12:34:56.789123");
	}

}

package dev.fluxbench.app.operation;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.app.system.MariadbDatabase;
import dev.fluxbench.contract.operation.OperationPaths;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.client.assertj.RestTestClientResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seed's journey on MariaDB, the database seed 002 measured (as MySQL), in a database
 * of its own that is created empty, migrated by Flyway and dropped afterwards. The JVM
 * runs in a zone other than UTC meanwhile, so that an instant stored at the JVM's zone
 * would show. Skipped where MariaDB does not answer on 127.0.0.1:3306.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "fluxbench.db.schema=" + OperationControllerMariadbTests.DATABASE, Accounts.BCRYPT_COST })
@ActiveProfiles("mariadb")
@DirtiesContext
class OperationControllerMariadbTests extends OperationJourney {

	static final String DATABASE = "fluxbench_operations_test_mvc";

	@Autowired
	private JdbcClient jdbc;

	@BeforeAll
	static void freshDatabaseAndAZoneOtherThanUtc() {
		MariadbDatabase.fresh(DATABASE);
	}

	@AfterAll
	static void dropDatabaseAndRestoreTheZone() {
		MariadbDatabase.drop(DATABASE);
	}

	@Test
	void createShouldStoreTheDateInUtcWhateverTheJvmsZone() {
		long id = idOf(RestTestClientResponse
			.from(this.signedIn.post().uri(OperationPaths.OPERATIONS).contentType(MediaType.APPLICATION_JSON).body("""
					{"date":"2024-02-29T12:34:56.789123Z", "description":"Leap day", "amount":"12.50"}""").exchange()));

		assertThat(this.jdbc.sql("select cast(operation_date as char) from operation where id = :id")
			.param("id", id)
			.query(String.class)
			.single()).isEqualTo("2024-02-29 12:34:56.789123");
	}

}

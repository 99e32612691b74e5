package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.reactive.TransactionalOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository tests again on MariaDB, through R2dbcConfiguration's conversions, in a database of
 * its own that is created empty and dropped afterwards. The JVM runs in a zone other than UTC
 * meanwhile, so that an instant read or written at the JVM's zone would show. Skipped where MariaDB
 * does not answer on 127.0.0.1:3306.
 */
@ActiveProfiles("mariadb")
@TestPropertySource(properties = "fluxbench.db.schema=" + UnitRepositoryMariadbTests.DATABASE)
class UnitRepositoryMariadbTests extends UnitRepositoryTests {

	static final String DATABASE = "fluxbench_units_test_webflux";

	private static final TimeZone JVM_ZONE = TimeZone.getDefault();

	@Autowired
	private UnitRepository units;

	@Autowired
	private DatabaseClient database;

	@Autowired
	private TransactionalOperator transactions;

	@BeforeAll
	static void freshDatabaseAndAZoneOtherThanUtc() {
		Assumptions.assumeTrue(recreate(true), "MariaDB does not answer on 127.0.0.1:3306");
		TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
	}

	@AfterAll
	static void dropDatabaseAndRestoreTheZone() {
		TimeZone.setDefault(JVM_ZONE);
		recreate(false);
	}

	@Test
	void updateIfNotOlderShouldStoreTheInstantInUtc() {
		String stored = this.transactions.execute((status) -> {
			status.setRollbackOnly();
			return this.units
				.updateIfNotOlder(42, "partner-3", "Renamed", "fund", BigDecimal.ONE, "USD", 2,
						OffsetDateTime.of(2026, 6, 1, 17, 30, 0, 0, ZoneOffset.ofHoursMinutes(5, 30)))
				.then(this.database.sql("select cast(updated_at as char) from unit where id = 42")
					.map((row) -> row.get(0, String.class))
					.one());
		}).single().block();

		assertThat(stored).isEqualTo("2026-06-01 12:00:00.000000");
	}

	private static boolean recreate(boolean create) {
		try (Connection connection = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/test", "root", "");
				Statement statement = connection.createStatement()) {
			statement.execute("drop database if exists " + DATABASE);
			if (create) {
				statement.execute("create database " + DATABASE);
			}
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

}

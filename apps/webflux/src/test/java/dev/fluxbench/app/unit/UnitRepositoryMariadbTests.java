package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import dev.fluxbench.app.system.MariadbDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.reactive.TransactionalOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository tests again on MariaDB, through R2dbcConfiguration's conversions, in a
 * database of its own that is created empty and dropped afterwards. The JVM runs in a
 * zone other than UTC meanwhile, so that an instant read or written at the JVM's zone
 * would show. Skipped where MariaDB does not answer on 127.0.0.1:3306.
 */
@ActiveProfiles("mariadb")
@TestPropertySource(properties = "fluxbench.db.schema=" + UnitRepositoryMariadbTests.DATABASE)
class UnitRepositoryMariadbTests extends UnitRepositoryTests {

	static final String DATABASE = "fluxbench_units_test_webflux";

	@Autowired
	private UnitRepository units;

	@Autowired
	private DatabaseClient database;

	@Autowired
	private TransactionalOperator transactions;

	@BeforeAll
	static void freshDatabaseAndAZoneOtherThanUtc() {
		MariadbDatabase.fresh(DATABASE);
	}

	@AfterAll
	static void dropDatabaseAndRestoreTheZone() {
		MariadbDatabase.drop(DATABASE);
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

}

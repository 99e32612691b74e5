package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import dev.fluxbench.app.system.MariadbDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository tests again on MariaDB: Hibernate validates the mapping against
 * db/mariadb's tables, in a database of its own that is created empty and dropped
 * afterwards. The JVM runs in a zone other than UTC meanwhile, so that an instant read or
 * written at the JVM's zone would show. Skipped where MariaDB does not answer on
 * 127.0.0.1:3306.
 */
@ActiveProfiles("mariadb")
@TestPropertySource(properties = "fluxbench.db.schema=" + UnitRepositoryMariadbTests.DATABASE)
class UnitRepositoryMariadbTests extends UnitRepositoryTests {

	static final String DATABASE = "fluxbench_units_test_mvc";

	@Autowired
	private UnitRepository units;

	@Autowired
	private JdbcTemplate jdbc;

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
		this.units.updateIfNotOlder(42, "partner-3", "Renamed", "fund", BigDecimal.ONE, "USD", 2,
				OffsetDateTime.of(2026, 6, 1, 17, 30, 0, 0, ZoneOffset.ofHoursMinutes(5, 30)));

		assertThat(this.jdbc.queryForObject("select cast(updated_at as char) from unit where id = 42", String.class))
			.isEqualTo("2026-06-01 12:00:00.000000");
	}

}

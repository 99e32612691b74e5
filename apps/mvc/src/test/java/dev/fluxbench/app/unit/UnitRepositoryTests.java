package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitPaths;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase.Replace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

// The application's own H2 database with the shared Flyway scripts; Hibernate validates the mapping
// against them. Each test is rolled back.
@DataJpaTest
@AutoConfigureTestDatabase(replace = Replace.NONE)
class UnitRepositoryTests {

	private static final OffsetDateTime LATER = OffsetDateTime.of(2026, 6, 1, 12, 0, 0, 0, ZoneOffset.UTC);

	@Autowired
	private UnitRepository units;

	@Autowired
	private RegistryConfigRepository registry;

	@Test
	void seedShouldHoldTenThousandUnits() {
		assertThat(this.units.count()).isEqualTo(10_000);
	}

	@Test
	void findByIdShouldMapEveryColumn() {
		assertThat(this.units.findById(42L)).map(Unit::toDto)
			.contains(new UnitDto(42, "partner-3", "Unit 000042", "fund", new BigDecimal("3325.9800"), "EUR", 1,
					Instant.parse("2026-01-01T00:00:00Z")));
	}

	@Test
	void findByIdWhenUnitIsUnknownShouldAnswerNothing() {
		assertThat(this.units.findById(10_001L)).isEmpty();
	}

	@Test
	void registryShouldHoldTheSeededRequesters() {
		assertThat(this.registry.findByProperty(UnitPaths.SERVICE_STATUSES))
			.extracting(RegistryConfig::name, RegistryConfig::enabled)
			.containsExactlyInAnyOrder(tuple("loadtest", true), tuple("reporting", true), tuple("archive", false));
	}

	@Test
	void updateIfNotOlderShouldReplaceWithANewerVersion() {
		assertThat(this.units.updateIfNotOlder(42, "partner-3", "Renamed", "fund", new BigDecimal("1.0000"), "USD", 2,
				LATER))
			.isEqualTo(1);
		assertThat(this.units.findById(42L)).map(Unit::toDto)
			.contains(new UnitDto(42, "partner-3", "Renamed", "fund", new BigDecimal("1.0000"), "USD", 2,
					LATER.toInstant()));
	}

	@Test
	void updateIfNotOlderShouldKeepTheNewerStoredVersion() {
		this.units.updateIfNotOlder(42, "partner-3", "Version 5", "fund", new BigDecimal("5.0000"), "EUR", 5, LATER);
		assertThat(this.units.updateIfNotOlder(42, "partner-3", "Version 4", "fund", new BigDecimal("4.0000"), "EUR", 4,
				LATER))
			.isZero();
		assertThat(this.units.findById(42L)).map(Unit::toDto).map(UnitDto::name).contains("Version 5");
	}

	@Test
	void updateIfNotOlderWhenUnitIsAbsentShouldChangeNothingAndInsertShouldAddItOnce() {
		UnitDto unit = new UnitDto(20_000, "partner-1", "New", "bond", new BigDecimal("10.0000"), "GBP", 1,
				LATER.toInstant());
		assertThat(this.units.updateIfNotOlder(20_000, "partner-1", "New", "bond", BigDecimal.TEN, "GBP", 1, LATER))
			.isZero();
		assertThat(this.units.insertIfAbsent(unit)).isEqualTo(1);
		assertThat(this.units.insertIfAbsent(unit)).isZero();
		assertThat(this.units.findById(20_000L)).map(Unit::toDto).contains(unit);
		assertThat(this.units.count()).isEqualTo(10_001);
	}

}

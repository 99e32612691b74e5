package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitPaths;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.data.r2dbc.test.autoconfigure.DataR2dbcTest;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.FilterType;
import org.springframework.transaction.reactive.TransactionalOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

// The application's own H2 database with the shared Flyway scripts, read through the app's mapping
// context (unquoted names). Writes are rolled back, as @DataJpaTest does in the mvc stack.
@DataR2dbcTest(includeFilters = @Filter(type = FilterType.REGEX,
		pattern = "dev\\.fluxbench\\.app\\.system\\.R2dbcConfiguration"))
@ImportAutoConfiguration(FlywayAutoConfiguration.class)
class UnitRepositoryTests {

	private static final OffsetDateTime LATER = OffsetDateTime.of(2026, 6, 1, 12, 0, 0, 0, ZoneOffset.UTC);

	@Autowired
	private UnitRepository units;

	@Autowired
	private RegistryConfigRepository registry;

	@Autowired
	private TransactionalOperator transactions;

	@Test
	void seedShouldHoldTenThousandUnits() {
		assertThat(this.units.count().block()).isEqualTo(10_000);
	}

	@Test
	void findByIdShouldMapEveryColumn() {
		assertThat(this.units.findById(42L).blockOptional()).map(Unit::toDto)
			.contains(new UnitDto(42, "partner-3", "Unit 000042", "fund", new BigDecimal("3325.9800"), "EUR", 1,
					Instant.parse("2026-01-01T00:00:00Z")));
	}

	@Test
	void findByIdWhenUnitIsUnknownShouldAnswerNothing() {
		assertThat(this.units.findById(10_001L).blockOptional()).isEmpty();
	}

	@Test
	void registryShouldHoldTheSeededRequesters() {
		assertThat(this.registry.findByProperty(UnitPaths.SERVICE_STATUSES).collectList().block())
			.extracting(RegistryConfig::name, RegistryConfig::enabled)
			.containsExactlyInAnyOrder(tuple("loadtest", true), tuple("reporting", true), tuple("archive", false));
	}

	@Test
	void updateIfNotOlderShouldReplaceWithANewerVersion() {
		List<Object> results = rolledBack(Flux.concat(this.units.updateIfNotOlder(42, "partner-3", "Renamed", "fund",
				new BigDecimal("1.0000"), "USD", 2, LATER), this.units.findById(42L).map(Unit::toDto)));
		assertThat(results).containsExactly(1,
				new UnitDto(42, "partner-3", "Renamed", "fund", new BigDecimal("1.0000"), "USD", 2, LATER.toInstant()));
	}

	@Test
	void updateIfNotOlderShouldKeepTheNewerStoredVersion() {
		List<Object> results = rolledBack(Flux.concat(
				this.units.updateIfNotOlder(42, "partner-3", "Version 5", "fund", new BigDecimal("5.0000"), "EUR", 5,
						LATER),
				this.units.updateIfNotOlder(42, "partner-3", "Version 4", "fund", new BigDecimal("4.0000"), "EUR", 4,
						LATER),
				this.units.findById(42L).map(Unit::toDto).map(UnitDto::name)));
		assertThat(results).containsExactly(1, 0, "Version 5");
	}

	@Test
	void updateIfNotOlderWhenUnitIsAbsentShouldChangeNothingAndInsertShouldAddItOnce() {
		UnitDto unit = new UnitDto(20_000, "partner-1", "New", "bond", new BigDecimal("10.0000"), "GBP", 1,
				LATER.toInstant());
		List<Object> results = rolledBack(
				Flux.concat(
						this.units.updateIfNotOlder(20_000, "partner-1", "New", "bond", BigDecimal.TEN, "GBP", 1,
								LATER),
						this.units.insertIfAbsent(unit), this.units.insertIfAbsent(unit),
						this.units.findById(20_000L).map(Unit::toDto), this.units.count()));
		assertThat(results).containsExactly(0, 1L, 0L, unit, 10_001L);
	}

	// Rolled back, so that every test sees the seeded units of a database that lives as
	// long as the JVM.
	private List<Object> rolledBack(Flux<?> work) {
		return this.transactions.execute((status) -> {
			status.setRollbackOnly();
			return work.cast(Object.class);
		}).collectList().block();
	}

}

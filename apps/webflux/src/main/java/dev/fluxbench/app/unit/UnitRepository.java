package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

import reactor.core.publisher.Mono;

import org.springframework.data.r2dbc.repository.Modifying;
import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.Repository;

interface UnitRepository extends Repository<Unit, Long>, UnitInserts {

	Mono<Unit> findById(Long id);

	Mono<Long> count();

	/**
	 * Replaces the stored unit unless it is newer: one statement, so two fresh fetches
	 * that race cannot leave the older version behind.
	 * @return 1 if the unit was replaced, 0 if it is absent or newer
	 */
	@Modifying
	@Query("""
			update unit set partner = :partner, name = :name, category = :category, amount = :amount,
			currency = :currency, version = :version, updated_at = :updatedAt
			where id = :id and version <= :version""")
	Mono<Integer> updateIfNotOlder(long id, String partner, String name, String category, BigDecimal amount,
			String currency, long version, OffsetDateTime updatedAt);

}

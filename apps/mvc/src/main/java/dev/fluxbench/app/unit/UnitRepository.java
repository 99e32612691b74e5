package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Optional;

import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.Repository;
import org.springframework.transaction.annotation.Transactional;

interface UnitRepository extends Repository<Unit, Long>, UnitInserts {

	@Transactional(readOnly = true)
	Optional<Unit> findById(Long id);

	@Transactional(readOnly = true)
	long count();

	/**
	 * Replaces the stored unit unless it is newer: one statement, so two fresh fetches
	 * that race cannot leave the older version behind.
	 * @return 1 if the unit was replaced, 0 if it is absent or newer
	 */
	@Transactional
	@Modifying(clearAutomatically = true, flushAutomatically = true)
	@Query("""
			update Unit u set u.partner = :partner, u.name = :name, u.category = :category, u.amount = :amount,
			u.currency = :currency, u.version = :version, u.updatedAt = :updatedAt
			where u.id = :id and u.version <= :version""")
	int updateIfNotOlder(long id, String partner, String name, String category, BigDecimal amount, String currency,
			long version, OffsetDateTime updatedAt);

}

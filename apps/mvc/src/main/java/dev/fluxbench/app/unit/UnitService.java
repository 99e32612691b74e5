package dev.fluxbench.app.unit;

import dev.fluxbench.app.cache.CacheNames;
import dev.fluxbench.contract.unit.UnitDto;

import org.springframework.cache.annotation.CachePut;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Units by id, through the cache that {@code fluxbench.cache.mode} selects, and fresh
 * from the partner's repository on demand.
 */
@Service
class UnitService {

	private final UnitRepository units;

	private final PartnerRepositoryClient partner;

	private final TransactionTemplate transactions;

	UnitService(UnitRepository units, PartnerRepositoryClient partner, TransactionTemplate transactions) {
		this.units = units;
		this.partner = partner;
		this.transactions = transactions;
	}

	/**
	 * Returns the unit with the given id, from the cache when it holds it.
	 * @throws UnitNotFoundException when the store has no such unit; nothing is cached
	 * then
	 */
	@Cacheable(cacheNames = CacheNames.UNITS, key = "#id")
	UnitDto find(long id) {
		return this.units.findById(id).map(Unit::toDto).orElseThrow(() -> new UnitNotFoundException(id));
	}

	/**
	 * Asks the partner's repository, stores its answer unless the store holds a newer
	 * version, and caches and answers what the store now holds.
	 * @throws UnitNotFoundException when the repository has no such unit
	 */
	@CachePut(cacheNames = CacheNames.UNITS, key = "#id")
	UnitDto fetchFresh(long id) {
		UnitDto fresh = this.partner.fetch(id).orElseThrow(() -> new UnitNotFoundException(id));
		// The transaction starts after the SOAP call: no database connection waits on the
		// partner.
		return this.transactions.execute((status) -> store(fresh));
	}

	/**
	 * Two fresh fetches of one absent unit may both find it absent: the second insert
	 * then inserts nothing (it waits for the first one's transaction), and the unit is
	 * replaced as if it had been there, so both answer what the store holds.
	 */
	private UnitDto store(UnitDto fresh) {
		if (replace(fresh) || this.units.insertIfAbsent(fresh) == 1 || replace(fresh)) {
			return fresh;
		}
		return this.units.findById(fresh.id()).map(Unit::toDto).orElseThrow();
	}

	/** Replaces the stored unit unless it is newer. */
	private boolean replace(UnitDto fresh) {
		return this.units.updateIfNotOlder(fresh.id(), fresh.partner(), fresh.name(), fresh.category(), fresh.amount(),
				fresh.currency(), fresh.version(), Unit.utc(fresh)) == 1;
	}

}

package dev.fluxbench.app.unit;

import dev.fluxbench.app.cache.CacheNames;
import dev.fluxbench.contract.unit.UnitDto;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.cache.annotation.CachePut;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Units by id, through the cache that {@code fluxbench.cache.mode} selects, and fresh
 * from the partner's repository on demand.
 */
@Service
class UnitService {

	private final UnitRepository units;

	private final PartnerRepositoryClient partner;

	private final TransactionalOperator transactions;

	UnitService(UnitRepository units, PartnerRepositoryClient partner, TransactionalOperator transactions) {
		this.units = units;
		this.partner = partner;
		this.transactions = transactions;
	}

	/**
	 * Fails with {@link UnitNotFoundException} when the store has no such unit; nothing
	 * is cached then. {@code sync} makes Spring load a miss through
	 * {@code Cache.retrieve(key, loader)}, which both async caches store without
	 * blocking; without it a miss ends in {@code Cache.put}, which RedisCache runs as a
	 * blocking command on the thread that emitted the unit.
	 */
	@Cacheable(cacheNames = CacheNames.UNITS, key = "#id", sync = true)
	Mono<UnitDto> find(long id) {
		return this.units.findById(id).map(Unit::toDto).switchIfEmpty(Mono.error(() -> new UnitNotFoundException(id)));
	}

	/**
	 * Asks the partner's repository, stores its answer unless the store holds a newer
	 * version, and caches and answers what the store now holds. Fails with
	 * {@link UnitNotFoundException} when the repository has no such unit.
	 */
	@CachePut(cacheNames = CacheNames.UNITS, key = "#id")
	Mono<UnitDto> fetchFresh(long id) {
		return this.partner.fetch(id)
			.switchIfEmpty(Mono.error(() -> new UnitNotFoundException(id)))
			.flatMap((fresh) -> store(fresh).as(this.transactions::transactional))
			// @CachePut has no asynchronous put: Spring calls Cache.put when this Mono
			// emits, and RedisCache's put blocks. The fresh path already waited on the
			// partner; one hop off the event loop costs it little.
			.publishOn(Schedulers.boundedElastic());
	}

	/**
	 * Two fresh fetches of one absent unit may both find it absent: the second insert
	 * then inserts nothing (it waits for the first one's transaction), and the unit is
	 * replaced as if it had been there, so both answer what the store holds.
	 */
	private Mono<UnitDto> store(UnitDto fresh) {
		return replace(fresh)
			.flatMap((replaced) -> replaced ? Mono.just(true)
					: this.units.insertIfAbsent(fresh)
						.flatMap((inserted) -> (inserted == 1) ? Mono.just(true) : replace(fresh)))
			.flatMap((stored) -> stored ? Mono.just(fresh) : this.units.findById(fresh.id()).map(Unit::toDto));
	}

	/** Emits whether the stored unit was replaced, which it is unless it is newer. */
	private Mono<Boolean> replace(UnitDto fresh) {
		return this.units
			.updateIfNotOlder(fresh.id(), fresh.partner(), fresh.name(), fresh.category(), fresh.amount(),
					fresh.currency(), fresh.version(), Unit.utc(fresh))
			.map((replaced) -> replaced == 1);
	}

}

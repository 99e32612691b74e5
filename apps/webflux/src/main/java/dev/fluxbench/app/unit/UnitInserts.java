package dev.fluxbench.app.unit;

import dev.fluxbench.contract.unit.UnitDto;
import reactor.core.publisher.Mono;

/**
 * The unit repository's insert, whose SQL depends on the database
 * ({@link InsertIfAbsent}).
 */
interface UnitInserts {

	/** Emits 1 if the unit was inserted, 0 if the store already holds its id. */
	Mono<Long> insertIfAbsent(UnitDto unit);

}

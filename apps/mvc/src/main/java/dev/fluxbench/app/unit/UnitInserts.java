package dev.fluxbench.app.unit;

import dev.fluxbench.contract.unit.UnitDto;

/**
 * The unit repository's insert, whose SQL depends on the database
 * ({@link InsertIfAbsent}).
 */
interface UnitInserts {

	/**
	 * Inserts the unit unless the store already holds its id.
	 * @return 1 if the unit was inserted, 0 if the store already holds its id
	 */
	int insertIfAbsent(UnitDto unit);

}

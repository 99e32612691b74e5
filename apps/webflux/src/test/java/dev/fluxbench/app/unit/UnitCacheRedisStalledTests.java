package dev.fluxbench.app.unit;

import dev.fluxbench.contract.unit.UnitDto;

import org.springframework.beans.factory.annotation.Autowired;

/**
 * Redis stops answering: lookups through this app's service answer from the database. The
 * test is the same in every stack, in apps/common's
 * {@link AbstractUnitCacheRedisStalledTests}.
 */
class UnitCacheRedisStalledTests extends AbstractUnitCacheRedisStalledTests {

	@Autowired
	private UnitService units;

	@Override
	protected UnitDto find(long id) {
		return this.units.find(id).block();
	}

}

package dev.fluxbench.app.unit;

/**
 * Redis dies while lookups run: every lookup answers from this app's database. The test
 * is the same in every stack, in apps/common's {@link AbstractUnitCacheRedisDownTests}.
 */
class UnitCacheRedisDownTests extends AbstractUnitCacheRedisDownTests {

}

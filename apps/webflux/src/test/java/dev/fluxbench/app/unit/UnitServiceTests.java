package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import dev.fluxbench.app.cache.CacheNames;
import dev.fluxbench.contract.unit.UnitDto;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.CacheManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.mockito.BDDMockito.given;

/**
 * A fresh fetch stores what the partner answers unless the store is newer, and refreshes
 * the cache. On H2 here, on PostgreSQL in {@link UnitServicePostgresTests}.
 */
@SpringBootTest(properties = "fluxbench.cache.mode=local")
class UnitServiceTests {

	// Outside the seed, so that the other tests' view of the 10 000 units does not
	// change.
	private static final long ID = 20_002;

	/** Fresh fetches of one unit at the same time. */
	private static final int RACERS = 8;

	@Autowired
	private UnitService units;

	@Autowired
	private CacheManager cacheManager;

	@Autowired
	private DatabaseClient database;

	@MockitoBean
	private PartnerRepositoryClient partner;

	@AfterEach
	void forgetTheUnit() {
		this.database.sql("delete from unit where id = :id").bind("id", ID).then().block();
		this.cacheManager.getCache(CacheNames.UNITS).evict(ID);
	}

	@Test
	void fetchFreshShouldInsertAnUnknownUnitAndCacheIt() {
		given(this.partner.fetch(ID)).willReturn(Mono.just(unit(1, "First")));
		assertThat(this.units.fetchFresh(ID).block()).isEqualTo(unit(1, "First"));
		assertThat(storedName()).isEqualTo("First");
		assertThat(this.cacheManager.getCache(CacheNames.UNITS).get(ID, UnitDto.class)).isEqualTo(unit(1, "First"));
	}

	@Test
	void fetchFreshShouldReplaceAnOlderVersionAndKeepANewerOne() {
		given(this.partner.fetch(ID)).willReturn(Mono.just(unit(1, "First")), Mono.just(unit(3, "Third")),
				Mono.just(unit(2, "Second")));
		this.units.fetchFresh(ID).block();
		assertThat(this.units.fetchFresh(ID).block()).isEqualTo(unit(3, "Third"));
		// The partner answers an older version than the store holds: the store's answer
		// wins.
		assertThat(this.units.fetchFresh(ID).block()).isEqualTo(unit(3, "Third"));
		assertThat(storedName()).isEqualTo("Third");
		assertThat(this.units.find(ID).block()).isEqualTo(unit(3, "Third"));
	}

	@Test
	void concurrentFreshFetchesOfAnAbsentUnitShouldAllAnswerItAndStoreItOnce() {
		given(this.partner.fetch(ID)).willReturn(Mono.just(unit(1, "First")));
		// Each on a thread of its own: r2dbc-h2 runs a statement on the thread that
		// subscribes.
		List<UnitDto> answers = Flux.range(0, RACERS)
			.flatMap((racer) -> this.units.fetchFresh(ID).subscribeOn(Schedulers.boundedElastic()), RACERS)
			.collectList()
			.block();
		assertThat(answers).hasSize(RACERS).containsOnly(unit(1, "First"));
		assertThat(this.database.sql("select count(*) from unit where id = :id")
			.bind("id", ID)
			.map((row) -> row.get(0, Long.class))
			.one()
			.block()).isEqualTo(1);
		assertThat(storedName()).isEqualTo("First");
	}

	@Test
	void fetchFreshWhenThePartnerHasNoSuchUnitShouldFailWithNotFound() {
		given(this.partner.fetch(ID)).willReturn(Mono.empty());
		assertThat(catchThrowable(() -> this.units.fetchFresh(ID).block())).isInstanceOf(UnitNotFoundException.class);
		assertThat(this.cacheManager.getCache(CacheNames.UNITS).get(ID)).isNull();
	}

	private String storedName() {
		return this.database.sql("select name from unit where id = :id")
			.bind("id", ID)
			.map((row) -> row.get("name", String.class))
			.one()
			.block();
	}

	private static UnitDto unit(long version, String name) {
		return new UnitDto(ID, "partner-2", name, "bond", new BigDecimal("10.5000"), "USD", version,
				Instant.parse("2026-06-0" + version + "T00:00:00Z"));
	}

}

package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.fluxbench.app.cache.CacheNames;
import dev.fluxbench.contract.unit.UnitDto;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.CacheManager;
import org.springframework.jdbc.core.simple.JdbcClient;
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
	private JdbcClient database;

	@MockitoBean
	private PartnerRepositoryClient partner;

	@AfterEach
	void forgetTheUnit() {
		this.database.sql("delete from unit where id = ?").param(ID).update();
		this.cacheManager.getCache(CacheNames.UNITS).evict(ID);
	}

	@Test
	void fetchFreshShouldInsertAnUnknownUnitAndCacheIt() {
		given(this.partner.fetch(ID)).willReturn(Optional.of(unit(1, "First")));
		assertThat(this.units.fetchFresh(ID)).isEqualTo(unit(1, "First"));
		assertThat(storedName()).isEqualTo("First");
		assertThat(this.cacheManager.getCache(CacheNames.UNITS).get(ID, UnitDto.class)).isEqualTo(unit(1, "First"));
	}

	@Test
	void fetchFreshShouldReplaceAnOlderVersionAndKeepANewerOne() {
		given(this.partner.fetch(ID)).willReturn(Optional.of(unit(1, "First")), Optional.of(unit(3, "Third")),
				Optional.of(unit(2, "Second")));
		this.units.fetchFresh(ID);
		assertThat(this.units.fetchFresh(ID)).isEqualTo(unit(3, "Third"));
		// The partner answers an older version than the store holds: the store's answer
		// wins.
		assertThat(this.units.fetchFresh(ID)).isEqualTo(unit(3, "Third"));
		assertThat(storedName()).isEqualTo("Third");
		assertThat(this.units.find(ID)).isEqualTo(unit(3, "Third"));
	}

	@Test
	void concurrentFreshFetchesOfAnAbsentUnitShouldAllAnswerItAndStoreItOnce() throws Exception {
		given(this.partner.fetch(ID)).willReturn(Optional.of(unit(1, "First")));
		// Released together, so that they all find the unit absent.
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService threads = Executors.newFixedThreadPool(RACERS);
		List<UnitDto> answers = new ArrayList<>();
		try {
			List<Future<UnitDto>> racing = new ArrayList<>();
			for (int i = 0; i < RACERS; i++) {
				racing.add(threads.submit(() -> {
					start.await();
					return this.units.fetchFresh(ID);
				}));
			}
			start.countDown();
			for (Future<UnitDto> answer : racing) {
				answers.add(answer.get());
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(answers).hasSize(RACERS).containsOnly(unit(1, "First"));
		assertThat(this.database.sql("select count(*) from unit where id = ?").param(ID).query(Integer.class).single())
			.isEqualTo(1);
		assertThat(storedName()).isEqualTo("First");
	}

	@Test
	void fetchFreshWhenThePartnerHasNoSuchUnitShouldFailWithNotFound() {
		given(this.partner.fetch(ID)).willReturn(Optional.empty());
		assertThat(catchThrowable(() -> this.units.fetchFresh(ID))).isInstanceOf(UnitNotFoundException.class);
		assertThat(this.cacheManager.getCache(CacheNames.UNITS).get(ID)).isNull();
	}

	private String storedName() {
		return this.database.sql("select name from unit where id = ?").param(ID).query(String.class).single();
	}

	private static UnitDto unit(long version, String name) {
		return new UnitDto(ID, "partner-2", name, "bond", new BigDecimal("10.5000"), "USD", version,
				Instant.parse("2026-06-0" + version + "T00:00:00Z"));
	}

}

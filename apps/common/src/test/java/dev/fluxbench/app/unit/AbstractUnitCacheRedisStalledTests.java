package dev.fluxbench.app.unit;

import dev.fluxbench.app.cache.CacheNames;
import dev.fluxbench.app.cache.OwnRedisExtension;
import dev.fluxbench.contract.unit.UnitDto;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis stops answering in distributed mode: a lookup waits for Lettuce's command
 * timeout, takes it for a miss and answers from the database; the timeouts show in
 * {@code cache.errors}. The timeout is no shorter than a busy machine needs: Lettuce
 * bounds its connection handshake, at the context's start, and the lookup before the
 * stall by it too. The same test in every stack; each app's
 * {@code UnitCacheRedisStalledTests} looks units up through its own service. Skipped
 * where redis-server is not on the PATH.
 */
@SpringBootTest(properties = { "fluxbench.cache.mode=distributed", "spring.data.redis.timeout=2s" })
@DirtiesContext
public abstract class AbstractUnitCacheRedisStalledTests {

	@RegisterExtension
	static final OwnRedisExtension REDIS = new OwnRedisExtension();

	@Autowired
	private MeterRegistry registry;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", REDIS::port);
	}

	@Test
	void lookupWhileRedisIsStalledShouldTimeOutAndAnswerFromTheDatabase() {
		assertThat(find(4243).name()).isEqualTo("Unit 004243");
		REDIS.redis().stall();
		assertThat(find(4243).name()).isEqualTo("Unit 004243");
		assertThat(find(4244).name()).isEqualTo("Unit 004244");
		assertThat(cacheErrors("get")).isEqualTo(2);
	}

	/** The unit, as this stack's service answers it, waited for. */
	protected abstract UnitDto find(long id);

	private double cacheErrors(String operation) {
		return this.registry.find("cache.errors")
			.tags("cache", CacheNames.UNITS, "operation", operation)
			.counters()
			.stream()
			.mapToDouble(Counter::count)
			.sum();
	}

}

package dev.fluxbench.app.cache;

import java.time.Duration;
import java.util.Map;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.info.Info;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timeout after which a Redis command fails, and the lookup reads the database, is on
 * record.
 */
class CacheInfoContributorTests {

	@Test
	void distributedModeShouldRecordRedisCommandTimeout() {
		MockEnvironment environment = new MockEnvironment().withProperty("spring.data.redis.host", "127.0.0.1")
			.withProperty("spring.data.redis.port", "6379")
			.withProperty("spring.data.redis.connect-timeout", "2s")
			.withProperty("spring.data.redis.timeout", "250ms");
		Info.Builder info = new Info.Builder();
		new CacheInfoContributor(new CacheProperties(CacheProperties.Mode.DISTRIBUTED, Duration.ofMinutes(10), 100_000),
				environment)
			.contribute(info);
		assertThat(info.build().get("cache")).asInstanceOf(InstanceOfAssertFactories.MAP)
			.containsEntry("mode", "distributed")
			.extractingByKey("redis")
			.isEqualTo(Map.of("host", "127.0.0.1", "port", "6379", "connectTimeout", "2s", "commandTimeout", "250ms"));
	}

}

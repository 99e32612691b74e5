package dev.fluxbench.app.cache;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** The cache mode and its limits under {@code cache} in /actuator/info. */
@Component
class CacheInfoContributor implements InfoContributor {

	private final CacheProperties properties;

	private final Environment environment;

	CacheInfoContributor(CacheProperties properties, Environment environment) {
		this.properties = properties;
		this.environment = environment;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> cache = new LinkedHashMap<>();
		cache.put("mode", this.properties.mode().name().toLowerCase());
		cache.put("ttl", this.properties.ttl().toString());
		cache.put("maxSize", (this.properties.mode() == CacheProperties.Mode.LOCAL) ? this.properties.maxSize() : null);
		if (this.properties.mode() == CacheProperties.Mode.DISTRIBUTED) {
			Map<String, Object> redis = new LinkedHashMap<>();
			redis.put("host", this.environment.getProperty("spring.data.redis.host"));
			redis.put("port", this.environment.getProperty("spring.data.redis.port"));
			redis.put("connectTimeout", this.environment.getProperty("spring.data.redis.connect-timeout"));
			redis.put("commandTimeout", this.environment.getProperty("spring.data.redis.timeout"));
			cache.put("redis", redis);
		}
		builder.withDetail("cache", cache);
	}

}

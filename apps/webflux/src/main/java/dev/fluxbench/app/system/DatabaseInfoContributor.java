package dev.fluxbench.app.system;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.stereotype.Component;

/** The database and its pool as configured, under {@code database} in /actuator/info. */
@Component
class DatabaseInfoContributor implements InfoContributor {

	private final R2dbcProperties r2dbc;

	DatabaseInfoContributor(R2dbcProperties r2dbc) {
		this.r2dbc = r2dbc;
	}

	@Override
	public void contribute(Info.Builder builder) {
		R2dbcProperties.Pool configured = this.r2dbc.getPool();
		Map<String, Object> pool = new LinkedHashMap<>();
		pool.put("implementation", "r2dbc-pool");
		pool.put("maxSize", configured.getMaxSize());
		pool.put("minIdle", configured.getMinIdle());
		pool.put("acquireTimeout", String.valueOf(configured.getMaxAcquireTime()));
		Map<String, Object> database = new LinkedHashMap<>();
		database.put("url", this.r2dbc.getUrl());
		database.put("pool", pool);
		builder.withDetail("database", database);
	}

}

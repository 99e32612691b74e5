package dev.fluxbench.app.system;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import com.zaxxer.hikari.HikariDataSource;
import io.r2dbc.spi.ConnectionFactory;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.stereotype.Component;

/**
 * The database and its pool as configured, under {@code database} in /actuator/info, and
 * under {@code database.jdbc} the JDBC pool of the jdbc and vt variants, in mvc's words.
 */
@Component
class DatabaseInfoContributor implements InfoContributor {

	private final R2dbcProperties r2dbc;

	private final ObjectProvider<HikariDataSource> jdbc;

	private final ConnectionFactory connectionFactory;

	DatabaseInfoContributor(R2dbcProperties r2dbc, ObjectProvider<HikariDataSource> jdbc,
			ConnectionFactory connectionFactory) {
		this.r2dbc = r2dbc;
		this.jdbc = jdbc;
		this.connectionFactory = connectionFactory;
	}

	@Override
	public void contribute(Info.Builder builder) {
		R2dbcProperties.Pool configured = this.r2dbc.getPool();
		Map<String, Object> pool = new LinkedHashMap<>();
		pool.put("implementation", "r2dbc-pool");
		pool.put("maxSize", configured.getMaxSize());
		pool.put("minIdle", configured.getMinIdle());
		pool.put("acquireTimeout", String.valueOf(configured.getMaxAcquireTime()));
		if (OffloadedConnectionFactory.offloads(this.connectionFactory)) {
			pool.put("lendsOn", "boundedElastic");
			pool.put("lendingThreadCap", Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE);
			pool.put("lendingQueuedTaskCap", Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE);
		}
		else {
			pool.put("lendsOn", "the thread that asks or releases");
		}
		Map<String, Object> database = new LinkedHashMap<>();
		database.put("url", this.r2dbc.getUrl());
		database.put("pool", pool);
		database.put("driverLoops", DriverLoops.info(this.r2dbc.getUrl()));
		HikariDataSource jdbc = this.jdbc.getIfAvailable();
		if (jdbc != null) {
			database.put("jdbc", jdbc(jdbc));
		}
		builder.withDetail("database", database);
	}

	private static Map<String, Object> jdbc(HikariDataSource dataSource) {
		Map<String, Object> pool = new LinkedHashMap<>();
		pool.put("implementation", "hikaricp");
		pool.put("maxSize", dataSource.getMaximumPoolSize());
		pool.put("minIdle", dataSource.getMinimumIdle());
		pool.put("acquireTimeout", Duration.ofMillis(dataSource.getConnectionTimeout()).toString());
		Map<String, Object> jdbc = new LinkedHashMap<>();
		jdbc.put("url", dataSource.getJdbcUrl());
		jdbc.put("pool", pool);
		return jdbc;
	}

}

package dev.fluxbench.app.system;

import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/** The database and its pool as configured, under {@code database} in /actuator/info. */
@Component
class DatabaseInfoContributor implements InfoContributor {

	private final HikariDataSource dataSource;

	// The bean is the statement-counting proxy around the pool (SqlStatementCounting).
	DatabaseInfoContributor(DataSource dataSource) throws SQLException {
		this.dataSource = dataSource.unwrap(HikariDataSource.class);
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> pool = new LinkedHashMap<>();
		pool.put("implementation", "hikaricp");
		pool.put("maxSize", this.dataSource.getMaximumPoolSize());
		pool.put("minIdle", this.dataSource.getMinimumIdle());
		pool.put("acquireTimeout", Duration.ofMillis(this.dataSource.getConnectionTimeout()).toString());
		Map<String, Object> database = new LinkedHashMap<>();
		database.put("url", this.dataSource.getJdbcUrl());
		database.put("pool", pool);
		builder.withDetail("database", database);
	}

}

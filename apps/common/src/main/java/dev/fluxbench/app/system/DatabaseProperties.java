package dev.fluxbench.app.system;

import java.time.Duration;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;
import org.springframework.validation.annotation.Validated;

/**
 * The database and its connection pool, the same settings in every stack. The profiles
 * {@code postgres} and {@code mariadb} build the database's URL from the first ones;
 * without them the apps run on an in-memory H2 and leave them unset. The pool's settings
 * size HikariCP in mvc and r2dbc-pool in webflux.
 *
 * @param host the database server's host
 * @param port the database server's port
 * @param name the database
 * @param user who connects
 * @param password the password of the user
 * @param schema where the stack's tables live
 * @param pool the connection pool
 */
@Validated
@ConfigurationProperties("fluxbench.db")
public record DatabaseProperties(@Nullable String host, @Nullable Integer port, @Nullable String name,
		@Nullable String user, @Nullable String password, @Nullable String schema, @Valid @NotNull Pool pool) {

	// A record prints every component; the password must not reach a log.
	@Override
	public String toString() {
		return "DatabaseProperties[host=" + this.host + ", port=" + this.port + ", name=" + this.name + ", user="
				+ this.user + ", schema=" + this.schema + ", pool=" + this.pool + "]";
	}

	/**
	 * The connection pool.
	 *
	 * @param maxSize connections at most; as many stay open, so that no request pays for
	 * a connect
	 * @param acquireTimeout how long a request waits for a connection, then is answered
	 * 503 database-saturated (r2dbc-pool would wait forever)
	 * @param acquireTimeoutMillis the same timeout in milliseconds, under its name from
	 * before it became a duration; it still sets the acquire timeout where that is not
	 * set (fluxbench-defaults.yaml), so that a command line that passes it keeps working
	 */
	public record Pool(@Min(1) int maxSize, @NotNull Duration acquireTimeout, @Nullable Long acquireTimeoutMillis) {

		private static final Log logger = LogFactory.getLog(DatabaseProperties.class);

		public Pool {
			if (acquireTimeoutMillis != null) {
				logger.warn("fluxbench.db.pool.acquire-timeout-millis is deprecated; the acquire timeout in force is "
						+ acquireTimeout + ". Use fluxbench.db.pool.acquire-timeout, a duration such as 5s.");
			}
		}

		@Deprecated(since = "0.1.0", forRemoval = true)
		@DeprecatedConfigurationProperty(replacement = "fluxbench.db.pool.acquire-timeout", since = "0.1.0",
				reason = "A duration with its unit, such as 5s or 250ms, replaces the count of milliseconds")
		public @Nullable Long acquireTimeoutMillis() {
			return this.acquireTimeoutMillis;
		}

	}

}

package dev.fluxbench.app.system;

import java.time.Duration;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The JDBC side of the jdbc and vt variants
 * ({@code fluxbench.operations.repository=jpa}): the database and the Hikari pool that
 * mvc's blocking repository runs on. By default the database Flyway migrates, so it
 * follows every database profile; the pool is sized like mvc's and like the R2DBC one.
 *
 * @param url the JDBC URL
 * @param user who connects
 * @param password the password of {@code user}
 * @param pool the pool's limits
 */
@Validated
@ConfigurationProperties("fluxbench.jdbc")
record JdbcProperties(@NotBlank String url, String user, String password, @Valid @NotNull Pool pool) {

	// A record prints every component; the password must not reach a log.
	@Override
	public String toString() {
		return "JdbcProperties[url=" + this.url + ", user=" + this.user + ", pool=" + this.pool + "]";
	}

	/**
	 * The connection pool.
	 *
	 * @param maxSize connections at most; as many stay open, so that no request pays for
	 * a connect
	 * @param connectionTimeout how long a call waits for a connection before it fails
	 */
	record Pool(@Min(1) int maxSize, @NotNull Duration connectionTimeout) {

		/** Hikari refuses less, and would silently use its 30 s default instead. */
		static final Duration MIN_CONNECTION_TIMEOUT = Duration.ofMillis(250);

		Pool {
			if (connectionTimeout != null && connectionTimeout.compareTo(MIN_CONNECTION_TIMEOUT) < 0) {
				throw new IllegalArgumentException("fluxbench.jdbc.pool.connection-timeout is " + connectionTimeout
						+ "; Hikari needs at least " + MIN_CONNECTION_TIMEOUT);
			}
		}

	}

}

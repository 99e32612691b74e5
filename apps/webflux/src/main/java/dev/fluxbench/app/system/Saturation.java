package dev.fluxbench.app.system;

import java.sql.SQLTransientConnectionException;

import dev.fluxbench.contract.problem.ProblemType;
import io.r2dbc.spi.R2dbcTimeoutException;
import org.jspecify.annotations.Nullable;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Recognises a pool that had no connection to give within its acquire timeout, wherever
 * Spring wrapped it: that is overload, a 503 the client may retry, not a bug worth a 500
 * and a stack trace.
 */
final class Saturation {

	/**
	 * Deep enough for Spring's, Hibernate's and the clients' wrappers; bounded against a
	 * cycle.
	 */
	private static final int MAX_DEPTH = 16;

	private Saturation() {
	}

	/** The problem a saturated pool answers with, or null when the failure is not one. */
	static @Nullable ProblemType of(Throwable failure) {
		Throwable cause = failure;
		boolean acquiring = false;
		for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
			// Spring's wrappers of a failure to obtain a connection, as opposed to one a
			// query raised.
			acquiring |= cause instanceof DataAccessResourceFailureException
					|| cause instanceof CannotCreateTransactionException;
			// r2dbc-pool's "Connection acquisition timed out" (max-acquire-time).
			if (acquiring && cause instanceof R2dbcTimeoutException) {
				return ProblemType.DATABASE_SATURATED;
			}
			// Hikari's "Connection is not available, request timed out", in the JDBC
			// variants.
			if (cause instanceof SQLTransientConnectionException) {
				return ProblemType.DATABASE_SATURATED;
			}
			// Reactor Netty found no free pooled connection in time, or too many requests
			// were waiting.
			if (cause instanceof PoolAcquireTimeoutException || cause instanceof PoolAcquirePendingLimitException) {
				return ProblemType.DOWNSTREAM_SATURATED;
			}
			cause = cause.getCause();
		}
		return null;
	}

}

package dev.fluxbench.app.system;

import java.sql.SQLTransientConnectionException;

import dev.fluxbench.contract.problem.ProblemType;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.jspecify.annotations.Nullable;

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
		for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
			// Hikari's "Connection is not available, request timed out", under Spring's
			// CannotCreateTransactionException or CannotGetJdbcConnectionException.
			if (cause instanceof SQLTransientConnectionException) {
				return ProblemType.DATABASE_SATURATED;
			}
			// Apache HttpClient 5 found no free pooled connection within its
			// connection-request timeout.
			if (cause instanceof ConnectionRequestTimeoutException) {
				return ProblemType.DOWNSTREAM_SATURATED;
			}
			cause = cause.getCause();
		}
		return null;
	}

}

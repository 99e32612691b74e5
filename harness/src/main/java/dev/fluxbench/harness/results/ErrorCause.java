package dev.fluxbench.harness.results;

import java.util.Locale;

/**
 * Why a sample failed, as a short stable code: the report groups errors by it, so a
 * refused connection (the server's backlog overflowed) is never mixed up with a 503 (the
 * server chose to shed load) or a timeout (the server fell behind).
 */
public final class ErrorCause {

	public static final String CONNECT_REFUSED = "connect_refused";

	public static final String CONNECT_TIMEOUT = "connect_timeout";

	public static final String TIMEOUT = "timeout";

	public static final String CONNECTION_RESET = "connection_reset";

	public static final String NO_RESPONSE = "no_response";

	public static final String ASSERTION_FAILED = "assertion_failed";

	private ErrorCause() {
	}

	/**
	 * Classifies what JMeter reported. Without an HTTP response JMeter puts the
	 * exception's class in the response code ("Non HTTP response code:
	 * java.net.SocketTimeoutException") and its message in the response message.
	 * @param responseCode the response code JMeter recorded
	 * @param responseMessage the response message JMeter recorded
	 * @param expectedStatus the status the scenario expects
	 */
	public static String classify(String responseCode, String responseMessage, int expectedStatus) {
		if (responseCode != null && responseCode.matches("\\d{3}")) {
			int status = Integer.parseInt(responseCode);
			// The status the journey expects (a 404 may be): then a check of the body
			// failed.
			if (status == expectedStatus) {
				return ASSERTION_FAILED;
			}
			return (status >= 400) ? "http_" + status : "unexpected_" + status;
		}
		String what = (responseCode + " " + responseMessage).toLowerCase(Locale.ROOT);
		if (what.contains("connection refused") || what.contains("httphostconnectexception")) {
			return CONNECT_REFUSED;
		}
		if (what.contains("connecttimeoutexception") || what.contains("connect timed out")) {
			return CONNECT_TIMEOUT;
		}
		if (what.contains("sockettimeoutexception") || what.contains("timed out")) {
			return TIMEOUT;
		}
		if (what.contains("connection reset") || what.contains("broken pipe")) {
			return CONNECTION_RESET;
		}
		if (what.contains("nohttpresponseexception") || what.contains("failed to respond")) {
			return NO_RESPONSE;
		}
		String exception = (responseCode != null) ? responseCode.replaceFirst("^Non HTTP response code: ", "") : "";
		String simpleName = exception.substring(exception.lastIndexOf('.') + 1).trim();
		return "other_" + (simpleName.isEmpty() ? "unknown" : simpleName.replaceAll("[^A-Za-z0-9]", ""));
	}

}

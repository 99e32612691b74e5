package dev.fluxbench.harness.results;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorCauseTests {

	@Test
	void httpErrorsShouldBeClassifiedByCode() {
		assertThat(ErrorCause.classify("503", "Service Unavailable", 200)).isEqualTo("http_503");
		assertThat(ErrorCause.classify("404", "Not Found", 200)).isEqualTo("http_404");
	}

	@Test
	void statusWhenASuccessOtherThanTheExpectedOneShouldBeUnexpected() {
		assertThat(ErrorCause.classify("200", "OK", 201)).isEqualTo("unexpected_200");
	}

	@Test
	void expectedStatusWhenItFailedAnAssertionShouldBeAnAssertionFailure() {
		assertThat(ErrorCause.classify("200", "OK", 200)).isEqualTo(ErrorCause.ASSERTION_FAILED);
		assertThat(ErrorCause.classify("404", "Not Found", 404)).as("a journey may expect a 404")
			.isEqualTo(ErrorCause.ASSERTION_FAILED);
	}

	@Test
	void jmeterExceptionsShouldBeClassifiedByWhatHappened() {
		assertThat(ErrorCause.classify("Non HTTP response code: org.apache.http.conn.HttpHostConnectException",
				"Non HTTP response message: Connect to 127.0.0.1:1 failed: Connection refused", 200))
			.isEqualTo(ErrorCause.CONNECT_REFUSED);
		assertThat(ErrorCause.classify("Non HTTP response code: java.net.SocketTimeoutException",
				"Non HTTP response message: Read timed out", 200))
			.isEqualTo(ErrorCause.TIMEOUT);
		assertThat(ErrorCause.classify("Non HTTP response code: org.apache.http.conn.ConnectTimeoutException",
				"Non HTTP response message: Connect to 127.0.0.1:8080 failed: connect timed out", 200))
			.isEqualTo(ErrorCause.CONNECT_TIMEOUT);
		assertThat(ErrorCause.classify("Non HTTP response code: java.net.SocketException",
				"Non HTTP response message: Connection reset", 200))
			.isEqualTo(ErrorCause.CONNECTION_RESET);
		assertThat(ErrorCause.classify("Non HTTP response code: org.apache.http.NoHttpResponseException",
				"Non HTTP response message: 127.0.0.1:8080 failed to respond", 200))
			.isEqualTo(ErrorCause.NO_RESPONSE);
		assertThat(ErrorCause.classify("Non HTTP response code: java.io.EOFException", "Non HTTP response message: x",
				200))
			.isEqualTo("other_EOFException");
	}

}

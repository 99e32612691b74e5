package dev.fluxbench.harness.results;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One request as the generator saw it: a line of {@code samples.csv}.
 *
 * @param timestamp when the request started
 * @param label the request's label from the scenario
 * @param elapsed until the last byte of the response
 * @param latency until the first byte of the response
 * @param connect time spent opening the connection, zero on a kept-alive one
 * @param bytes response bytes received
 * @param status HTTP status, or empty when there was no HTTP response
 * @param success whether the status was the expected one
 * @param errorCause empty on success, otherwise an {@link ErrorCause} code
 */
public record Sample(Instant timestamp, String label, Duration elapsed, Duration latency, Duration connect, long bytes,
		String status, boolean success, String errorCause) {

	public Sample {
		Objects.requireNonNull(timestamp, "timestamp");
		Objects.requireNonNull(label, "label");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(errorCause, "errorCause");
	}

}

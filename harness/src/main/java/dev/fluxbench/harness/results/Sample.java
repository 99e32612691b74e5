package dev.fluxbench.harness.results;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

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
 * @param samplerTime the sampler's call, timed to the nanosecond around it: JMeter's
 * elapsed time, which it keeps in whole milliseconds, plus the sampler's own work on the
 * request before it and on the response after it (see docs/measurement.md); empty in
 * files of earlier harnesses
 * @param engine the JMeter remote engine that sent the request, as {@code host:port};
 * empty when the harness sent it itself
 */
public record Sample(Instant timestamp, String label, Duration elapsed, Duration latency, Duration connect, long bytes,
		String status, boolean success, String errorCause, Optional<Duration> samplerTime, String engine) {

	public Sample {
		Objects.requireNonNull(timestamp, "timestamp");
		Objects.requireNonNull(label, "label");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(errorCause, "errorCause");
		Objects.requireNonNull(samplerTime, "samplerTime");
		Objects.requireNonNull(engine, "engine");
	}

	/** A sample the harness sent itself. */
	public Sample(Instant timestamp, String label, Duration elapsed, Duration latency, Duration connect, long bytes,
			String status, boolean success, String errorCause, Optional<Duration> samplerTime) {
		this(timestamp, label, elapsed, latency, connect, bytes, status, success, errorCause, samplerTime, "");
	}

	/** A sample whose sampler call was not timed. */
	public Sample(Instant timestamp, String label, Duration elapsed, Duration latency, Duration connect, long bytes,
			String status, boolean success, String errorCause) {
		this(timestamp, label, elapsed, latency, connect, bytes, status, success, errorCause, Optional.empty());
	}

}

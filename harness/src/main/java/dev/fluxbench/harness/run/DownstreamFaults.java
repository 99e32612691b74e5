package dev.fluxbench.harness.run;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.results.ResultJson;

/**
 * The scenario's fault schedule on a downstream (docs/faults.md): set when a measured
 * load starts, so that every load of every target meets the same phases at the same
 * moments of its own, and cleared when the load ends, so that warm-ups and the next
 * target's start meet a healthy downstream.
 */
public final class DownstreamFaults {

	/**
	 * How long the downstream may take to take or drop a schedule: it answers at once, or
	 * it is in trouble.
	 */
	static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final URI downstream;

	private final URI schedule;

	private final FaultSchedule faults;

	public DownstreamFaults(URI downstream, List<FaultPhase> phases) {
		this.downstream = downstream;
		// Appended, not resolved: a downstream behind a path prefix keeps its prefix.
		this.schedule = URI.create(downstream.toString().replaceFirst("/+$", "") + FaultSchedule.PATH);
		this.faults = FaultSchedule.of(phases);
	}

	FaultSchedule schedule() {
		return this.faults;
	}

	URI downstream() {
		return this.downstream;
	}

	/**
	 * Sets the schedule and clears it at once, before anything is measured: a downstream
	 * that is not there or does not take these phases stops the run now rather than at
	 * its first load.
	 * @throws Refused when the downstream refuses the phases
	 * @throws EnvironmentException when it cannot be reached or fails
	 */
	public void check() {
		start();
		clear();
	}

	/**
	 * Sets the schedule, from now.
	 * @return when the downstream started it, by its own clock
	 */
	Instant start() {
		HttpResponse<String> response = send(HttpRequest.newBuilder(this.schedule)
			.header("Content-Type", "application/json")
			.PUT(HttpRequest.BodyPublishers.ofString(ResultJson.write(this.faults))));
		if (response.statusCode() == 400) {
			throw new Refused("the downstream at " + this.downstream + " refused the fault schedule: "
					+ problem(ResultJson.tree(response.body())));
		}
		expect(response, 200, "set");
		String started = ResultJson.tree(response.body()).path("started").asText();
		try {
			return Instant.parse(started);
		}
		catch (DateTimeParseException ex) {
			throw new EnvironmentException("the downstream at " + this.downstream + " set the fault schedule but did"
					+ " not say when it started (answered '" + started + "'): is it fluxbench's downstream?");
		}
	}

	/** Back to healthy. */
	void clear() {
		expect(send(HttpRequest.newBuilder(this.schedule).DELETE()), 204, "clear");
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		try (HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
			return client.send(request.timeout(TIMEOUT).build(), BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new EnvironmentException("the downstream at " + this.downstream
					+ " cannot be reached for its fault schedule: " + reason(ex));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while setting the downstream's fault schedule");
		}
	}

	private void expect(HttpResponse<String> response, int status, String what) {
		if (response.statusCode() != status) {
			throw new EnvironmentException("the downstream at " + this.downstream + " could not " + what
					+ " the fault schedule: HTTP " + response.statusCode() + " from " + this.schedule
					+ ((response.statusCode() == 404) ? " (is it fluxbench's downstream?)" : ""));
		}
	}

	/** A problem's detail and each field it names, on one line. */
	private static String problem(JsonNode problem) {
		List<String> fields = new ArrayList<>();
		problem.path("errors")
			.forEach((error) -> fields.add(error.path("field").asText() + " " + error.path("reason").asText()));
		String detail = problem.path("detail").asText("HTTP 400");
		return fields.isEmpty() ? detail : detail + " " + String.join("; ", fields);
	}

	private static String reason(IOException ex) {
		if (ex instanceof HttpTimeoutException) {
			return "no answer within " + TIMEOUT.toSeconds() + " s";
		}
		if (ex instanceof ConnectException) {
			return "connection refused";
		}
		return (ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getSimpleName();
	}

	/** The downstream does not take these phases, as a stall beyond its longest wait. */
	public static final class Refused extends RuntimeException {

		Refused(String message) {
			super(message);
		}

	}

}

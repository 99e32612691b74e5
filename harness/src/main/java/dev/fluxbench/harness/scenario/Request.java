package dev.fluxbench.harness.scenario;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One HTTP call a virtual user makes. Paths and bodies may hold JMeter functions such as
 * {@code ${__Random(1,50)}}: JMeter evaluates them per sample on the generator thread, far cheaper
 * than a script.
 *
 * @param label what the samples of this request are called in every result file
 * @param method HTTP method
 * @param path path and query, starting with '/'
 * @param body JSON body, if any
 * @param expectedStatus the status that counts as a success; any other is an error
 * @param floor the least time an answer can take, however fast the stack: the downstream delay
 * a passthrough asks for, zero otherwise. With the think time it gives Little's-law limit.
 */
public record Request(String label, String method, String path, Optional<String> body, int expectedStatus,
		Duration floor) {

	/** 50 artists are seeded with identity ids 1 to 50 in every stack. */
	static final int SEEDED_ARTISTS = 50;

	public Request {
		Objects.requireNonNull(label, "label");
		Objects.requireNonNull(method, "method");
		Objects.requireNonNull(body, "body");
		Objects.requireNonNull(floor, "floor");
		if (!path.startsWith("/")) {
			throw new IllegalArgumentException("A request path starts with '/': " + path);
		}
	}

	/** Seed 004: the app forwards the message to the downstream, which answers after {@code delay}. */
	public static Request passthrough(Duration delay) {
		return new Request("passthrough", "POST", "/passthrough/message",
				Optional.of("{\"id\":\"${__UUID()}\",\"payload\":\"fluxbench\",\"delay\":" + delay.toMillis() + "}"), 200, delay);
	}

	/** Seed 001: one page of the artist list. */
	public static Request artistsList() {
		return new Request("artists-list", "GET", "/concerts/data/artists?page=0&size=20", Optional.empty(), 200,
				Duration.ZERO);
	}

	/** The thesis' lookups stand in as a single-row read until the partner-data app exists. */
	public static Request artistById() {
		return new Request("artist-by-id", "GET", "/concerts/data/artists/${__Random(1," + SEEDED_ARTISTS + ")}",
				Optional.empty(), 200, Duration.ZERO);
	}

	/** Seed 001's body, made unique per sample so that a run never trips over its own rows. */
	public static Request createArtist() {
		return new Request("artist-create", "POST", "/concerts/data/artists",
				Optional.of("{\"name\":\"Nicky Minaj ${__UUID()}\",\"gender\":\"FEMALE\",\"careerStart\":1000,"
						+ "\"birthDate\":\"a date\",\"birthCity\":\"Port of Spain\",\"country\":\"Trinidad en Tobago\","
						+ "\"keywords\":\"Rap\"}"),
				201, Duration.ZERO);
	}

}

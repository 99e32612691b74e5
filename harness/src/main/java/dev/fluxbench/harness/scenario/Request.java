package dev.fluxbench.harness.scenario;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

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
 * @param headers sent with every call, in this order
 * @param bodyPattern a regular expression the answer's body must contain, or the sample is an
 * assertion failure even with the expected status
 */
public record Request(String label, String method, String path, Optional<String> body, int expectedStatus,
		Duration floor, Map<String, String> headers, Optional<String> bodyPattern) {

	/** 10 000 units are seeded with ids 1 to 10000 in every stack (contract's V4__seed_units.sql). */
	static final int SEEDED_UNITS = 10_000;

	/**
	 * The harness' own user in the LDAP directory and its name in the registry config: a member of
	 * {@code users}, and an allowed requester. Test credentials, as in ldap/src/main/resources.
	 */
	static final String LOAD_USER = "loadtest";

	static final String LOAD_PASSWORD = "loadtest-secret";

	public Request {
		Objects.requireNonNull(label, "label");
		Objects.requireNonNull(method, "method");
		Objects.requireNonNull(body, "body");
		Objects.requireNonNull(floor, "floor");
		headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
		Objects.requireNonNull(bodyPattern, "bodyPattern");
		if (!path.startsWith("/")) {
			throw new IllegalArgumentException("A request path starts with '/': " + path);
		}
		bodyPattern.ifPresent(Pattern::compile);
	}

	public Request(String label, String method, String path, Optional<String> body, int expectedStatus,
			Duration floor) {
		this(label, method, path, body, expectedStatus, floor, Map.of(), Optional.empty());
	}

	/** Whether the request authenticates, so the stacks need the LDAP directory to answer it. */
	public boolean sendsCredentials() {
		return this.headers.containsKey("Authorization");
	}

	/**
	 * Seed 000: the thesis' unit lookup, with HTTP Basic credentials and the requester's name, and
	 * the check of its Figure 7 that the body says {@code "success": true} (spaces around the colon
	 * allowed: a JSON writer need not put one there).
	 */
	public static Request unitLookup() {
		Map<String, String> headers = new LinkedHashMap<>();
		headers.put("Authorization", "Basic " + Base64.getEncoder()
			.encodeToString((LOAD_USER + ":" + LOAD_PASSWORD).getBytes(StandardCharsets.UTF_8)));
		headers.put("X-Requester", LOAD_USER);
		return new Request("unit-lookup", "GET", "/api/units/${__Random(1," + SEEDED_UNITS + ")}", Optional.empty(),
				200, Duration.ZERO, headers, Optional.of("\"success\"\\s*:\\s*true"));
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

	/** Seed 001's body, made unique per sample so that a run never trips over its own rows. */
	public static Request createArtist() {
		return new Request("artist-create", "POST", "/concerts/data/artists",
				Optional.of("{\"name\":\"Nicky Minaj ${__UUID()}\",\"gender\":\"FEMALE\",\"careerStart\":1000,"
						+ "\"birthDate\":\"a date\",\"birthCity\":\"Port of Spain\",\"country\":\"Trinidad en Tobago\","
						+ "\"keywords\":\"Rap\"}"),
				201, Duration.ZERO);
	}

}

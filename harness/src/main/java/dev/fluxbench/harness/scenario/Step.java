package dev.fluxbench.harness.scenario;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One step of a user's journey: a request, a pause, or a block repeated a number of
 * times. Text fields may hold {@code ${name}} references to variables, feeder columns,
 * earlier extractions, {@code ${env.NAME}} and JMeter functions such as
 * {@code ${__Random(1,50)}}; they stay templates here, so that a credential from the
 * environment is resolved only when the test plan is built and never reaches a result
 * file.
 */
public sealed interface Step {

	/** Every request of this step, with those inside repeats, in journey order. */
	Stream<Request> requests();

	/**
	 * An HTTP call.
	 *
	 * @param label what its samples are called in every result file; unique in a journey,
	 * since the report compares targets label by label
	 * @param method HTTP method
	 * @param path path and query, starting with '/', which goes after the target's URL;
	 * or an absolute http(s) URL, sent as it is; or a reference such as
	 * {@code ${operationUrl}}, whose value decides request by request which of the two it
	 * is
	 * @param headers sent with every call, in this order
	 * @param basicAuth HTTP Basic credentials, turned into an Authorization header
	 * @param body the request body, if any
	 * @param status the status that counts as a success
	 * @param floor the least time an answer can take (a downstream delay the request asks
	 * for); with pauses it gives the Little's-law limit
	 * @param checks what the answer must hold besides the status
	 * @param extractions values taken from the answer into variables for later steps
	 * @param stopOnFailure whether a failed sample ends this user, as Gatling's
	 * {@code exitHereIfFailed}
	 */
	record Request(String label, String method, String path, Map<String, String> headers, Optional<BasicAuth> basicAuth,
			Optional<String> body, int status, Duration floor, List<Check> checks, List<Extraction> extractions,
			boolean stopOnFailure) implements Step {

		public Request {
			Objects.requireNonNull(label, "label");
			Objects.requireNonNull(method, "method");
			if (!path.startsWith("/") && !isAbsoluteUrl(path) && !path.startsWith(REFERENCE)) {
				throw new IllegalArgumentException(
						"A request path starts with '/', http://, https:// or a ${...} reference: " + path);
			}
			headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
			Objects.requireNonNull(basicAuth, "basicAuth");
			Objects.requireNonNull(body, "body");
			Objects.requireNonNull(floor, "floor");
			checks = List.copyOf(checks);
			extractions = List.copyOf(extractions);
		}

		private static final String REFERENCE = "${";

		/**
		 * Whether a path, or a reference's value, is a whole URL that goes out as it is,
		 * whatever the target.
		 */
		public static boolean isAbsoluteUrl(String path) {
			return path.startsWith("http://") || path.startsWith("https://");
		}

		/** A GET that expects 200 and checks nothing else. */
		public static Request get(String label, String path) {
			return new Request(label, "GET", path, Map.of(), Optional.empty(), Optional.empty(), 200, Duration.ZERO,
					List.of(), List.of(), false);
		}

		/**
		 * Whether the request sends credentials that the built-in stacks check against
		 * the LDAP directory: HTTP Basic, as {@code basicAuth} or written out. A bearer
		 * token, or a value the journey took from an earlier answer (seed 002's
		 * {@code Authorization: ${access_token}}), was issued by the app, which checks it
		 * itself.
		 * @param issued the variables the journey extracts from answers
		 */
		public boolean sendsCredentials(Set<String> issued) {
			return this.basicAuth.isPresent() || this.headers.entrySet()
				.stream()
				.filter((header) -> header.getKey().equalsIgnoreCase("Authorization"))
				.map(Map.Entry::getValue)
				.anyMatch((value) -> !value.regionMatches(true, 0, "Bearer ", 0, "Bearer ".length())
						&& !(value.startsWith(REFERENCE) && value.endsWith("}")
								&& issued.contains(value.substring(REFERENCE.length(), value.length() - 1))));
		}

		@Override
		public Stream<Request> requests() {
			return Stream.of(this);
		}

	}

	/**
	 * A pause of a fixed length ({@code min == max}) or uniformly random between the two.
	 */
	record Pause(Duration min, Duration max) implements Step {

		public static final Pause NONE = new Pause(Duration.ZERO, Duration.ZERO);

		public Pause {
			if (min.isNegative() || max.compareTo(min) < 0) {
				throw new IllegalArgumentException("A pause is not negative and its min is at most its max");
			}
		}

		public Duration mean() {
			return this.min.plus(this.max).dividedBy(2);
		}

		public boolean isZero() {
			return this.max.isZero();
		}

		@Override
		public Stream<Request> requests() {
			return Stream.empty();
		}

		@Override
		public String toString() {
			return this.min.equals(this.max) ? Durations.format(this.min)
					: Durations.format(this.min) + ".." + Durations.format(this.max);
		}

	}

	/** The steps run {@code times} times in a row. */
	record Repeat(int times, List<Step> steps) implements Step {

		public Repeat {
			if (times < 1) {
				throw new IllegalArgumentException("repeat times must be at least 1: " + times);
			}
			steps = List.copyOf(steps);
		}

		@Override
		public Stream<Request> requests() {
			return this.steps.stream().flatMap(Step::requests);
		}

	}

	/**
	 * HTTP Basic credentials; either may be a template such as
	 * {@code ${env.API_PASSWORD}}.
	 */
	record BasicAuth(String username, String password) {

		@Override
		public String toString() {
			// The password may be a literal test credential: it is never printed.
			return "BasicAuth[" + this.username + "]";
		}

	}

	/** What an answer's body must hold. */
	sealed interface Check {

		/** The body contains this text. */
		record Contains(String text) implements Check {

		}

		/** The body contains a match of this regular expression. */
		record Regex(String pattern) implements Check {

		}

		/**
		 * The JSONPath finds a value in the body, equal to {@code equalTo} when given: a
		 * String (a template), or a number or boolean as the file wrote it, since JSON
		 * tells 42 from "42".
		 */
		record JsonPath(String path, Optional<Object> equalTo) implements Check {

		}

	}

	/**
	 * A value taken from an answer into a variable.
	 *
	 * @param variable the variable's name
	 * @param source where it is looked for
	 * @param expression a header name, a JSONPath, or a regular expression whose first
	 * group is taken
	 * @param defaultValue what the variable holds when nothing matched
	 */
	record Extraction(String variable, Source source, String expression, String defaultValue) {

		public enum Source {

			HEADER, JSON_PATH, REGEX

		}

	}

}

package dev.fluxbench.contract;

import java.util.List;
import java.util.Set;

import dev.fluxbench.contract.problem.ProblemType;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The RFC 9457 shape every error of every stack must have. */
final class ProblemAssertions {

	static final String PROBLEM_JSON = "application/problem+json";

	/**
	 * RFC 9457's members, our {@code errors}, and the {@code success} flag of the
	 * partner-data API.
	 */
	private static final Set<String> PROPERTIES = Set.of("type", "title", "status", "detail", "instance", "errors",
			"success");

	/** What a leaked exception looks like, whatever the framework that leaked it. */
	private static final List<String> STACK_TRACE_MARKS = List.of("Exception", "at java.", "at org.", "at dev.",
			"\tat ", "Caused by");

	private ProblemAssertions() {
	}

	/**
	 * Asserts the reply is this problem, and returns its body for more specific checks.
	 */
	static JsonNode assertProblem(Reply reply, ProblemType type) {
		assertThat(reply.status()).as("status of %s", reply).isEqualTo(type.status());
		assertThat(reply.mediaType()).as("content type of %s", reply).isEqualTo(PROBLEM_JSON);
		assertThat(reply.body()).as("body of %s", reply).doesNotContain(STACK_TRACE_MARKS);
		JsonNode problem = reply.json();
		assertThat(problem.propertyNames()).as("properties of %s", reply).isSubsetOf(PROPERTIES);
		assertThat(problem.path("type").asString()).as("type of %s", reply).isEqualTo(type.type().toString());
		assertThat(problem.path("title").asString()).as("title of %s", reply).isEqualTo(type.title());
		assertThat(problem.path("status").isInt()).as("status field of %s", reply).isTrue();
		assertThat(problem.path("status").asInt()).as("status field of %s", reply).isEqualTo(type.status());
		assertThat(problem.path("instance").asString()).as("instance of %s", reply)
			.isEqualTo(reply.call().pathWithoutQuery());
		assertThat(problem.path("detail").isString()).as("detail of %s", reply).isTrue();
		assertThat(problem.path("detail").asString()).as("detail of %s", reply).isNotBlank();
		if (type == ProblemType.INVALID_FIELDS) {
			assertThat(problem.path("errors").isArray()).as("errors of %s", reply).isTrue();
			assertThat(problem.path("errors")).as("errors of %s", reply)
				.isNotEmpty()
				.allSatisfy((error) -> assertThat(error.propertyNames()).containsExactlyInAnyOrder("field", "reason"));
			assertThat(fields(problem)).as("errors of %s are sorted by field", reply).isSorted();
		}
		else {
			assertThat(problem.has("errors")).as("errors in %s", reply).isFalse();
		}
		return problem;
	}

	static List<String> fields(JsonNode problem) {
		return problem.path("errors").valueStream().map((error) -> error.path("field").asString()).toList();
	}

	static List<String> reasons(JsonNode problem) {
		return problem.path("errors").valueStream().map((error) -> error.path("reason").asString()).toList();
	}

}

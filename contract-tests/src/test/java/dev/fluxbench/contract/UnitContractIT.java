package dev.fluxbench.contract;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitPaths;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partner-data API (seed 000), the same in every stack: HTTP Basic against the LDAP
 * directory, the requester allow-list of the registry config, the lookup's
 * {@code "success"} body, and the fresh fetch from the partner's SOAP repository (the
 * downstream).
 */
@ContractSuite
class UnitContractIT {

	private static final List<String> UNIT_FIELDS = List.of("id", "partner", "name", "category", "amount", "currency",
			"version", "updatedAt");

	private static final JsonMapper SORTED = Json.MAPPER.rebuild()
		.enable(JsonNodeFeature.WRITE_PROPERTIES_SORTED)
		.build();

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void lookupShouldAnswerSuccessAndTheSeededUnit(Stack stack) {
		Reply reply = this.stacks.client(stack).send(lookup(42, "loadtest", "loadtest"));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.mediaType()).isEqualTo("application/json");
		JsonNode body = reply.json();
		assertThat(body.propertyNames()).containsExactlyInAnyOrder("success", "unit");
		assertThat(body.path("success").asBoolean()).isTrue();
		JsonNode unit = body.path("unit");
		assertThat(unit.propertyNames()).containsExactlyInAnyOrderElementsOf(UNIT_FIELDS);
		// V4__seed_units.sql's formula for id 42.
		assertThat(unit.path("id").asLong()).isEqualTo(42);
		assertThat(unit.path("partner").asString()).isEqualTo("partner-3");
		assertThat(unit.path("name").asString()).isEqualTo("Unit 000042");
		assertThat(unit.path("category").asString()).isEqualTo("fund");
		assertThat(unit.path("amount").decimalValue()).isEqualByComparingTo(new BigDecimal("3325.98"));
		assertThat(unit.path("currency").asString()).isEqualTo("EUR");
		assertThat(unit.path("version").asLong()).isEqualTo(1);
		assertThat(unit.path("updatedAt").asString()).isEqualTo("2026-01-01T00:00:00Z");
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void lookupWithoutCredentialsShouldAnswer401WithTheBasicChallenge(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.get(UnitPaths.UNITS + "/42").header(UnitPaths.REQUESTER_HEADER, "loadtest"));

		assertProblem(reply, ProblemType.UNAUTHORIZED);
		assertThat(reply.header("WWW-Authenticate")).hasValue("Basic realm=\"fluxbench\"");
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void lookupWithAWrongPasswordShouldAnswer401(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(lookup(42, "loadtest", "loadtest").header("Authorization", basic("loadtest", "not-the-secret")));

		assertProblem(reply, ProblemType.UNAUTHORIZED);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void ingestionByANonAdminShouldAnswer403(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.post(UnitPaths.INGESTIONS, "{\"partner\":\"partner-1\",\"day\":\"2026-11-01\"}")
				.header("Authorization", basic("bob", "bob-secret")));

		assertProblem(reply, ProblemType.FORBIDDEN);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void disabledRequesterShouldAnswer403WithSuccessFalse(Stack stack) {
		Reply reply = this.stacks.client(stack).send(lookup(42, "ada", "archive"));

		JsonNode problem = assertProblem(reply, ProblemType.REQUESTER_DENIED);
		assertThat(problem.path("success").isBoolean()).isTrue();
		assertThat(problem.path("success").asBoolean()).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void unknownRequesterShouldAnswer403(Stack stack) {
		Reply reply = this.stacks.client(stack).send(lookup(42, "ada", "nobody-knows-me"));

		assertThat(assertProblem(reply, ProblemType.REQUESTER_DENIED).path("success").asBoolean(true)).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void missingRequesterShouldAnswer400(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.get(UnitPaths.UNITS + "/42").header("Authorization", basic("loadtest", "loadtest-secret")));

		assertThat(assertProblem(reply, ProblemType.INVALID_PARAMETER).path("success").asBoolean(true)).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void unknownUnitShouldAnswer404WithSuccessFalse(Stack stack) {
		Reply reply = this.stacks.client(stack).send(lookup(424_242, "loadtest", "loadtest"));

		assertThat(assertProblem(reply, ProblemType.NOT_FOUND).path("success").asBoolean(true)).isFalse();
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void freshLookupShouldFetchTheRepositorysNewerVersionAndStoreIt(Stack stack) {
		Client client = this.stacks.client(stack);

		Reply fresh = client.send(lookup(43, "loadtest", "loadtest", "?fresh=true"));

		assertThat(fresh.status()).as("%s", fresh).isEqualTo(200);
		assertThat(fresh.json().path("unit").path("version").asLong()).isEqualTo(2);
		assertThat(fresh.json().path("unit").path("updatedAt").asString()).isEqualTo("2026-11-01T00:00:00Z");
		Reply stored = client.send(lookup(43, "loadtest", "loadtest"));
		assertThat(stored.json().path("unit")).isEqualTo(fresh.json().path("unit"));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void freshLookupOfAUnitTheRepositoryLacksShouldAnswer404(Stack stack) {
		Reply reply = this.stacks.client(stack).send(lookup(900_000, "loadtest", "loadtest", "?fresh=true"));

		assertProblem(reply, ProblemType.NOT_FOUND);
	}

	/** Status, content type and body of each call, compared with mvc's. */
	@Test
	@Execution(ExecutionMode.SAME_THREAD)
	void sameRequestsShouldGetTheSameAnswersFromEveryStack() {
		Map<String, Call> calls = new LinkedHashMap<>();
		calls.put("unit 7", lookup(7, "loadtest", "loadtest"));
		calls.put("unit 9999 as reporting", lookup(9999, "ada", "reporting"));
		calls.put("no credentials", Call.get(UnitPaths.UNITS + "/7").header(UnitPaths.REQUESTER_HEADER, "loadtest"));
		calls.put("unknown user",
				lookup(7, "loadtest", "loadtest").header("Authorization", basic("eve", "eve-secret")));
		calls.put("disabled requester", lookup(7, "loadtest", "archive"));
		calls.put("unknown requester", lookup(7, "loadtest", "someone"));
		calls.put("unknown unit", lookup(123_456, "loadtest", "loadtest"));
		calls.put("id not a number", lookup(7, "loadtest", "loadtest").withPath(UnitPaths.UNITS + "/seven"));
		calls.put("fresh unit 44", lookup(44, "loadtest", "loadtest", "?fresh=true"));
		Map<Stack, Map<String, String>> answers = new EnumMap<>(Stack.class);
		for (Stack stack : Stack.CORE) {
			Map<String, String> answersOfStack = new LinkedHashMap<>();
			calls.forEach((name, call) -> answersOfStack.put(name, comparable(this.stacks.client(stack).send(call))));
			answers.put(stack, answersOfStack);
		}

		SoftAssertions softly = new SoftAssertions();
		for (Stack stack : List.of(Stack.MVC_VT, Stack.WEBFLUX)) {
			calls.forEach((name, call) -> softly.assertThat(answers.get(stack).get(name))
				.as("%s answering '%s' (%s), compared with mvc", stack, name, call)
				.isEqualTo(answers.get(Stack.MVC).get(name)));
		}
		softly.assertAll();
	}

	private static String comparable(Reply reply) {
		String body = reply.body();
		if (reply.mediaType().endsWith("json") && !body.isBlank()) {
			body = SORTED.writeValueAsString(reply.json());
		}
		return reply.status() + " " + reply.mediaType() + " " + reply.header("WWW-Authenticate").orElse("-") + "\n"
				+ body;
	}

	private static Call lookup(long id, String user, String requester) {
		return lookup(id, user, requester, "");
	}

	private static Call lookup(long id, String user, String requester, String query) {
		return Call.get(UnitPaths.UNITS + "/" + id + query)
			.header("Authorization", basic(user, user + "-secret"))
			.header(UnitPaths.REQUESTER_HEADER, requester);
	}

	private static String basic(String user, String password) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

}

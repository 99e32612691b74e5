package dev.fluxbench.contract;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.account.SeedAccounts;
import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationPaths;
import dev.fluxbench.contract.problem.ProblemType;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 002's operations, on every stack and variant, walked the way the seed's users walk
 * them: create, read eight times, delete.
 */
@ContractSuite
class OperationContractIT {

	/** Seed 002's body, byte for byte: a null id, and the amount as a string. */
	static final String SEED_BODY = "{\"id\":null, \"date\":\"2020-01-01T00:00:00.000Z\", \"description\":\"SAMPLE_TEXT\", \"amount\":\"1\"}";

	private static final String OPERATIONS = OperationPaths.OPERATIONS;

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void theSeedsLifecycleShouldCreateReadAndDeleteAnOperation(Stack stack) {
		Client client = this.stacks.client(stack);
		String token = AccountContractIT.bearer(client, SeedAccounts.ADMIN);

		Reply created = client.send(Call.post(OPERATIONS, SEED_BODY).header("Authorization", token));

		assertThat(created.status()).as("%s", created).isEqualTo(201);
		assertThat(created.mediaType()).isEqualTo("application/json");
		OperationDto operation = Json.MAPPER.readValue(created.body(), OperationDto.class);
		assertThat(operation.date()).isEqualTo(Instant.parse("2020-01-01T00:00:00Z"));
		assertThat(operation.description()).isEqualTo("SAMPLE_TEXT");
		assertThat(operation.amount()).isEqualByComparingTo(BigDecimal.ONE);
		URI location = URI.create(created.header("Location").orElseThrow());
		assertThat(location.isAbsolute()).as("Location %s is absolute", location).isTrue();
		assertThat(location.getPath()).isEqualTo(OPERATIONS + "/" + operation.id());

		for (int read = 0; read < 8; read++) {
			Reply fetched = client.send(Call.get(location.getRawPath()).header("Authorization", token));

			assertThat(fetched.status()).as("%s", fetched).isEqualTo(200);
			OperationDto again = Json.MAPPER.readValue(fetched.body(), OperationDto.class);
			assertThat(again.id()).isEqualTo(operation.id());
			assertThat(again.date()).isEqualTo(operation.date());
			assertThat(again.description()).isEqualTo(operation.description());
			assertThat(again.amount()).isEqualByComparingTo(operation.amount());
		}
		Reply list = client
			.send(Call.get(OPERATIONS + "?size=" + OperationPaths.MAX_PAGE_SIZE).header("Authorization", token));
		assertThat(list.status()).as("%s", list).isEqualTo(200);
		assertThat(operations(list)).extracting(OperationDto::id).contains(operation.id());
		assertThat(list.header(OperationPaths.TOTAL_COUNT_HEADER))
			.hasValueSatisfying((total) -> assertThat(Long.parseLong(total)).isGreaterThanOrEqualTo(1));

		Reply deleted = client.send(Call.of("DELETE", location.getRawPath()).header("Authorization", token));

		assertThat(deleted.status()).as("%s", deleted).isEqualTo(204);
		assertThat(deleted.body()).isEmpty();
		assertProblem(client.send(Call.get(location.getRawPath()).header("Authorization", token)),
				ProblemType.NOT_FOUND);
		assertProblem(client.send(Call.of("DELETE", location.getRawPath()).header("Authorization", token)),
				ProblemType.NOT_FOUND);
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void theListShouldBePagedInIdOrderWithTheTotal(Stack stack) {
		Client client = this.stacks.client(stack);
		String token = AccountContractIT.bearer(client, SeedAccounts.USER);
		for (int i = 0; i < 3; i++) {
			assertThat(client.send(Call.post(OPERATIONS, SEED_BODY).header("Authorization", token)).status())
				.isEqualTo(201);
		}

		Reply all = client
			.send(Call.get(OPERATIONS + "?size=" + OperationPaths.MAX_PAGE_SIZE).header("Authorization", token));
		Reply firstTwo = client.send(Call.get(OPERATIONS + "?page=0&size=2").header("Authorization", token));
		Reply defaultPage = client.send(Call.get(OPERATIONS).header("Authorization", token));

		List<Long> ids = operations(all).stream().map(OperationDto::id).toList();
		assertThat(ids).hasSizeGreaterThanOrEqualTo(3).isSorted();
		assertThat(operations(firstTwo)).extracting(OperationDto::id).containsExactlyElementsOf(ids.subList(0, 2));
		assertThat(operations(defaultPage)).hasSize(Math.min(ids.size(), OperationPaths.DEFAULT_PAGE_SIZE));
		// Other tests of this class may create operations on this stack at the same time;
		// the total only grows.
		assertThat(Long.parseLong(firstTwo.header(OperationPaths.TOTAL_COUNT_HEADER).orElseThrow()))
			.isGreaterThanOrEqualTo(ids.size());
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void everyOperationEndpointShouldAnswer401WithoutAToken(Stack stack) {
		Client client = this.stacks.client(stack);

		for (Call call : List.of(Call.get(OPERATIONS), Call.post(OPERATIONS, SEED_BODY), Call.get(OPERATIONS + "/1"),
				Call.of("DELETE", OPERATIONS + "/1"))) {
			assertProblem(client.send(call), ProblemType.UNAUTHORIZED);
		}
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void invalidOperationsShouldAnswer400NamingTheFields(Stack stack) {
		Client client = this.stacks.client(stack);
		String token = AccountContractIT.bearer(client, SeedAccounts.ADMIN);
		Map<String, String> bodies = new LinkedHashMap<>();
		bodies.put("id", SEED_BODY.replace("\"id\":null", "\"id\":7"));
		bodies.put("date", SEED_BODY.replace("\"date\":\"2020-01-01T00:00:00.000Z\", ", ""));
		bodies.put("description", SEED_BODY.replace("SAMPLE_TEXT", " "));
		bodies.put("amount", SEED_BODY.replace("\"amount\":\"1\"", "\"amount\":1.005"));

		bodies.forEach((field, body) -> {
			Reply reply = client.send(Call.post(OPERATIONS, body).header("Authorization", token));

			JsonNode problem = assertProblem(reply, ProblemType.INVALID_FIELDS);
			assertThat(ProblemAssertions.fields(problem)).as("%s", reply).containsExactly(field);
		});
		assertProblem(client.send(Call.post(OPERATIONS, "{\"id\":null, ").header("Authorization", token)),
				ProblemType.MALFORMED_BODY);
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void badPagingAndIdsShouldAnswer400(Stack stack) {
		Client client = this.stacks.client(stack);
		String token = AccountContractIT.bearer(client, SeedAccounts.ADMIN);

		for (String path : List.of(OPERATIONS + "?page=-1", OPERATIONS + "?size=0",
				OPERATIONS + "?size=" + (OperationPaths.MAX_PAGE_SIZE + 1), OPERATIONS + "/not-a-number")) {
			assertProblem(client.send(Call.get(path).header("Authorization", token)), ProblemType.INVALID_PARAMETER);
		}
	}

	/**
	 * What a variant changes is how operations reach the database, never what the client
	 * sees: the same requests get the same answers from every stack and variant, ids and
	 * hosts aside.
	 */
	@Test
	@Execution(ExecutionMode.SAME_THREAD)
	void sameRequestsShouldGetTheSameAnswersFromEveryStackAndVariant() {
		Map<Stack, Map<String, String>> answers = new EnumMap<>(Stack.class);
		for (Stack stack : Stack.values()) {
			Client client = this.stacks.client(stack);
			String token = AccountContractIT.bearer(client, SeedAccounts.ADMIN);
			Map<String, Call> calls = new LinkedHashMap<>();
			calls.put("unauthenticated list", Call.get(OPERATIONS));
			calls.put("wrong password", Call.post(dev.fluxbench.contract.account.AccountPaths.AUTHENTICATE,
					AccountContractIT.credentials("admin", "wrong")));
			calls.put("unknown operation", Call.get(OPERATIONS + "/999999999").header("Authorization", token));
			calls.put("invalid operation",
					Call.post(OPERATIONS, SEED_BODY.replace("SAMPLE_TEXT", "")).header("Authorization", token));
			calls.put("size too large", Call.get(OPERATIONS + "?size=1001").header("Authorization", token));
			calls.put("create", Call.post(OPERATIONS, SEED_BODY).header("Authorization", token));
			Map<String, String> ofStack = new LinkedHashMap<>();
			calls.forEach((name, call) -> ofStack.put(name, comparable(client.send(call))));
			answers.put(stack, ofStack);
		}

		SoftAssertions softly = new SoftAssertions();
		answers.forEach((stack,
				ofStack) -> ofStack.forEach((name, answer) -> softly.assertThat(answer)
					.as("%s answering '%s', compared with mvc", stack, name)
					.isEqualTo(answers.get(Stack.MVC).get(name))));
		softly.assertAll();
	}

	/** Status, media type and body, with the generated id masked. */
	private static String comparable(Reply reply) {
		return reply.status() + " " + reply.mediaType() + " " + reply.body().replaceAll("\"id\":\\d+", "\"id\":ID");
	}

	private static List<OperationDto> operations(Reply reply) {
		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		return Json.MAPPER.readValue(reply.body(), new TypeReference<List<OperationDto>>() {
		});
	}

}

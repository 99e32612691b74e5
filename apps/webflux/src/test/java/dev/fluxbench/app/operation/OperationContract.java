package dev.fluxbench.app.operation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.app.system.CallThreads;
import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.SeedAccounts;
import dev.fluxbench.contract.operation.OperationPaths;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.WebTestClient.RequestHeadersSpec;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 002's operations over HTTP, the same for each of the four webflux stacks: each
 * subclass starts one of them, on a real Netty server, and adds what only that one does.
 * The journey is the seed's Gatling scenario, without its pauses.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { Accounts.R2DBC_URL, Accounts.FLYWAY_URL, Accounts.BCRYPT_COST })
@Import(CallThreads.class)
abstract class OperationContract {

	/**
	 * The seed's body, byte for byte: a null id, a date with milliseconds, the amount as
	 * a string.
	 */
	static final String SEED_BODY = """
			{"id":null, "date":"2020-01-01T00:00:00.000Z", "description":"SAMPLE_TEXT", "amount":"1"}""";

	@LocalServerPort
	int port;

	WebTestClient client;

	/** The stack's name in /actuator/info, and the variant under {@code operations}. */
	abstract String stack();

	// Every exchange reads its body, even where only the status counts
	// (expectBody(Void.class)): a body left unread keeps Netty's buffer, and the leak
	// detector reports it.
	@BeforeEach
	void bindToServer() {
		this.client = WebTestClient.bindToServer()
			.baseUrl("http://127.0.0.1:" + this.port)
			// A safety net, not a measure: a sign-in's BCrypt check on a loaded machine
			// can take longer than WebTestClient's default.
			.responseTimeout(Duration.ofSeconds(60))
			.build();
		CallThreads.clear();
	}

	@Test
	void seedJourneyShouldRunAsTheSeedsScenarioDoes() {
		this.client.get().uri(AccountPaths.ACCOUNT).exchange().expectStatus().isUnauthorized().expectBody(Void.class);
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		for (int request = 0; request < 2; request++) {
			authorized(this.client.get().uri(AccountPaths.ACCOUNT), token).exchange()
				.expectStatus()
				.isOk()
				.expectBody(Void.class);
		}
		for (int round = 0; round < 2; round++) {
			authorized(this.client.get().uri(OperationPaths.OPERATIONS), token).exchange()
				.expectStatus()
				.isOk()
				.expectHeader()
				.exists(OperationPaths.TOTAL_COUNT_HEADER)
				.expectBody(Void.class);
			String location = create(token, SEED_BODY);
			for (int request = 0; request < 8; request++) {
				authorized(this.client.get().uri(location), token).exchange()
					.expectStatus()
					.isOk()
					.expectHeader()
					.contentType(MediaType.APPLICATION_JSON)
					.expectBody()
					.json(seedOperation(idOf(location)), JsonCompareMode.STRICT);
			}
			authorized(this.client.delete().uri(location), token).exchange()
				.expectStatus()
				.isNoContent()
				.expectBody()
				.isEmpty();
		}
	}

	@Test
	void createWithTheSeedsBodyShouldAnswer201WithAbsoluteLocationAndWhatALaterGetReads() {
		String token = Accounts.signIn(this.client, SeedAccounts.USER);
		EntityExchangeResult<String> created = authorized(this.client.post()
			.uri(OperationPaths.OPERATIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(SEED_BODY), token).exchange()
			.expectStatus()
			.isCreated()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(String.class)
			.returnResult();
		String location = created.getResponseHeaders().getFirst(HttpHeaders.LOCATION);
		assertThat(location).matches("http://127\\.0\\.0\\.1:" + this.port + OperationPaths.OPERATIONS + "/\\d+");
		long id = idOf(location);
		// 1.00, not 1: what the numeric(19, 2) column holds, and what the GET below
		// reads.
		assertThat(created.getResponseBody()).isNotNull();
		this.client.get()
			.uri(location)
			.headers((headers) -> headers.setBearerAuth(token))
			.exchange()
			.expectBody()
			.json(seedOperation(id), JsonCompareMode.STRICT);
		assertThat(json(created.getResponseBody())).isEqualTo(json(seedOperation(id)));
		delete(token, location);
	}

	@Test
	void deletedOperationShouldAnswer404ToGetAndDelete() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		String location = create(token, SEED_BODY);
		delete(token, location);
		String path = OperationPaths.OPERATIONS + "/" + idOf(location);
		String detail = "Operation " + idOf(location) + " does not exist.";
		for (RequestHeadersSpec<?> request : List.of(this.client.get().uri(location),
				this.client.delete().uri(location))) {
			authorized(request, token).exchange()
				.expectStatus()
				.isNotFound()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.expectBody()
				.json(problem(ProblemType.NOT_FOUND, path, detail), JsonCompareMode.STRICT);
		}
	}

	@Test
	void createWhenFieldsAreInvalidShouldNameThem() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		String invalid = """
				{"id": 7, "description": " ", "amount": "1.005"}""";
		authorized(this.client.post()
			.uri(OperationPaths.OPERATIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(invalid), token).exchange()
			.expectStatus()
			.isBadRequest()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.json(problem(ProblemType.INVALID_FIELDS, OperationPaths.OPERATIONS, "4 fields are invalid.",
					new InvalidField("amount", "numeric value out of bounds (<17 digits>.<2 digits> expected)"),
					new InvalidField("date", "must not be null"), new InvalidField("description", "must not be blank"),
					new InvalidField("id", "must be null")), JsonCompareMode.STRICT);
	}

	@Test
	void listShouldAnswerPagesInIdOrderWithTheTotalCount() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		List<String> created = new ArrayList<>();
		for (int operation = 0; operation < 3; operation++) {
			created.add(create(token, SEED_BODY));
		}
		List<Long> ids = created.stream().map(OperationContract::idOf).toList();
		EntityExchangeResult<String> all = list(token, "?size=" + OperationPaths.MAX_PAGE_SIZE);
		long total = Long.parseLong(all.getResponseHeaders().getFirst(OperationPaths.TOTAL_COUNT_HEADER));
		List<Long> listed = ids(all.getResponseBody());
		assertThat(listed).hasSize((int) total).isSorted().containsSubsequence(ids);
		// The newest operation has the highest id, so it is alone on the last page of
		// one.
		assertThat(ids(list(token, "?page=" + (total - 1) + "&size=1").getResponseBody())).containsExactly(ids.get(2));
		EntityExchangeResult<String> firstTwo = list(token, "?page=0&size=2");
		assertThat(ids(firstTwo.getResponseBody())).containsExactlyElementsOf(listed.subList(0, 2));
		assertThat(firstTwo.getResponseHeaders().getFirst(OperationPaths.TOTAL_COUNT_HEADER))
			.isEqualTo(Long.toString(total));
		assertThat(ids(list(token, "").getResponseBody()))
			.containsExactlyElementsOf(listed.subList(0, (int) Math.min(total, OperationPaths.DEFAULT_PAGE_SIZE)));
		created.forEach((location) -> delete(token, location));
	}

	@Test
	void listWhenSizeIsOutOfRangeShouldAnswer400() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		authorized(this.client.get().uri(OperationPaths.OPERATIONS + "?size=1001"), token).exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.json(problem(ProblemType.INVALID_PARAMETER, OperationPaths.OPERATIONS,
					"Parameter 'size' has an invalid value: '1001' (must be less than or equal to 1000)."),
					JsonCompareMode.STRICT);
	}

	@Test
	void getWithAnIdThatIsNoNumberShouldAnswer400() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		authorized(this.client.get().uri(OperationPaths.OPERATIONS + "/abc"), token).exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.json(problem(ProblemType.INVALID_PARAMETER, OperationPaths.OPERATIONS + "/abc",
					"Parameter 'id' has an invalid value: 'abc'."), JsonCompareMode.STRICT);
	}

	@Test
	void updateShouldAnswer405AsTheSeedNeverUpdates() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		authorized(this.client.put()
			.uri(OperationPaths.OPERATIONS + "/1")
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(SEED_BODY), token).exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.METHOD_NOT_ALLOWED)
			.expectBody()
			.json(problem(ProblemType.METHOD_NOT_ALLOWED, OperationPaths.OPERATIONS + "/1",
					"Method PUT is not allowed here; use DELETE, GET."), JsonCompareMode.STRICT);
	}

	@Test
	void operationsWithoutATokenShouldAnswer401WithABearerChallenge() {
		this.client.post()
			.uri(OperationPaths.OPERATIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(SEED_BODY)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"fluxbench\"")
			.expectBody()
			.json(problem(ProblemType.UNAUTHORIZED, OperationPaths.OPERATIONS,
					"This resource needs a token: send the one POST /api/authenticate answers with, as Authorization: Bearer."),
					JsonCompareMode.STRICT);
	}

	@Test
	void infoShouldNameTheStack() {
		this.client.get()
			.uri("/actuator/info")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.fluxbench.stack")
			.isEqualTo(stack())
			.jsonPath("$.operations.variant")
			.isEqualTo(stack());
	}

	/** Info under {@code operations}: where the calls run, with their limits. */
	JsonNode operationsInfo() {
		return json(this.client.get()
			.uri("/actuator/info")
			.exchange()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody()).get("operations");
	}

	/** Info under {@code database}. */
	JsonNode databaseInfo() {
		return json(this.client.get()
			.uri("/actuator/info")
			.exchange()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody()).get("database");
	}

	/**
	 * Signs in, creates, reads, lists and deletes once, so that each kind of call runs.
	 */
	void everyKindOfCall() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		String location = create(token, SEED_BODY);
		authorized(this.client.get().uri(location), token).exchange().expectStatus().isOk().expectBody(Void.class);
		list(token, "");
		delete(token, location);
	}

	String create(String token, String body) {
		String location = authorized(this.client.post()
			.uri(OperationPaths.OPERATIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body), token).exchange()
			.expectStatus()
			.isCreated()
			.expectBody(String.class)
			.returnResult()
			.getResponseHeaders()
			.getFirst(HttpHeaders.LOCATION);
		assertThat(location).isNotNull();
		return location;
	}

	void delete(String token, String location) {
		authorized(this.client.delete().uri(location), token).exchange()
			.expectStatus()
			.isNoContent()
			.expectBody()
			.isEmpty();
	}

	EntityExchangeResult<String> list(String token, String query) {
		return authorized(this.client.get().uri(OperationPaths.OPERATIONS + query), token).exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(String.class)
			.returnResult();
	}

	static RequestHeadersSpec<?> authorized(RequestHeadersSpec<?> request, String token) {
		return request.headers((headers) -> headers.setBearerAuth(token));
	}

	static long idOf(String location) {
		return Long.parseLong(location.substring(location.lastIndexOf('/') + 1));
	}

	static String seedOperation(long id) {
		return """
				{"id": %d, "date": "2020-01-01T00:00:00Z", "description": "SAMPLE_TEXT", "amount": 1.00}"""
			.formatted(id);
	}

	static JsonNode json(String body) {
		return JsonMapper.shared().readTree(body);
	}

	private static List<Long> ids(String body) {
		List<Long> ids = new ArrayList<>();
		json(body).forEach((operation) -> ids.add(operation.get("id").asLong()));
		return ids;
	}

}

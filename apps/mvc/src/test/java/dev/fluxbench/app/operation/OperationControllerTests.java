package dev.fluxbench.app.operation;

import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.contract.operation.OperationPaths;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.client.RestTestClient;
import org.springframework.test.web.servlet.client.assertj.RestTestClientResponse;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 002's operations on platform threads: the journey, then what the seed never sends.
 * Behind the real bearer-token chain, so over HTTP, in the context
 * {@code AccountControllerTests} starts too.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { Accounts.DATABASE, Accounts.BCRYPT_COST })
class OperationControllerTests extends OperationJourney {

	private static final String MISSING_TOKEN = "This resource needs a token: send the one POST /api/authenticate "
			+ "answers with, as Authorization: Bearer.";

	@Autowired
	private JdbcClient jdbc;

	@Test
	void everyOperationRequestWithoutATokenShouldAnswer401() {
		String one = OperationPaths.OPERATIONS + "/1";
		assertUnauthorized(this.anonymous.get().uri(OperationPaths.OPERATIONS), OperationPaths.OPERATIONS);
		assertUnauthorized(this.anonymous.post()
			.uri(OperationPaths.OPERATIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.body(SEED_OPERATION), OperationPaths.OPERATIONS);
		assertUnauthorized(this.anonymous.get().uri(one), one);
		assertUnauthorized(this.anonymous.delete().uri(one), one);
	}

	@Test
	void createWithAnAmountAsANumberShouldKeepTwoDecimals() {
		RestTestClientResponse created = create("""
				{"date":"2024-02-29T12:34:56.789123Z", "description":"A number", "amount":12.5}""");
		long id = idOf(created);
		try {
			assertThat(created).hasStatus(HttpStatus.CREATED)
				.bodyJson()
				.isStrictlyEqualTo("""
						{"id": %d, "date": "2024-02-29T12:34:56.789123Z", "description": "A number", "amount": 12.50}"""
					.formatted(id));
			assertThat(created).bodyText().contains("\"amount\":12.50");
		}
		finally {
			delete(id);
		}
	}

	@Test
	void createWithAnIdShouldAnswer400() {
		assertInvalid("""
				{"id":7, "date":"2020-01-01T00:00:00.000Z", "description":"SAMPLE_TEXT", "amount":"1"}""",
				new InvalidField("id", "must be null"));
	}

	@Test
	void createWithoutADateShouldAnswer400() {
		assertInvalid("""
				{"description":"SAMPLE_TEXT", "amount":"1"}""", new InvalidField("date", "must not be null"));
	}

	@Test
	void createWithABlankDescriptionShouldAnswer400() {
		assertInvalid("""
				{"date":"2020-01-01T00:00:00.000Z", "description":"  ", "amount":"1"}""",
				new InvalidField("description", "must not be blank"));
	}

	@Test
	void createWithThreeDecimalsShouldAnswer400RatherThanRound() {
		assertInvalid("""
				{"date":"2020-01-01T00:00:00.000Z", "description":"SAMPLE_TEXT", "amount":"1.005"}""",
				new InvalidField("amount", "numeric value out of bounds (<17 digits>.<2 digits> expected)"));
	}

	@Test
	void createWithAnAmountThatIsNoNumberShouldAnswer400() {
		assertInvalid("""
				{"date":"2020-01-01T00:00:00.000Z", "description":"SAMPLE_TEXT", "amount":"one"}""",
				new InvalidField("amount", "must be a number"));
	}

	@Test
	void createWithEveryFieldWrongShouldNameThemAll() {
		RestTestClientResponse response = create("""
				{"id":7, "description":"", "amount":"0.001"}""");
		assertThat(response).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_FIELDS, OperationPaths.OPERATIONS, "4 fields are invalid.",
					new InvalidField("amount", "numeric value out of bounds (<17 digits>.<2 digits> expected)"),
					new InvalidField("date", "must not be null"), new InvalidField("description", "must not be blank"),
					new InvalidField("id", "must be null")));
	}

	@Test
	void createWithMalformedJsonShouldAnswer400() {
		assertThat(create("{\"date\":")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.MALFORMED_BODY, OperationPaths.OPERATIONS,
					"The request body is not valid JSON."));
	}

	@Test
	void getWithAnIdThatIsNoNumberShouldAnswer400() {
		assertThat(RestTestClientResponse.from(this.signedIn.get().uri(OperationPaths.OPERATIONS + "/abc").exchange()))
			.hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_PARAMETER, OperationPaths.OPERATIONS + "/abc",
					"Parameter 'id' has an invalid value: 'abc'."));
	}

	@Test
	void deleteWithAnIdThatIsNoNumberShouldAnswer400() {
		assertThat(
				RestTestClientResponse.from(this.signedIn.delete().uri(OperationPaths.OPERATIONS + "/abc").exchange()))
			.hasStatus(HttpStatus.BAD_REQUEST);
	}

	@Test
	void getAnOperationThatNeverExistedShouldAnswer404() {
		assertThat(RestTestClientResponse
			.from(this.signedIn.get().uri(OperationPaths.OPERATIONS + "/987654321").exchange()))
			.hasStatus(HttpStatus.NOT_FOUND)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.NOT_FOUND, OperationPaths.OPERATIONS + "/987654321",
					"Operation 987654321 does not exist."));
	}

	@Test
	void listShouldPageByIdWithTheTotalInAHeader() {
		List<Long> created = new ArrayList<>();
		try {
			for (int i = 0; i < OperationPaths.DEFAULT_PAGE_SIZE + 1; i++) {
				created.add(idOf(create("""
						{"date":"2020-01-01T00:00:00Z", "description":"page %d", "amount":"%d"}""".formatted(i, i))));
			}
			RestTestClientResponse all = list("?size=" + OperationPaths.MAX_PAGE_SIZE);
			List<Long> ids = ids(all);
			assertThat(ids).isSorted().endsWith(created.toArray(Long[]::new));
			long total = totalCount(all);
			assertThat(total).isEqualTo(ids.size());

			RestTestClientResponse first = list("");
			assertThat(first).hasContentType(MediaType.APPLICATION_JSON);
			assertThat(ids(first)).isEqualTo(ids.subList(0, OperationPaths.DEFAULT_PAGE_SIZE));
			assertThat(totalCount(first)).isEqualTo(total);

			RestTestClientResponse second = list("?page=1&size=" + OperationPaths.DEFAULT_PAGE_SIZE);
			assertThat(ids(second)).isEqualTo(ids.subList(OperationPaths.DEFAULT_PAGE_SIZE, Math.min(ids.size(), 40)));

			RestTestClientResponse beyond = list("?page=1000&size=" + OperationPaths.MAX_PAGE_SIZE);
			assertThat(ids(beyond)).isEmpty();
			assertThat(totalCount(beyond)).isEqualTo(total);
		}
		finally {
			created.forEach(this::delete);
		}
	}

	@Test
	void listWhenSizeIsZeroShouldAnswer400() {
		assertThat(list("?size=0")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_PARAMETER, OperationPaths.OPERATIONS,
					"Parameter 'size' has an invalid value: '0' (must be greater than or equal to 1)."));
	}

	@Test
	void listWhenSizeIsAboveTheMaximumShouldAnswer400() {
		assertThat(list("?size=" + (OperationPaths.MAX_PAGE_SIZE + 1))).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_PARAMETER, OperationPaths.OPERATIONS,
					"Parameter 'size' has an invalid value: '1001' (must be less than or equal to 1000)."));
	}

	@Test
	void listWhenPageIsNegativeShouldAnswer400() {
		assertThat(list("?page=-1")).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_PARAMETER, OperationPaths.OPERATIONS,
					"Parameter 'page' has an invalid value: '-1' (must be greater than or equal to 0)."));
	}

	@Test
	void listWhenSizeIsNotANumberShouldAnswer400() {
		assertThat(list("?size=abc")).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_PARAMETER, OperationPaths.OPERATIONS,
					"Parameter 'size' has an invalid value: 'abc'."));
	}

	@Test
	void updateShouldAnswer405AsTheSeedNeverUpdates() {
		assertThat(RestTestClientResponse.from(this.signedIn.put()
			.uri(OperationPaths.OPERATIONS + "/1")
			.contentType(MediaType.APPLICATION_JSON)
			.body(SEED_OPERATION)
			.exchange())).hasStatus(HttpStatus.METHOD_NOT_ALLOWED).hasHeader(HttpHeaders.ALLOW, "DELETE, GET");
	}

	private void assertUnauthorized(RestTestClient.RequestHeadersSpec<?> request, String path) {
		assertThat(RestTestClientResponse.from(request.exchange())).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"fluxbench\"")
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, path, MISSING_TOKEN));
	}

	private void assertInvalid(String body, InvalidField error) {
		assertThat(create(body)).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(
					problem(ProblemType.INVALID_FIELDS, OperationPaths.OPERATIONS, "1 field is invalid.", error));
	}

	private RestTestClientResponse create(String body) {
		return RestTestClientResponse.from(this.signedIn.post()
			.uri(OperationPaths.OPERATIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.body(body)
			.exchange());
	}

	private void delete(long id) {
		this.jdbc.sql("delete from operation where id = :id").param("id", id).update();
	}

	private static List<Long> ids(RestTestClientResponse response) {
		JsonNode page = JsonMapper.shared().readTree(response.getExchangeResult().getResponseBodyContent());
		assertThat(page.isArray()).as("a JSON array: %s", page).isTrue();
		return page.valueStream().map((operation) -> operation.path("id").asLong()).toList();
	}

}

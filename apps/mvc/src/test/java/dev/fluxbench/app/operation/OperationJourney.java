package dev.fluxbench.app.operation;

import java.net.URI;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.SeedAccounts;
import dev.fluxbench.contract.operation.OperationPaths;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.client.RestTestClient;
import org.springframework.test.web.servlet.client.assertj.RestTestClientResponse;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 002's Gatling journey, request by request, against a real server: written once,
 * and run by {@link OperationControllerTests} on platform threads and by
 * {@link OperationControllerVirtualThreadsTests} on virtual ones.
 */
abstract class OperationJourney {

	/**
	 * The body the seed's scenario posts, byte for byte: a null id, and the amount as a
	 * string.
	 */
	static final String SEED_OPERATION = """
			{"id":null, "date":"2020-01-01T00:00:00.000Z", "description":"SAMPLE_TEXT", "amount":"1"}""";

	@LocalServerPort
	private int port;

	/** No token. */
	RestTestClient anonymous;

	/** Admin's token on every request, as the seed's authenticated requests carry it. */
	RestTestClient signedIn;

	@BeforeEach
	void signIn() {
		this.anonymous = RestTestClient.bindToServer().baseUrl(baseUrl()).build();
		String token = Accounts.signIn(this.anonymous, SeedAccounts.ADMIN);
		this.signedIn = RestTestClient.bindToServer()
			.baseUrl(baseUrl())
			.defaultHeader(HttpHeaders.AUTHORIZATION, AccountPaths.BEARER_PREFIX + token)
			.build();
	}

	@Test
	void seedJourneyShouldCreateReadListAndDeleteAnOperation() {
		assertThat(RestTestClientResponse.from(this.anonymous.get().uri(AccountPaths.ACCOUNT).exchange()))
			.as("first unauthenticated request")
			.hasStatus(HttpStatus.UNAUTHORIZED);
		assertThat(RestTestClientResponse.from(this.signedIn.get().uri(AccountPaths.ACCOUNT).exchange()))
			.as("authenticated request")
			.hasStatusOk();
		long before = totalCount(list(""));

		RestTestClientResponse created = RestTestClientResponse.from(this.signedIn.post()
			.uri(OperationPaths.OPERATIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.body(SEED_OPERATION)
			.exchange());
		assertThat(created).hasStatus(HttpStatus.CREATED).hasContentType(MediaType.APPLICATION_JSON);
		long id = idOf(created);
		String location = created.getExchangeResult().getResponseHeaders().getFirst(HttpHeaders.LOCATION);
		assertThat(location).as("an absolute Location, which the seed GETs as it is")
			.isEqualTo(baseUrl() + OperationPaths.OPERATIONS + "/" + id);
		String operation = """
				{"id": %d, "date": "2020-01-01T00:00:00Z", "description": "SAMPLE_TEXT", "amount": 1.00}"""
			.formatted(id);
		assertThat(created).bodyJson().isStrictlyEqualTo(operation);
		assertThat(created).bodyText().as("the amount as the database keeps it").contains("\"amount\":1.00");

		for (int read = 0; read < 2; read++) {
			RestTestClientResponse got = RestTestClientResponse
				.from(this.signedIn.get().uri(URI.create(location)).exchange());
			assertThat(got).hasStatusOk().hasContentType(MediaType.APPLICATION_JSON);
			assertThat(got).bodyJson().isStrictlyEqualTo(operation);
			assertThat(got).bodyText().contains("\"amount\":1.00");
		}

		RestTestClientResponse all = list("?size=" + OperationPaths.MAX_PAGE_SIZE);
		assertThat(all).hasStatusOk();
		assertThat(totalCount(all)).isEqualTo(before + 1);
		assertThat(all).bodyJson()
			.extractingPath("$[?(@.id == " + id + ")].description")
			.asArray()
			.containsExactly("SAMPLE_TEXT");

		assertThat(RestTestClientResponse.from(this.signedIn.delete().uri(URI.create(location)).exchange()))
			.hasStatus(HttpStatus.NO_CONTENT)
			.bodyText()
			.isEmpty();
		String path = OperationPaths.OPERATIONS + "/" + id;
		String notFound = problem(ProblemType.NOT_FOUND, path, "Operation " + id + " does not exist.");
		assertThat(RestTestClientResponse.from(this.signedIn.get().uri(URI.create(location)).exchange()))
			.hasStatus(HttpStatus.NOT_FOUND)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(notFound);
		assertThat(RestTestClientResponse.from(this.signedIn.delete().uri(URI.create(location)).exchange()))
			.as("deleted twice")
			.hasStatus(HttpStatus.NOT_FOUND)
			.bodyJson()
			.isStrictlyEqualTo(notFound);
		assertThat(totalCount(list(""))).isEqualTo(before);
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.port;
	}

	RestTestClientResponse list(String query) {
		return RestTestClientResponse.from(this.signedIn.get().uri(OperationPaths.OPERATIONS + query).exchange());
	}

	static long totalCount(RestTestClientResponse response) {
		assertThat(response).hasStatusOk().containsHeader(OperationPaths.TOTAL_COUNT_HEADER);
		return Long
			.parseLong(response.getExchangeResult().getResponseHeaders().getFirst(OperationPaths.TOTAL_COUNT_HEADER));
	}

	static long idOf(RestTestClientResponse response) {
		JsonNode body = JsonMapper.shared().readTree(response.getExchangeResult().getResponseBodyContent());
		assertThat(body.path("id").isIntegralNumber()).as("an id in %s", body).isTrue();
		return body.path("id").asLong();
	}

}

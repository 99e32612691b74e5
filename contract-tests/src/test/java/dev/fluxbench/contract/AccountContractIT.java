package dev.fluxbench.contract;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.SeedAccounts;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import tools.jackson.databind.JsonNode;

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 002's authentication, on every stack and variant: a token for the seeded users'
 * passwords, carried as a bearer token, and a ProblemDetail for everything else.
 */
@ContractSuite
class AccountContractIT {

	@Parameter
	Stacks stacks;

	/** Signs in as {@code login} and answers the {@code Authorization} header's value. */
	static String bearer(Client client, SeedAccounts.Account account) {
		Reply reply = client
			.send(Call.post(AccountPaths.AUTHENTICATE, credentials(account.login(), account.password())));
		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		return reply.header("Authorization").orElseThrow(() -> new AssertionError("no Authorization in " + reply));
	}

	static String credentials(String username, String password) {
		return "{\"username\":\"" + username + "\", \"password\":\"" + password + "\"}";
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void unauthenticatedAccountShouldAnswer401WithTheBearerChallenge(Stack stack) {
		Reply reply = this.stacks.client(stack).get(AccountPaths.ACCOUNT);

		assertProblem(reply, ProblemType.UNAUTHORIZED);
		assertThat(reply.header("WWW-Authenticate"))
			.hasValueSatisfying((challenge) -> assertThat(challenge).startsWith("Bearer"));
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void authenticateShouldAnswerTheSameTokenInTheHeaderAndTheBody(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.post(AccountPaths.AUTHENTICATE, credentials("admin", "admin")));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.mediaType()).isEqualTo("application/json");
		String header = reply.header("Authorization").orElseThrow();
		assertThat(header).startsWith(AccountPaths.BEARER_PREFIX);
		String token = header.substring(AccountPaths.BEARER_PREFIX.length());
		assertThat(reply.json().propertyNames()).containsExactly("id_token");
		assertThat(reply.json().path("id_token").asString()).isEqualTo(token);
		JsonNode claims = claims(token);
		assertThat(claims.path("sub").asString()).isEqualTo("admin");
		assertThat(claims.path(AccountPaths.AUTHORITIES_CLAIM).valueStream().map(JsonNode::asString))
			.containsExactlyInAnyOrderElementsOf(SeedAccounts.ADMIN.authorities());
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void accountWithATokenShouldAnswerTheUserAndTheirSortedAuthorities(Stack stack) {
		Client client = this.stacks.client(stack);
		for (SeedAccounts.Account account : SeedAccounts.ALL) {
			Reply reply = client.send(Call.get(AccountPaths.ACCOUNT).header("Authorization", bearer(client, account)));

			assertThat(reply.status()).as("%s", reply).isEqualTo(200);
			assertThat(reply.json().path("login").asString()).isEqualTo(account.login());
			assertThat(reply.json().path("authorities").valueStream().map(JsonNode::asString))
				.containsExactlyElementsOf(account.authorities().stream().sorted().toList());
		}
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void aTokenOfOneStackShouldBeGoodOnEveryOther(Stack stack) {
		// One key, one algorithm, one issuer: a journey could switch stacks without
		// signing in again.
		String token = bearer(this.stacks.client(Stack.MVC), SeedAccounts.USER);

		Reply reply = this.stacks.client(stack).send(Call.get(AccountPaths.ACCOUNT).header("Authorization", token));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.json().path("login").asString()).isEqualTo("user");
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void wrongPasswordAndUnknownUserShouldAnswer401(Stack stack) {
		Client client = this.stacks.client(stack);

		assertProblem(client.send(Call.post(AccountPaths.AUTHENTICATE, credentials("admin", "not-admin"))),
				ProblemType.UNAUTHORIZED);
		assertProblem(client.send(Call.post(AccountPaths.AUTHENTICATE, credentials("nobody", "admin"))),
				ProblemType.UNAUTHORIZED);
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void badCredentialsBodiesShouldAnswer400(Stack stack) {
		Client client = this.stacks.client(stack);

		assertProblem(client.send(Call.post(AccountPaths.AUTHENTICATE, "{\"username\":\"admin\", ")),
				ProblemType.MALFORMED_BODY);
		JsonNode blank = assertProblem(client.send(Call.post(AccountPaths.AUTHENTICATE, credentials(" ", "admin"))),
				ProblemType.INVALID_FIELDS);
		assertThat(ProblemAssertions.fields(blank)).containsExactly("username");
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void forgedOrGarbledTokensShouldAnswer401(Stack stack) {
		Client client = this.stacks.client(stack);
		String token = bearer(client, SeedAccounts.USER).substring(AccountPaths.BEARER_PREFIX.length());
		String[] parts = token.split("\\.");
		// The same signature over claims that now say admin: only a wrong key check would
		// let it through.
		String forged = parts[0] + "." + encode(
				new String(decode(parts[1]), StandardCharsets.UTF_8).replace("\"sub\":\"user\"", "\"sub\":\"admin\""))
				+ "." + parts[2];
		assertThat(forged).as("the claims were rewritten").isNotEqualTo(token);

		for (String value : new String[] { AccountPaths.BEARER_PREFIX + forged, AccountPaths.BEARER_PREFIX + "garbage",
				token }) {
			Reply reply = client.send(Call.get(AccountPaths.ACCOUNT).header("Authorization", value));

			assertProblem(reply, ProblemType.UNAUTHORIZED);
		}
	}

	private static JsonNode claims(String token) {
		return Json.MAPPER.readTree(decode(token.split("\\.")[1]));
	}

	private static byte[] decode(String part) {
		return Base64.getUrlDecoder().decode(part);
	}

	private static String encode(String json) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
	}

}

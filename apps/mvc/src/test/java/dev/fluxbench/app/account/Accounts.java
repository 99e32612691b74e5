package dev.fluxbench.app.account;

import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.SeedAccounts;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.client.RestTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the seed 002 tests share: the settings of their one Spring context, and signing
 * in.
 */
public final class Accounts {

	/**
	 * Its own in-memory database, so that the operations listed are the ones these tests
	 * made. The classes that name exactly these properties share one context, which is
	 * what makes them cheap.
	 */
	public static final String DATABASE = "spring.datasource.url=jdbc:h2:mem:seed002;DB_CLOSE_DELAY=-1;MODE=PostgreSQL";

	/**
	 * BCrypt's lowest cost: a sign-in costs little, and /actuator/info must show this,
	 * not the default.
	 */
	public static final String BCRYPT_COST = "fluxbench.account.bcrypt-cost=4";

	private Accounts() {
	}

	/**
	 * The token a seeded user gets from {@code POST /api/authenticate}, as the seed's
	 * Gatling check reads it.
	 */
	public static String signIn(RestTestClient client, SeedAccounts.Account account) {
		String authorization = client.post()
			.uri(AccountPaths.AUTHENTICATE)
			.contentType(MediaType.APPLICATION_JSON)
			.body(credentials(account.login(), account.password()))
			.exchange()
			.expectStatus()
			.isOk()
			.returnResult()
			.getResponseHeaders()
			.getFirst(HttpHeaders.AUTHORIZATION);
		assertThat(authorization).startsWith(AccountPaths.BEARER_PREFIX);
		return authorization.substring(AccountPaths.BEARER_PREFIX.length());
	}

	/**
	 * The body the seed sends, written out rather than serialised, so that it is the
	 * seed's JSON.
	 */
	static String credentials(String username, String password) {
		return """
				{"username":"%s", "password":"%s"}""".formatted(username, password);
	}

}

package dev.fluxbench.app.account;

import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.SeedAccounts;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the seed 002 tests share: the settings of their Spring contexts, and signing in.
 */
public final class Accounts {

	/**
	 * Its own in-memory database, for R2DBC, Flyway and (following Flyway) the jdbc
	 * variants' pool, so that the seeded users are hashed at {@link #BCRYPT_COST}
	 * whichever context migrates it first.
	 */
	public static final String R2DBC_URL = "spring.r2dbc.url=r2dbc:h2:mem:///seed002?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL";

	public static final String FLYWAY_URL = "spring.flyway.url=jdbc:h2:mem:seed002;DB_CLOSE_DELAY=-1;MODE=PostgreSQL";

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
	public static String signIn(WebTestClient client, SeedAccounts.Account account) {
		String authorization = client.post()
			.uri(AccountPaths.AUTHENTICATE)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(credentials(account.login(), account.password()))
			.exchange()
			.expectStatus()
			.isOk()
			// Read, even though only the header counts: a body left unread keeps Netty's
			// buffer.
			.expectBody(String.class)
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
	public static String credentials(String username, String password) {
		return """
				{"username":"%s", "password":"%s"}""".formatted(username, password);
	}

}

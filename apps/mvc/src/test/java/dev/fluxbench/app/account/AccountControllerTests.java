package dev.fluxbench.app.account;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.SeedAccounts;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.test.web.servlet.client.RestTestClient;
import org.springframework.test.web.servlet.client.assertj.RestTestClientResponse;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 002's sign-in and account on a real server behind the real bearer-token chain: the
 * wiring of Spring Security is what is under test, so every request goes over HTTP.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { Accounts.DATABASE, Accounts.BCRYPT_COST })
class AccountControllerTests {

	private static final String CHALLENGE = "Bearer realm=\"fluxbench\"";

	private static final String INVALID_TOKEN_CHALLENGE = CHALLENGE + ", error=\"invalid_token\"";

	private static final String MISSING = "This resource needs a token: send the one POST /api/authenticate answers "
			+ "with, as Authorization: Bearer.";

	private static final String REJECTED = "The token was not accepted: it is malformed, expired or not signed by "
			+ "this service.";

	private static final String NOT_ACCEPTED = "The credentials were not accepted.";

	@LocalServerPort
	private int port;

	@Autowired
	private TokenIssuer tokens;

	@Autowired
	private AccountProperties properties;

	@Autowired
	private JdbcClient jdbc;

	private RestTestClient client;

	@BeforeEach
	void bindToServer() {
		this.client = RestTestClient.bindToServer().baseUrl("http://127.0.0.1:" + this.port).build();
	}

	@Test
	void authenticateShouldAnswerTheSameTokenInTheHeaderAndTheBody() {
		RestTestClientResponse response = authenticate(Accounts.credentials("admin", "admin"));
		assertThat(response).hasStatusOk().hasContentType(MediaType.APPLICATION_JSON);
		String header = response.getExchangeResult().getResponseHeaders().getFirst(HttpHeaders.AUTHORIZATION);
		assertThat(header).startsWith(AccountPaths.BEARER_PREFIX);
		String token = header.substring(AccountPaths.BEARER_PREFIX.length());
		assertThat(response).bodyJson().isStrictlyEqualTo("{\"id_token\": \"" + token + "\"}");
		Jwt decoded = this.tokens.decoder().decode(token);
		assertThat(decoded.getSubject()).isEqualTo("admin");
		assertThat(decoded.getClaimAsStringList(AccountPaths.AUTHORITIES_CLAIM))
			.containsExactly(SeedAccounts.ROLE_ADMIN, SeedAccounts.ROLE_USER);
		assertThat(decoded.getClaimAsString("iss")).isEqualTo(this.properties.issuer());
		assertThat(Duration.between(decoded.getIssuedAt(), decoded.getExpiresAt()))
			.isEqualTo(this.properties.tokenValidity());
	}

	@Test
	void authenticateShouldLeaveNoSessionAndNoCookie() {
		assertThat(authenticate(Accounts.credentials("user", "user"))).hasStatusOk()
			.doesNotContainHeader(HttpHeaders.SET_COOKIE);
	}

	@Test
	void authenticateWithAWrongPasswordShouldAnswer401() {
		assertThat(authenticate(Accounts.credentials("admin", "not-admin"))).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.doesNotContainHeader(HttpHeaders.AUTHORIZATION)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, AccountPaths.AUTHENTICATE, NOT_ACCEPTED));
	}

	@Test
	void authenticateAsAnUnknownUserShouldAnswer401LikeAWrongPassword() {
		assertThat(authenticate(Accounts.credentials("mallory", "mallory"))).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, AccountPaths.AUTHENTICATE, NOT_ACCEPTED));
	}

	@Test
	void authenticateAsADisabledUserShouldAnswer401EvenWithTheRightPassword() {
		this.jdbc.sql("insert into app_user (login, password_hash, enabled) values ('retired', :hash, false)")
			.param("hash", new BCryptPasswordEncoder(4).encode("retired"))
			.update();
		try {
			assertThat(authenticate(Accounts.credentials("retired", "retired"))).hasStatus(HttpStatus.UNAUTHORIZED)
				.bodyJson()
				.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, AccountPaths.AUTHENTICATE, NOT_ACCEPTED));
		}
		finally {
			this.jdbc.sql("delete from app_user where login = 'retired'").update();
		}
	}

	@Test
	void authenticateWithMalformedJsonShouldAnswer400() {
		assertThat(authenticate("{\"username\":\"admin\", \"password\":")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.MALFORMED_BODY, AccountPaths.AUTHENTICATE,
					"The request body is not valid JSON."));
	}

	@Test
	void authenticateWithABlankUsernameShouldAnswer400() {
		assertThat(authenticate(Accounts.credentials(" ", "admin"))).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_FIELDS, AccountPaths.AUTHENTICATE, "1 field is invalid.",
					new InvalidField("username", "must not be blank")));
	}

	@Test
	void authenticateWithoutAPasswordShouldAnswer400() {
		assertThat(authenticate("{\"username\":\"admin\"}")).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.INVALID_FIELDS, AccountPaths.AUTHENTICATE, "1 field is invalid.",
					new InvalidField("password", "must not be blank")));
	}

	@Test
	void authenticateWithGetShouldAnswer405NotAskForAToken() {
		assertThat(RestTestClientResponse.from(this.client.get().uri(AccountPaths.AUTHENTICATE).exchange()))
			.hasStatus(HttpStatus.METHOD_NOT_ALLOWED)
			.hasHeader(HttpHeaders.ALLOW, "POST");
	}

	@Test
	void accountWithoutATokenShouldAnswer401WithABearerChallenge() {
		assertThat(account(null)).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, AccountPaths.ACCOUNT, MISSING));
	}

	@Test
	void accountWithHttpBasicShouldAnswer401ForATokenNotAskTheDirectory() {
		RestTestClientResponse response = RestTestClientResponse.from(this.client.get()
			.uri(AccountPaths.ACCOUNT)
			.headers((headers) -> headers.setBasicAuth("admin", "admin"))
			.exchange());
		assertThat(response).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, AccountPaths.ACCOUNT, MISSING));
	}

	@Test
	void accountWithATokenSignedByAnotherKeyShouldAnswer401() {
		byte[] otherKey = new byte[32];
		new SecureRandom().nextBytes(otherKey);
		TokenIssuer forger = new TokenIssuer(new AccountProperties(Base64.getEncoder().encodeToString(otherKey),
				this.properties.tokenValidity(), this.properties.issuer(), 4), Clock.systemUTC());
		assertRejected(forger.issue("admin", List.of(SeedAccounts.ROLE_ADMIN)));
	}

	@Test
	void accountWithAnExpiredTokenShouldAnswer401() {
		// Expired an hour ago: well beyond the minute of clock skew the decoder forgives.
		Instant issued = Instant.now().minus(this.properties.tokenValidity()).minus(Duration.ofHours(1));
		TokenIssuer past = new TokenIssuer(this.properties, Clock.fixed(issued, ZoneOffset.UTC));
		assertRejected(past.issue("admin", List.of(SeedAccounts.ROLE_ADMIN)));
	}

	@Test
	void accountWithATokenOfAnotherIssuerShouldAnswer401() {
		TokenIssuer stranger = new TokenIssuer(
				new AccountProperties(this.properties.jwtSecret(), this.properties.tokenValidity(), "someone-else", 4),
				Clock.systemUTC());
		assertRejected(stranger.issue("admin", List.of(SeedAccounts.ROLE_ADMIN)));
	}

	@Test
	void accountWithATokenThatIsNoJwtShouldAnswer401() {
		assertRejected("not-a-token");
	}

	@Test
	void accountWithAValidTokenShouldAnswerItsUserAndSortedAuthorities() {
		String token = Accounts.signIn(this.client, SeedAccounts.ADMIN);
		assertThat(account(token)).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo("""
					{"login": "admin", "authorities": ["ROLE_ADMIN", "ROLE_USER"]}""");
	}

	@Test
	void accountShouldBeReadFromTheTokenAlone() {
		// A user the database does not hold, with authorities out of order: only the
		// token can say so.
		String token = this.tokens.issue("ghost", List.of("ROLE_USER", "ROLE_AUDITOR"));
		assertThat(account(token)).hasStatusOk().bodyJson().isStrictlyEqualTo("""
				{"login": "ghost", "authorities": ["ROLE_AUDITOR", "ROLE_USER"]}""");
	}

	@Test
	void authenticationShouldBeCountedAndTimedInPrometheus() {
		String before = scrape();
		Accounts.signIn(this.client, SeedAccounts.USER);
		String after = scrape();
		assertThat(sample(after, "fluxbench_password_checks_total", ""))
			.isEqualTo(sample(before, "fluxbench_password_checks_total", "") + 1);
		assertThat(sample(after, "fluxbench_password_check_seconds_total", "clock=\"cpu\""))
			.isGreaterThan(sample(before, "fluxbench_password_check_seconds_total", "clock=\"cpu\""));
		assertThat(after).containsPattern("(?m)^fluxbench_password_check_seconds_total\\{[^}]*clock=\"wall\"");
	}

	@Test
	void authenticateAsAnUnknownUserShouldCostAPasswordCheckAsWell() {
		double before = sample(scrape(), "fluxbench_password_checks_total", "");
		assertThat(authenticate(Accounts.credentials("mallory", "mallory"))).hasStatus(HttpStatus.UNAUTHORIZED);
		assertThat(sample(scrape(), "fluxbench_password_checks_total", "")).isEqualTo(before + 1);
	}

	@Test
	void infoShouldShowTheBcryptCostAndNeverTheKey() {
		RestTestClientResponse info = RestTestClientResponse.from(this.client.get().uri("/actuator/info").exchange());
		assertThat(info).hasStatusOk()
			.bodyJson()
			.extractingPath("$.account")
			.asMap()
			.containsEntry("bcryptCost", 4)
			.containsEntry("passwordHash", "bcrypt")
			.containsEntry("tokenAlgorithm", "HS256")
			.containsEntry("tokenValidity", "PT1H")
			.containsEntry("issuer", "fluxbench")
			.doesNotContainKey("jwtSecret");
		assertThat(info).bodyText().doesNotContain(this.properties.jwtSecret());
	}

	private void assertRejected(String token) {
		assertThat(account(token)).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, INVALID_TOKEN_CHALLENGE)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, AccountPaths.ACCOUNT, REJECTED));
	}

	private RestTestClientResponse authenticate(String body) {
		return RestTestClientResponse.from(this.client.post()
			.uri(AccountPaths.AUTHENTICATE)
			.contentType(MediaType.APPLICATION_JSON)
			.body(body)
			.exchange());
	}

	private RestTestClientResponse account(String token) {
		return RestTestClientResponse.from(this.client.get().uri(AccountPaths.ACCOUNT).headers((headers) -> {
			if (token != null) {
				headers.setBearerAuth(token);
			}
		}).exchange());
	}

	private String scrape() {
		return this.client.get()
			.uri("/actuator/prometheus")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
	}

	/**
	 * The value of the metric's one sample whose labels contain {@code label}; 0 when it
	 * has none yet.
	 */
	private static double sample(String scrape, String metric, String label) {
		Matcher matcher = Pattern.compile("(?m)^" + metric + "\\{([^}]*)} (\\S+)$").matcher(scrape);
		while (matcher.find()) {
			if (matcher.group(1).contains(label)) {
				return Double.parseDouble(matcher.group(2));
			}
		}
		return 0;
	}

}

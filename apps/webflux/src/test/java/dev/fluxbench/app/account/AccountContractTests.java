package dev.fluxbench.app.account;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.app.system.CallThreads;
import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.account.SeedAccounts;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitPaths;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.test.json.JsonCompareMode;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 002's sign-in and account on a real Netty server, through the bearer-token chain:
 * the wiring is what is under test. The same context as the default stack's operation
 * tests.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { Accounts.R2DBC_URL, Accounts.FLYWAY_URL, Accounts.BCRYPT_COST })
@Import(CallThreads.class)
class AccountContractTests {

	private static final String REJECTED_CREDENTIALS = "The credentials were not accepted.";

	private static final String CHALLENGE = "Bearer realm=\"fluxbench\"";

	private static final String INVALID_TOKEN_CHALLENGE = CHALLENGE + ", error=\"invalid_token\"";

	private static final String REJECTED_TOKEN = "The token was not accepted: it is malformed, expired or not signed by this service.";

	/** A user the migration does not seed: disabled, so that it may never sign in. */
	private static final SeedAccounts.Account RETIRED = new SeedAccounts.Account("retired", "retired-secret",
			List.of(SeedAccounts.ROLE_USER));

	private static final Pattern CHECKS = Pattern.compile("(?m)^fluxbench_password_checks_total\\{.*} (\\S+)$");

	private static final Pattern CPU_SECONDS = Pattern
		.compile("(?m)^fluxbench_password_check_seconds_total\\{.*clock=\"cpu\".*} (\\S+)$");

	@LocalServerPort
	private int port;

	@Autowired
	private AccountProperties properties;

	@Autowired
	private DatabaseClient database;

	private WebTestClient client;

	// Every exchange reads its body, as in OperationContract: a body left unread is a
	// buffer leaked.
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
	void authenticateShouldAnswerTheSameTokenInTheHeaderAndTheBody() {
		EntityExchangeResult<String> result = authenticate(Accounts.credentials("admin", "admin")).expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(String.class)
			.returnResult();
		String authorization = result.getResponseHeaders().getFirst(HttpHeaders.AUTHORIZATION);
		assertThat(authorization).startsWith(AccountPaths.BEARER_PREFIX);
		String token = authorization.substring(AccountPaths.BEARER_PREFIX.length());
		assertThat(result.getResponseBody()).isEqualTo("{\"id_token\":\"" + token + "\"}");
		Jwt jwt = new TokenIssuer(this.properties, Clock.systemUTC()).reactiveDecoder().decode(token).block();
		assertThat(jwt.getSubject()).isEqualTo("admin");
		assertThat(jwt.getClaimAsStringList(AccountPaths.AUTHORITIES_CLAIM)).containsExactly(SeedAccounts.ROLE_ADMIN,
				SeedAccounts.ROLE_USER);
		assertThat(Duration.between(jwt.getIssuedAt(), jwt.getExpiresAt())).isEqualTo(Duration.ofHours(1));
	}

	@Test
	void authenticateShouldLeaveNoSessionAndNoCookie() {
		authenticate(Accounts.credentials("user", "user")).expectStatus()
			.isOk()
			.expectHeader()
			.doesNotExist(HttpHeaders.SET_COOKIE)
			.expectBody(Void.class);
	}

	@Test
	void authenticateWithAWrongPasswordShouldAnswer401() {
		authenticate(Accounts.credentials("admin", "not-admin")).expectStatus()
			.isUnauthorized()
			.expectHeader()
			.doesNotExist(HttpHeaders.AUTHORIZATION)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.json(problem(ProblemType.UNAUTHORIZED, AccountPaths.AUTHENTICATE, REJECTED_CREDENTIALS),
					JsonCompareMode.STRICT);
	}

	@Test
	void authenticateForAnUnknownUserShouldAnswer401LikeAWrongPassword() {
		authenticate(Accounts.credentials("mallory", "mallory")).expectStatus()
			.isUnauthorized()
			.expectBody()
			.json(problem(ProblemType.UNAUTHORIZED, AccountPaths.AUTHENTICATE, REJECTED_CREDENTIALS),
					JsonCompareMode.STRICT);
	}

	@Test
	void authenticateForADisabledUserShouldAnswer401LikeAWrongPassword() {
		this.database.sql("delete from app_user where login = :login")
			.bind("login", RETIRED.login())
			.then()
			.then(this.database
				.sql("insert into app_user (login, password_hash, enabled) values (:login, :hash, false)")
				.bind("login", RETIRED.login())
				.bind("hash", new BCryptPasswordEncoder(4).encode(RETIRED.password()))
				.then())
			.block();
		authenticate(Accounts.credentials(RETIRED.login(), RETIRED.password())).expectStatus()
			.isUnauthorized()
			.expectBody()
			.json(problem(ProblemType.UNAUTHORIZED, AccountPaths.AUTHENTICATE, REJECTED_CREDENTIALS),
					JsonCompareMode.STRICT);
	}

	@Test
	void authenticateWhenBodyIsMalformedShouldAnswer400() {
		authenticate("{\"username\": }").expectStatus()
			.isBadRequest()
			.expectBody()
			.json(problem(ProblemType.MALFORMED_BODY, AccountPaths.AUTHENTICATE, "The request body is not valid JSON."),
					JsonCompareMode.STRICT);
	}

	@Test
	void authenticateWhenFieldsAreBlankShouldNameThem() {
		authenticate(Accounts.credentials(" ", "")).expectStatus()
			.isBadRequest()
			.expectBody()
			.json(problem(ProblemType.INVALID_FIELDS, AccountPaths.AUTHENTICATE, "2 fields are invalid.",
					new InvalidField("password", "must not be blank"),
					new InvalidField("username", "must not be blank")), JsonCompareMode.STRICT);
	}

	@Test
	void authenticateWithGetShouldAnswer405RatherThanAskForAToken() {
		this.client.get()
			.uri(AccountPaths.AUTHENTICATE)
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.METHOD_NOT_ALLOWED)
			.expectBody()
			.json(problem(ProblemType.METHOD_NOT_ALLOWED, AccountPaths.AUTHENTICATE,
					"Method GET is not allowed here; use POST."), JsonCompareMode.STRICT);
	}

	@Test
	void passwordChecksShouldRunOnThePasswordCheckSchedulerNotOnAnEventLoop() {
		Accounts.signIn(this.client, SeedAccounts.USER);
		assertThat(CallThreads.of(CallThreads.PASSWORD_CHECKS)).filteredOn((call) -> call.method().equals("matches"))
			.hasSize(1)
			.allSatisfy(
					(call) -> assertThat(call.thread()).startsWith(AccountConfiguration.PASSWORD_CHECK_THREADS + "-"));
	}

	@Test
	void accountWithoutATokenShouldAnswer401WithABearerChallenge() {
		this.client.get()
			.uri(AccountPaths.ACCOUNT)
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.json(problem(ProblemType.UNAUTHORIZED, AccountPaths.ACCOUNT,
					"This resource needs a token: send the one POST /api/authenticate answers with, as Authorization: Bearer."),
					JsonCompareMode.STRICT);
	}

	@Test
	void accountWithATokenSignedByAnotherKeyShouldAnswer401() {
		byte[] otherKey = new byte[32];
		otherKey[0] = 1;
		AccountProperties other = new AccountProperties(Base64.getEncoder().encodeToString(otherKey),
				Duration.ofHours(1), this.properties.issuer(), this.properties.bcryptCost());
		assertRejected(new TokenIssuer(other, Clock.systemUTC()).issue("admin", SeedAccounts.ADMIN.authorities()));
	}

	@Test
	void accountWithATokenOfAnotherIssuerShouldAnswer401() {
		AccountProperties other = new AccountProperties(this.properties.jwtSecret(), Duration.ofHours(1),
				"someone-else", this.properties.bcryptCost());
		assertRejected(new TokenIssuer(other, Clock.systemUTC()).issue("admin", SeedAccounts.ADMIN.authorities()));
	}

	@Test
	void accountWithHttpBasicShouldAnswer401ForATokenNotAskTheDirectory() {
		this.client.get()
			.uri(AccountPaths.ACCOUNT)
			.headers((headers) -> headers.setBasicAuth("admin", "admin"))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.expectBody(Void.class);
	}

	@Test
	void accountWithAnExpiredTokenShouldAnswer401() {
		Clock longAgo = Clock.fixed(Instant.now().minus(Duration.ofHours(2)), ZoneOffset.UTC);
		assertRejected(new TokenIssuer(this.properties, longAgo).issue("admin", SeedAccounts.ADMIN.authorities()));
	}

	@Test
	void accountWithAMalformedTokenShouldAnswer401() {
		assertRejected("not-a-token");
	}

	@Test
	void accountShouldAnswerTheTokensUserAndItsSortedAuthorities() {
		account(Accounts.signIn(this.client, SeedAccounts.ADMIN)).json("""
				{"login": "admin", "authorities": ["ROLE_ADMIN", "ROLE_USER"]}""", JsonCompareMode.STRICT);
		account(new TokenIssuer(this.properties, Clock.systemUTC()).issue("user",
				List.of(SeedAccounts.ROLE_USER, "ROLE_AUDITOR")))
			.json("""
					{"login": "user", "authorities": ["ROLE_AUDITOR", "ROLE_USER"]}""", JsonCompareMode.STRICT);
	}

	@Test
	void aTokenShouldOpenNothingOutsideSeed002() {
		// The directory's chain keeps the rest of /api: it wants HTTP Basic, whatever
		// token comes along.
		this.client.get()
			.uri(UnitPaths.UNITS + "/1")
			.headers((headers) -> headers.setBearerAuth(Accounts.signIn(this.client, SeedAccounts.ADMIN)))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"fluxbench\"")
			.expectBody(Void.class);
	}

	@Test
	void passwordChecksShouldBeCountedInPrometheusWithTheirCpu() {
		String before = prometheus();
		authenticate(Accounts.credentials("admin", "not-admin")).expectStatus().isUnauthorized().expectBody(Void.class);
		Accounts.signIn(this.client, SeedAccounts.ADMIN);
		String after = prometheus();
		assertThat(value(CHECKS, after)).isEqualTo(value(CHECKS, before) + 2);
		assertThat(value(CPU_SECONDS, after)).isGreaterThan(value(CPU_SECONDS, before));
	}

	@Test
	void authenticateAsAnUnknownUserShouldCostAPasswordCheckAsWell() {
		authenticate(Accounts.credentials("mallory", "mallory")).expectStatus().isUnauthorized().expectBody(Void.class);
		assertThat(CallThreads.of(CallThreads.PASSWORD_CHECKS)).filteredOn((call) -> call.method().equals("matches"))
			.hasSize(1)
			.allSatisfy(
					(call) -> assertThat(call.thread()).startsWith(AccountConfiguration.PASSWORD_CHECK_THREADS + "-"));
	}

	@Test
	void infoShouldShowTheAccountSettingsAndWherePasswordsAreChecked() {
		this.client.get()
			.uri("/actuator/info")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.account")
			.value((account) -> assertThat(account.toString()).doesNotContain(this.properties.jwtSecret()))
			.json("""
					{"account": {"tokenAlgorithm": "HS256", "tokenValidity": "PT1H", "issuer": "fluxbench",
					             "passwordHash": "bcrypt", "bcryptCost": 4},
					 "passwordCheck": {"runsOn": "scheduler", "scheduler": "bounded-elastic",
					                   "threadNamePrefix": "password-check", "threadCap": %d, "queuedTaskCap": 10000}}"""
				.formatted(Runtime.getRuntime().availableProcessors()));
	}

	private WebTestClient.ResponseSpec authenticate(String body) {
		return this.client.post()
			.uri(AccountPaths.AUTHENTICATE)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(body)
			.exchange();
	}

	private WebTestClient.BodyContentSpec account(String token) {
		return this.client.get()
			.uri(AccountPaths.ACCOUNT)
			.headers((headers) -> headers.setBearerAuth(token))
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody();
	}

	private void assertRejected(String token) {
		this.client.get()
			.uri(AccountPaths.ACCOUNT)
			.headers((headers) -> headers.setBearerAuth(token))
			.exchange()
			.expectStatus()
			.isUnauthorized()
			.expectHeader()
			.valueEquals(HttpHeaders.WWW_AUTHENTICATE, INVALID_TOKEN_CHALLENGE)
			.expectBody()
			.json(problem(ProblemType.UNAUTHORIZED, AccountPaths.ACCOUNT, REJECTED_TOKEN), JsonCompareMode.STRICT);
	}

	private String prometheus() {
		return this.client.get()
			// Prometheus names a counter without its _total here; the whole scrape is
			// more than WebTestClient buffers.
			.uri("/actuator/prometheus?includedNames=fluxbench_password_checks,fluxbench_password_check_seconds")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
	}

	private static double value(Pattern metric, String scrape) {
		Matcher matcher = metric.matcher(scrape);
		assertThat(matcher.find()).as("%s in the scrape", metric).isTrue();
		return Double.parseDouble(matcher.group(1));
	}

}

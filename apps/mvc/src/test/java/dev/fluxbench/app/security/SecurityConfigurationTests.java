package dev.fluxbench.app.security;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.account.AccountPaths;
import dev.fluxbench.contract.operation.OperationPaths;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitPaths;
import dev.fluxbench.ldap.EmbeddedDirectory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole app against the real directory, started in-process: the wiring is what is
 * under test. The secured endpoints are answered by {@link Probe}, a test controller that
 * echoes who called.
 */
@SpringBootTest
@AutoConfigureMockMvc
@Import(SecurityConfigurationTests.Probe.class)
class SecurityConfigurationTests {

	private static final EmbeddedDirectory directory = EmbeddedDirectory.start();

	private static final String PROBE = "X-Security-Probe";

	private static final String UNIT = UnitPaths.UNITS + "/1";

	private static final String CHALLENGE = "Basic realm=\"fluxbench\"";

	private static final String MISSING = "This resource needs credentials: send them with HTTP Basic authentication.";

	private static final String REJECTED = "The credentials were not accepted.";

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private List<SecurityFilterChain> chains;

	@DynamicPropertySource
	static void directory(DynamicPropertyRegistry registry) {
		registry.add("fluxbench.ldap.url", directory::url);
	}

	@AfterAll
	static void stopDirectory() {
		directory.close();
	}

	@Test
	void unitWithoutCredentialsShouldAnswer401WithABasicChallenge() {
		assertThat(probe(this.mvc.get().uri(UNIT))).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, UNIT, MISSING));
	}

	@Test
	void unitWithAWrongPasswordShouldAnswer401() {
		assertThat(probe(this.mvc.get().uri(UNIT), "bob", "not-bobs-secret")).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, UNIT, REJECTED));
	}

	@Test
	void unitForAnUnknownUserShouldAnswer401LikeAWrongPassword() {
		assertThat(probe(this.mvc.get().uri(UNIT), "mallory", "mallory-secret")).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, UNIT, REJECTED));
	}

	@Test
	void unitWithAnEmptyPasswordShouldAnswer401RatherThanBindAnonymously() {
		assertThat(probe(this.mvc.get().uri(UNIT), "bob", "")).hasStatus(HttpStatus.UNAUTHORIZED)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, UNIT, REJECTED));
	}

	@Test
	void unitForTheLoadTestUserShouldBeAllowed() {
		assertThat(probe(this.mvc.get().uri(UNIT), "loadtest", "loadtest-secret")).hasStatusOk()
			.bodyJson()
			.isStrictlyEqualTo("""
					{"user": "loadtest", "unit": 1}""");
	}

	@Test
	void ingestionByAUserWithoutTheAdminRoleShouldAnswer403() {
		assertThat(probe(this.mvc.post().uri(UnitPaths.INGESTIONS), "bob", "bob-secret"))
			.hasStatus(HttpStatus.FORBIDDEN)
			.doesNotContainHeader(HttpHeaders.WWW_AUTHENTICATE)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isStrictlyEqualTo(
					problem(ProblemType.FORBIDDEN, UnitPaths.INGESTIONS, "Your account is not allowed to do this."));
	}

	@Test
	void ingestionByAnAdminShouldBeAllowed() {
		assertThat(probe(this.mvc.post().uri(UnitPaths.INGESTIONS), "ada", "ada-secret")).hasStatusOk()
			.bodyJson()
			.isStrictlyEqualTo("""
					{"user": "ada", "started": true}""");
	}

	@Test
	void ingestionsAndStatsForAUserShouldBeAllowed() {
		assertThat(probe(this.mvc.get().uri(UnitPaths.INGESTIONS), "bob", "bob-secret")).hasStatusOk();
		assertThat(probe(this.mvc.get().uri(UnitPaths.STATS), "bob", "bob-secret")).hasStatusOk();
	}

	@Test
	void statsWithoutCredentialsShouldAnswer401() {
		assertThat(probe(this.mvc.get().uri(UnitPaths.STATS))).hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.UNAUTHORIZED, UnitPaths.STATS, MISSING));
	}

	@Test
	void requestWithoutARuleShouldAnswer403EvenForAnAdmin() {
		assertThat(probe(this.mvc.delete().uri(UNIT), "ada", "ada-secret")).hasStatus(HttpStatus.FORBIDDEN)
			.bodyJson()
			.isStrictlyEqualTo(problem(ProblemType.FORBIDDEN, UNIT, "Your account is not allowed to do this."));
	}

	@Test
	void authenticatedRequestShouldLeaveNoSessionAndNoCookie() {
		MvcTestResult result = probe(this.mvc.get().uri(UNIT), "bob", "bob-secret");
		assertThat(result).hasStatusOk().doesNotContainHeader(HttpHeaders.SET_COOKIE);
		assertThat(result.getRequest().getSession(false)).isNull();
	}

	@Test
	void unitWhenTheDirectoryIsDownShouldAnswer503NotBlameTheUser() {
		directory.stop();
		try {
			assertThat(probe(this.mvc.get().uri(UNIT), "bob", "bob-secret")).hasStatus(HttpStatus.SERVICE_UNAVAILABLE)
				.doesNotContainHeader(HttpHeaders.WWW_AUTHENTICATE)
				.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
				.bodyJson()
				.isStrictlyEqualTo(problem(ProblemType.AUTHENTICATION_UNAVAILABLE, UNIT,
						"The credentials could not be checked: the user directory did not answer. Try again later."));
			assertThat(get("/actuator/health/readiness")).as("ready without its directory").hasStatusOk();
			assertThat(get("/concerts/data/artists/1")).as("artists need no directory").hasStatusOk();
		}
		finally {
			directory.restart();
		}
		assertThat(probe(this.mvc.get().uri(UNIT), "bob", "bob-secret")).as("once the directory is back").hasStatusOk();
	}

	@Test
	void artistsPassthroughAndActuatorShouldRunThroughNoSecurityFilterChain() {
		assertThat(this.chains).as("ours only, not Boot's default chain: seed 002's tokens, then the directory")
			.hasSize(2);
		for (String open : List.of("/concerts/data/artists", "/passthrough/message", "/actuator/health",
				"/no/such/path")) {
			assertThat(this.chains).as(open)
				.noneMatch((chain) -> chain.matches(new MockHttpServletRequest("GET", open)));
		}
		SecurityFilterChain api = this.chains.get(1);
		assertThat(api.matches(new MockHttpServletRequest("GET", UNIT))).isTrue();
		assertThat(api.matches(new MockHttpServletRequest("GET", UnitPaths.STATS))).isTrue();
	}

	@Test
	void seed002PathsShouldReachTheTokenChainFirstAndTheRestOfApiTheDirectory() {
		SecurityFilterChain tokens = this.chains.get(0);
		for (String path : List.of(AccountPaths.ACCOUNT, AccountPaths.AUTHENTICATE, OperationPaths.OPERATIONS,
				OperationPaths.OPERATIONS + "/1")) {
			assertThat(tokens.matches(new MockHttpServletRequest("GET", path))).as(path).isTrue();
		}
		for (String path : List.of(UNIT, UnitPaths.INGESTIONS, UnitPaths.STATS, "/api/accounts")) {
			assertThat(tokens.matches(new MockHttpServletRequest("GET", path))).as(path).isFalse();
		}
		assertThat(probe(this.mvc.get().uri(AccountPaths.ACCOUNT), "ada", "ada-secret"))
			.as("a directory user's HTTP Basic is no token")
			.hasStatus(HttpStatus.UNAUTHORIZED)
			.hasHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"fluxbench\"");
	}

	@Test
	void artistsAndProbesShouldAnswerWithoutCredentials() {
		assertThat(get("/concerts/data/artists/1")).hasStatusOk();
		assertThat(get("/actuator/health/readiness")).hasStatusOk();
	}

	@Test
	void infoShouldShowTheDirectoryAndItsLimits() {
		assertThat(get("/actuator/info")).hasStatusOk()
			.bodyJson()
			.extractingPath("$.ldap")
			.asMap()
			.containsEntry("url", directory.url())
			.containsEntry("userDnPattern", "uid={0},ou=people")
			.containsEntry("connectTimeout", "PT2S")
			.containsEntry("readTimeout", "PT5S")
			.containsEntry("pooled", false)
			.containsEntry("groupSearchAs", "anonymous")
			.doesNotContainKey("managerPassword");
	}

	private MvcTestResult get(String uri) {
		return this.mvc.get().uri(uri).exchange();
	}

	private static MvcTestResult probe(MockMvcRequestBuilder request) {
		return request.header(PROBE, "true").exchange();
	}

	private static MvcTestResult probe(MockMvcRequestBuilder request, String user, String password) {
		return request.header(PROBE, "true")
			.header(HttpHeaders.AUTHORIZATION,
					"Basic " + HttpHeaders.encodeBasicAuth(user, password, StandardCharsets.UTF_8))
			.exchange();
	}

	/**
	 * Stands in for the unit, ingestion and statistics endpoints, which are written
	 * elsewhere. It answers only requests that carry {@value #PROBE}, so that it maps
	 * apart from the real controllers once they exist, and wins over them for the
	 * requests of this test.
	 */
	@RestController
	@RequestMapping(headers = PROBE + "=true")
	static class Probe {

		@GetMapping(UnitPaths.UNITS + "/{id}")
		Map<String, Object> unit(@PathVariable long id, Principal user) {
			return Map.of("user", user.getName(), "unit", id);
		}

		@GetMapping(UnitPaths.INGESTIONS)
		Map<String, Object> ingestions(Principal user) {
			return Map.of("user", user.getName(), "ingestions", List.of());
		}

		@PostMapping(UnitPaths.INGESTIONS)
		Map<String, Object> ingest(Principal user) {
			return Map.of("user", user.getName(), "started", true);
		}

		@GetMapping(UnitPaths.STATS)
		Map<String, Object> stats(Principal user) {
			return Map.of("user", user.getName());
		}

		@DeleteMapping(UnitPaths.UNITS + "/{id}")
		Map<String, Object> delete(@PathVariable long id) {
			return Map.of("deleted", id);
		}

	}

}

package dev.fluxbench.ldap;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.List;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchScope;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The directory in this JVM, on free ports, spoken to over the network as an app would:
 * LDAP binds and searches, and the HTTP probes.
 */
class DirectoryServerIT {

	private static final String ADA = "uid=ada,ou=people,dc=fluxbench,dc=dev";

	private static final String BOB = "uid=bob,ou=people,dc=fluxbench,dc=dev";

	private static DirectoryServer server;

	private static HttpClient http;

	@BeforeAll
	static void start() {
		server = DirectoryServer.start(Options.parse("--ldap.port=0", "--server.port=0"));
		http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
	}

	@AfterAll
	static void stop() {
		server.close();
		http.close();
	}

	@Test
	void bindWithTheRightPasswordShouldSucceed() throws LDAPException {
		try (LDAPConnection connection = connect()) {
			assertThat(connection.bind(ADA, "ada-secret").getResultCode()).isEqualTo(ResultCode.SUCCESS);
		}
	}

	@Test
	void bindWithTheBenchmarksAccountShouldSucceed() throws LDAPException {
		try (LDAPConnection connection = connect()) {
			assertThat(connection.bind("uid=loadtest,ou=people,dc=fluxbench,dc=dev", "loadtest-secret").getResultCode())
				.isEqualTo(ResultCode.SUCCESS);
		}
	}

	@Test
	void bindWithAWrongPasswordShouldFailWithInvalidCredentials() throws LDAPException {
		try (LDAPConnection connection = connect()) {
			assertThatExceptionOfType(LDAPException.class).isThrownBy(() -> connection.bind(ADA, "bob-secret"))
				.satisfies((ex) -> assertThat(ex.getResultCode()).isEqualTo(ResultCode.INVALID_CREDENTIALS));
		}
	}

	@Test
	void bindAsAnUnknownUserShouldFailWithInvalidCredentialsToo() throws LDAPException {
		// The same answer as a wrong password, so that a client cannot probe which users
		// exist.
		try (LDAPConnection connection = connect()) {
			assertThatExceptionOfType(LDAPException.class)
				.isThrownBy(() -> connection.bind("uid=mallory,ou=people,dc=fluxbench,dc=dev", "ada-secret"))
				.satisfies((ex) -> assertThat(ex.getResultCode()).isEqualTo(ResultCode.INVALID_CREDENTIALS));
		}
	}

	@Test
	void searchForTheGroupsOfBobShouldFindExactlyUsers() throws LDAPException {
		try (LDAPConnection connection = connect()) {
			connection.bind(BOB, "bob-secret");

			List<String> groups = connection
				.search("ou=groups,dc=fluxbench,dc=dev", SearchScope.SUB, Filter.createEqualityFilter("member", BOB),
						"cn")
				.getSearchEntries()
				.stream()
				.map((group) -> group.getAttributeValue("cn"))
				.toList();

			assertThat(groups).containsExactly("users");
		}
	}

	@Test
	void readinessShouldAnswer200Up() throws Exception {
		HttpResponse<String> readiness = get(Probes.READINESS);

		assertThat(readiness.statusCode()).isEqualTo(200);
		assertThat(readiness.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(readiness.body()).isEqualTo("{\"status\":\"UP\"}");
	}

	@Test
	void livenessShouldAnswer200Up() throws Exception {
		HttpResponse<String> liveness = get(Probes.LIVENESS);

		assertThat(liveness.statusCode()).isEqualTo(200);
		assertThat(liveness.body()).isEqualTo("{\"status\":\"UP\"}");
	}

	@Test
	void infoShouldShowTheLdapUrlTheBaseDnAndTheCounts() throws Exception {
		HttpResponse<String> info = get(Probes.INFO);

		assertThat(info.statusCode()).isEqualTo(200);
		assertThat(info.body()).isEqualTo("{\"ldap\":{\"url\":\"ldap://127.0.0.1:" + server.ldapPort()
				+ "\",\"baseDn\":\"dc=fluxbench,dc=dev\",\"users\":3,\"groups\":2,\"ldif\":\"classpath:fluxbench.ldif\"}}");
	}

	@Test
	void aPathThatOnlyStartsLikeAProbeShouldAnswer404() throws Exception {
		assertThat(get(Probes.READINESS + "x").statusCode()).isEqualTo(404);
		assertThat(get("/").statusCode()).isEqualTo(404);
	}

	@Test
	void aPostShouldAnswer405() throws Exception {
		HttpResponse<String> post = http.send(
				HttpRequest.newBuilder(uri(Probes.INFO)).POST(HttpRequest.BodyPublishers.noBody()).build(),
				BodyHandlers.ofString());

		assertThat(post.statusCode()).isEqualTo(405);
		assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
	}

	private static LDAPConnection connect() throws LDAPException {
		return new LDAPConnection("127.0.0.1", server.ldapPort());
	}

	private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return http.send(HttpRequest.newBuilder(uri(path)).build(), BodyHandlers.ofString());
	}

	private static URI uri(String path) {
		return URI.create("http://127.0.0.1:" + server.httpPort() + path);
	}

}

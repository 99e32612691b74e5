package dev.fluxbench.ldap;

import java.net.URI;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The directory as tests use it: over the network, taken down and brought back at the
 * same URL.
 */
class EmbeddedDirectoryTests {

	private static final String ADA = "uid=ada,ou=people,dc=fluxbench,dc=dev";

	@Test
	void startShouldServeTheSeedOnTheLoopback() throws LDAPException {
		try (EmbeddedDirectory directory = EmbeddedDirectory.start()) {
			assertThat(directory.url()).startsWith("ldap://127.0.0.1:");
			assertThat(bind(directory.url(), ADA, "ada-secret")).isEqualTo(ResultCode.SUCCESS);
		}
	}

	@Test
	void directoryWhenStoppedShouldRefuseConnectionsAndAfterRestartAnswerAtTheSameUrl() throws LDAPException {
		try (EmbeddedDirectory directory = EmbeddedDirectory.start()) {
			String url = directory.url();
			directory.stop();
			assertThatExceptionOfType(LDAPException.class).isThrownBy(() -> bind(url, ADA, "ada-secret"))
				.satisfies((ex) -> assertThat(ex.getResultCode()).isEqualTo(ResultCode.CONNECT_ERROR));

			directory.restart();
			assertThat(directory.url()).isEqualTo(url);
			assertThat(bind(url, ADA, "ada-secret")).isEqualTo(ResultCode.SUCCESS);
		}
	}

	@Test
	void aWrongPasswordShouldNotBind() {
		try (EmbeddedDirectory directory = EmbeddedDirectory.start()) {
			assertThatExceptionOfType(LDAPException.class)
				.isThrownBy(() -> bind(directory.url(), ADA, "not-the-secret"))
				.satisfies((ex) -> assertThat(ex.getResultCode()).isEqualTo(ResultCode.INVALID_CREDENTIALS));
		}
	}

	private static ResultCode bind(String url, String dn, String password) throws LDAPException {
		URI uri = URI.create(url);
		try (LDAPConnection connection = new LDAPConnection(uri.getHost(), uri.getPort())) {
			return connection.bind(dn, password).getResultCode();
		}
	}

}

package dev.fluxbench.app.security;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.ldap.authentication.LdapAuthenticationProvider;
import org.springframework.security.ldap.authentication.ad.ActiveDirectoryLdapAuthenticationProvider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * How the properties choose and configure the provider; the apps test it against a real
 * directory.
 */
class LdapAuthenticationTests {

	private static final UsernamePasswordAuthenticationToken BOB = UsernamePasswordAuthenticationToken
		.unauthenticated("bob", "bob-secret");

	@Test
	void withoutAnActiveDirectoryDomainShouldBindAsTheUser() {
		AuthenticationProvider provider = LdapAuthentication.provider(properties("ldap://127.0.0.1:8389", ""));
		assertThat(provider).isInstanceOf(DirectoryFailures.class);
		assertThat(((DirectoryFailures) provider).directory()).isInstanceOf(LdapAuthenticationProvider.class);
	}

	@Test
	void withAnActiveDirectoryDomainShouldUseTheActiveDirectoryProvider() {
		AuthenticationProvider provider = LdapAuthentication
			.provider(properties("ldap://ad.corp.example.com:389", "corp.example.com"));
		assertThat(((DirectoryFailures) provider).directory())
			.isInstanceOf(ActiveDirectoryLdapAuthenticationProvider.class);
	}

	@Test
	void timeoutsShouldReachJndiInMilliseconds() {
		assertThat(LdapAuthentication.timeouts(properties("ldap://127.0.0.1:8389", "")))
			.containsEntry("com.sun.jndi.ldap.connect.timeout", "2000")
			.containsEntry("com.sun.jndi.ldap.read.timeout", "5000");
	}

	@Test
	void directoryThatIsDownShouldFailAsUnavailableNotAsBadCredentials() throws IOException {
		AuthenticationProvider provider = LdapAuthentication.provider(properties(closedPort(), ""));
		assertThatExceptionOfType(DirectoryUnavailableException.class).isThrownBy(() -> provider.authenticate(BOB))
			.withCauseInstanceOf(InternalAuthenticationServiceException.class);
	}

	@Test
	void directoryThatAcceptsButNeverAnswersShouldFailAsUnavailableWithinTheTimeouts() throws IOException {
		// The kernel completes the TCP handshake for the backlog; nobody ever reads the
		// bind request.
		try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 }))) {
			// JNDI waits for the bind's answer as long as the connect timeout, and for a
			// search's as long as the read timeout: both short here, against the 5 s and
			// forever of a mistake. The bound stays below those 5 s and leaves a loaded
			// machine room above the timeouts.
			LdapProperties properties = properties("ldap://127.0.0.1:" + silent.getLocalPort(), "",
					Duration.ofMillis(300), Duration.ofMillis(300));
			AuthenticationProvider provider = LdapAuthentication.provider(properties);
			long start = System.nanoTime();
			assertThatExceptionOfType(DirectoryUnavailableException.class).isThrownBy(() -> provider.authenticate(BOB));
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(4));
		}
	}

	@Test
	void activeDirectoryThatIsDownShouldFailAsUnavailableToo() throws IOException {
		AuthenticationProvider provider = LdapAuthentication.provider(properties(closedPort(), "corp.example.com"));
		assertThatExceptionOfType(DirectoryUnavailableException.class).isThrownBy(() -> provider.authenticate(BOB));
	}

	@Test
	void rejectedCredentialsShouldPassThroughUnchanged() {
		BadCredentialsException rejected = new BadCredentialsException("no");
		DirectoryFailures provider = new DirectoryFailures(new AuthenticationProvider() {

			@Override
			public Authentication authenticate(Authentication authentication) {
				throw rejected;
			}

			@Override
			public boolean supports(Class<?> authentication) {
				return true;
			}

		});
		assertThatExceptionOfType(BadCredentialsException.class).isThrownBy(() -> provider.authenticate(BOB))
			.isSameAs(rejected);
	}

	@Test
	void toStringShouldNotShowTheManagerPassword() {
		assertThat(properties("ldap://127.0.0.1:8389", "")).asString().doesNotContain("manager-secret");
	}

	private static LdapProperties properties(String url, String activeDirectoryDomain) {
		return properties(url, activeDirectoryDomain, Duration.ofSeconds(2), Duration.ofSeconds(5));
	}

	private static LdapProperties properties(String url, String activeDirectoryDomain, Duration connectTimeout,
			Duration readTimeout) {
		return new LdapProperties(URI.create(url), "dc=fluxbench,dc=dev", "uid={0},ou=people", "ou=groups",
				"(member={0})", connectTimeout, readTimeout, false, 4, 100, "", "manager-secret",
				activeDirectoryDomain);
	}

	/** A port nothing listens on: the connection is refused at once. */
	private static String closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 }))) {
			return "ldap://127.0.0.1:" + socket.getLocalPort();
		}
	}

}

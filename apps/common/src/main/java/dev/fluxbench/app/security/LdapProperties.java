package dev.fluxbench.app.security;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.StringUtils;
import org.springframework.validation.annotation.Validated;

/**
 * Where the HTTP Basic users live and how long the apps wait for their directory. The
 * timeouts are explicit because JNDI's own defaults are "forever": a directory that
 * accepts the connection and then stalls would hold every request thread (or every bind
 * thread) of the app.
 *
 * @param url the directory, without the base DN, such as {@code ldap://127.0.0.1:8389}
 * @param base the base DN that every other DN here is relative to
 * @param userDnPattern the DN a user binds as, relative to {@code base}; {@code {0}} is
 * the user name
 * @param groupSearchBase where the groups are, relative to {@code base}
 * @param groupSearchFilter which groups a user is in; {@code {0}} is the user's full DN.
 * Each group's {@code cn} becomes a role: {@code cn=users} is {@code ROLE_USERS}
 * @param connectTimeout how long to wait for a TCP connection to the directory and, by
 * JNDI's rule, for the answer to the user's bind
 * @param readTimeout how long to wait for any other answer of the directory: the group
 * search
 * @param pooled whether JNDI keeps the group search's connections open between requests
 * (binds as the user are never pooled: Spring LDAP opens a connection for each)
 * @param bindThreads webflux only: the threads of the scheduler that runs the blocking
 * bind and group search, so that they never run on an event loop (mvc binds on the
 * request's own thread)
 * @param bindQueueSize webflux only: how many credential checks may wait for a bind
 * thread; more are answered with a 503
 * @param managerDn the DN that searches the groups, empty to search anonymously
 * @param managerPassword the password of {@code managerDn}
 * @param activeDirectoryDomain when set (such as {@code corp.example.com}), authenticate
 * against Active Directory as {@code user@domain} and take the roles from
 * {@code memberOf} instead
 */
@Validated
@ConfigurationProperties("fluxbench.ldap")
record LdapProperties(@NotNull URI url, @NotBlank String base, @NotBlank String userDnPattern,
		@NotBlank String groupSearchBase, @NotBlank String groupSearchFilter, @NotNull Duration connectTimeout,
		@NotNull Duration readTimeout, boolean pooled, @Min(1) int bindThreads, @Min(1) int bindQueueSize,
		String managerDn, String managerPassword, String activeDirectoryDomain) {

	boolean activeDirectory() {
		return StringUtils.hasText(this.activeDirectoryDomain);
	}

	boolean anonymousGroupSearch() {
		return !StringUtils.hasText(this.managerDn);
	}

	// A record prints every component; the manager's password must not reach a log.
	@Override
	public String toString() {
		return "LdapProperties[url=" + this.url + ", base=" + this.base + ", managerDn=" + this.managerDn
				+ ", activeDirectoryDomain=" + this.activeDirectoryDomain + "]";
	}

}

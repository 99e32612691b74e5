package dev.fluxbench.app.security;

import java.util.List;
import java.util.Map;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.authority.mapping.SimpleAuthorityMapper;
import org.springframework.security.ldap.DefaultSpringSecurityContextSource;
import org.springframework.security.ldap.authentication.BindAuthenticator;
import org.springframework.security.ldap.authentication.LdapAuthenticationProvider;
import org.springframework.security.ldap.authentication.ad.ActiveDirectoryLdapAuthenticationProvider;
import org.springframework.security.ldap.userdetails.DefaultLdapAuthoritiesPopulator;

/**
 * The one LDAP authentication both stacks use: a bind as the user, then a search for the
 * groups that list the user's DN, each group's {@code cn} becoming a role. It blocks; mvc
 * calls it on the request's thread and webflux hands it to a scheduler of its own.
 */
final class LdapAuthentication {

	/**
	 * JNDI's connect timeout in milliseconds; unset, a connection to a dead host waits
	 * for the OS. JNDI also waits this long, not the read timeout, for the answer to the
	 * bind.
	 */
	static final String CONNECT_TIMEOUT = "com.sun.jndi.ldap.connect.timeout";

	/**
	 * JNDI's read timeout in milliseconds, for every answer but the bind's (here: the
	 * group search); unset, a directory that stalls holds the thread forever.
	 */
	static final String READ_TIMEOUT = "com.sun.jndi.ldap.read.timeout";

	private static final String ROLE_PREFIX = "ROLE_";

	private LdapAuthentication() {
	}

	/**
	 * The provider for these properties: LDAP bind, or Active Directory when a domain is
	 * set. It connects to nothing until the first request, so the app starts and is ready
	 * without its directory.
	 */
	static AuthenticationProvider provider(LdapProperties properties) {
		return new DirectoryFailures(properties.activeDirectory() ? activeDirectory(properties) : bind(properties));
	}

	static Map<String, Object> timeouts(LdapProperties properties) {
		return Map.of(CONNECT_TIMEOUT, String.valueOf(properties.connectTimeout().toMillis()), READ_TIMEOUT,
				String.valueOf(properties.readTimeout().toMillis()));
	}

	private static LdapAuthenticationProvider bind(LdapProperties properties) {
		DefaultSpringSecurityContextSource directory = new DefaultSpringSecurityContextSource(
				List.of(properties.url().toString()), properties.base());
		directory.setBaseEnvironmentProperties(timeouts(properties));
		// Only the group search's connections can be pooled; Spring LDAP never pools a
		// user's bind.
		directory.setPooled(properties.pooled());
		if (properties.anonymousGroupSearch()) {
			directory.setAnonymousReadOnly(true);
		}
		else {
			directory.setUserDn(properties.managerDn());
			directory.setPassword(properties.managerPassword());
		}
		directory.afterPropertiesSet();

		BindAuthenticator authenticator = new BindAuthenticator(directory);
		authenticator.setUserDnPatterns(new String[] { properties.userDnPattern() });

		DefaultLdapAuthoritiesPopulator groups = new DefaultLdapAuthoritiesPopulator(directory,
				properties.groupSearchBase());
		groups.setGroupSearchFilter(properties.groupSearchFilter());
		groups.setGroupRoleAttribute("cn");
		groups.setSearchSubtree(true);
		groups.setRolePrefix(ROLE_PREFIX);
		groups.setConvertToUpperCase(true);

		return new LdapAuthenticationProvider(authenticator, groups);
	}

	private static ActiveDirectoryLdapAuthenticationProvider activeDirectory(LdapProperties properties) {
		ActiveDirectoryLdapAuthenticationProvider provider = new ActiveDirectoryLdapAuthenticationProvider(
				properties.activeDirectoryDomain(), properties.url().toString(), properties.base());
		provider.setContextEnvironmentProperties(timeouts(properties));
		// A locked or expired account answers as such rather than as a wrong password.
		provider.setConvertSubErrorCodesToExceptions(true);
		// Active Directory names the groups in memberOf: cn=users,... grants "users",
		// mapped to ROLE_USERS.
		SimpleAuthorityMapper roles = new SimpleAuthorityMapper();
		roles.setPrefix(ROLE_PREFIX);
		roles.setConvertToUpperCase(true);
		provider.setAuthoritiesMapper(roles);
		return provider;
	}

}

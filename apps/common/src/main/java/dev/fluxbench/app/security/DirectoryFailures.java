package dev.fluxbench.app.security;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.core.Authentication;

/**
 * Tells a directory that failed apart from credentials that failed. Both LDAP providers
 * report a refused connection, a timeout or any other LDAP error as an
 * {@link InternalAuthenticationServiceException}; answering that with a 401 would blame
 * the user for an outage, so it becomes a {@link DirectoryUnavailableException} (503). A
 * wrong password or an unknown user stays a {@code BadCredentialsException} (401).
 */
final class DirectoryFailures implements AuthenticationProvider {

	private static final Log logger = LogFactory.getLog(DirectoryFailures.class);

	private final AuthenticationProvider directory;

	DirectoryFailures(AuthenticationProvider directory) {
		this.directory = directory;
	}

	@Override
	public Authentication authenticate(Authentication authentication) {
		try {
			return this.directory.authenticate(authentication);
		}
		catch (InternalAuthenticationServiceException ex) {
			// Debug, like every 5xx here: during an outage under load a line per request
			// would drown the log.
			if (logger.isDebugEnabled()) {
				logger.debug("The user directory failed to check credentials", ex);
			}
			throw DirectoryUnavailableException.unreachable(ex);
		}
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return this.directory.supports(authentication);
	}

	AuthenticationProvider directory() {
		return this.directory;
	}

}

package dev.fluxbench.app.security;

import org.springframework.security.core.AuthenticationException;

/**
 * The credentials could not be checked at all: the user directory did not answer or
 * failed. It is an {@link AuthenticationException}, so both stacks hand it to the same
 * entry point as a wrong password, but not an {@code AuthenticationServiceException}:
 * WebFlux's failure handler rethrows those past the entry point, and the client would see
 * a 500 instead of a 503.
 */
class DirectoryUnavailableException extends AuthenticationException {

	DirectoryUnavailableException(String detail, Throwable cause) {
		super(detail, cause);
	}

	static DirectoryUnavailableException unreachable(Throwable cause) {
		return new DirectoryUnavailableException(
				"The credentials could not be checked: the user directory did not answer. Try again later.", cause);
	}

	static DirectoryUnavailableException saturated(Throwable cause) {
		return new DirectoryUnavailableException(
				"The credentials could not be checked: too many requests are waiting for the user directory.", cause);
	}

}

package dev.fluxbench.app.security;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.security.authentication.AuthenticationCredentialsNotFoundException;
import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.core.AuthenticationException;

/**
 * What a refused request answers, in words of our own that are the same in both stacks.
 * Spring Security's messages differ between MVC ("Full authentication is required…") and
 * WebFlux ("Not Authenticated"), and a message from the directory could say more than a
 * client should read.
 *
 * <p>
 * The body is written here rather than by the apps' exception handlers: these answers are
 * given by the security filters, before any controller or {@code @RestControllerAdvice}
 * is reached.
 */
final class SecurityProblems {

	/**
	 * The challenge of every 401, so that a browser or curl knows to send HTTP Basic
	 * credentials.
	 */
	static final String CHALLENGE = "Basic realm=\"fluxbench\"";

	private SecurityProblems() {
	}

	static Problem authenticationFailed(AuthenticationException failure) {
		if (failure instanceof DirectoryUnavailableException) {
			return Problem.of(ProblemType.AUTHENTICATION_UNAVAILABLE, failure.getMessage());
		}
		// MVC reports missing credentials with the first, WebFlux with the second.
		if (failure instanceof InsufficientAuthenticationException
				|| failure instanceof AuthenticationCredentialsNotFoundException) {
			return Problem.of(ProblemType.UNAUTHORIZED,
					"This resource needs credentials: send them with HTTP Basic authentication.");
		}
		// A wrong password and an unknown user answer alike, so that the answer does not
		// reveal who exists.
		return Problem.of(ProblemType.UNAUTHORIZED, "The credentials were not accepted.");
	}

	static Problem forbidden() {
		return Problem.of(ProblemType.FORBIDDEN, "Your account is not allowed to do this.");
	}

	static boolean challenges(Problem problem) {
		return problem.type() == ProblemType.UNAUTHORIZED;
	}

	/**
	 * The same members, in the same order, as the ProblemDetail the apps' exception
	 * handlers write: Jackson 3 sorts a bean's properties alphabetically, so a client
	 * sees one shape byte for byte.
	 */
	static byte[] json(Problem problem, String path) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("detail", problem.detail());
		body.put("instance", path);
		body.put("status", problem.type().status());
		body.put("title", problem.type().title());
		body.put("type", problem.type().type().toString());
		return JsonMapper.shared().writeValueAsBytes(body);
	}

}

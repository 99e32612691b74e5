package dev.fluxbench.app.security;

import java.io.IOException;

import dev.fluxbench.contract.problem.Problem;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * Answers a refused request with the contract's problem+json: 401 with a Basic challenge
 * for missing or wrong credentials, 503 when the directory could not check them, 403 for
 * a role that does not allow the request.
 */
final class SecurityProblemHandler implements AuthenticationEntryPoint, AccessDeniedHandler {

	@Override
	public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
			throws IOException {
		write(SecurityProblems.authenticationFailed(failure), request, response);
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
			throws IOException {
		write(SecurityProblems.forbidden(), request, response);
	}

	private static void write(Problem problem, HttpServletRequest request, HttpServletResponse response)
			throws IOException {
		if (SecurityProblems.challenges(problem)) {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, SecurityProblems.CHALLENGE);
		}
		response.setStatus(problem.type().status());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.getOutputStream().write(SecurityProblems.json(problem, request.getRequestURI()));
	}

}

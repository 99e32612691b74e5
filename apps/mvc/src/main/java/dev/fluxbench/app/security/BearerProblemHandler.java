package dev.fluxbench.app.security;

import java.io.IOException;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * Answers a refused bearer-token request with the contract's problem+json, where the
 * resource server's own entry point would send a {@code WWW-Authenticate} header and an
 * empty body. The challenge follows RFC 6750: a request without a token gets a bare one,
 * a rejected token gets {@code error="invalid_token"}, and neither repeats why the token
 * failed, which differs between decoders and would make the stacks answer differently.
 */
final class BearerProblemHandler implements AuthenticationEntryPoint, AccessDeniedHandler {

	static final String CHALLENGE = "Bearer realm=\"fluxbench\"";

	static final String INVALID_TOKEN_CHALLENGE = CHALLENGE + ", error=\"invalid_token\"";

	static final String MISSING = "This resource needs a token: send the one POST /api/authenticate answers with, "
			+ "as Authorization: Bearer.";

	static final String REJECTED = "The token was not accepted: it is malformed, expired or not signed by this "
			+ "service.";

	@Override
	public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
			throws IOException {
		// The resource server reports a token it could not read or accept with an OAuth2
		// failure, and a request without one with Spring Security's usual "insufficient
		// authentication".
		boolean rejected = failure instanceof OAuth2AuthenticationException;
		response.setHeader(HttpHeaders.WWW_AUTHENTICATE, rejected ? INVALID_TOKEN_CHALLENGE : CHALLENGE);
		write(Problem.of(ProblemType.UNAUTHORIZED, rejected ? REJECTED : MISSING), request, response);
	}

	@Override
	public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException denied)
			throws IOException {
		write(SecurityProblems.forbidden(), request, response);
	}

	private static void write(Problem problem, HttpServletRequest request, HttpServletResponse response)
			throws IOException {
		response.setStatus(problem.type().status());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.getOutputStream().write(SecurityProblems.json(problem, request.getRequestURI()));
	}

}

package dev.fluxbench.app.security;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers a refused bearer-token request with the contract's problem+json, where the
 * resource server's own entry point would send a {@code WWW-Authenticate} header and an
 * empty body. The challenge follows RFC 6750: a request without a token gets a bare one,
 * a rejected token gets {@code error="invalid_token"}, and neither repeats why the token
 * failed, which differs between decoders and would make the stacks answer differently.
 */
final class BearerProblemHandler implements ServerAuthenticationEntryPoint, ServerAccessDeniedHandler {

	static final String CHALLENGE = "Bearer realm=\"fluxbench\"";

	static final String INVALID_TOKEN_CHALLENGE = CHALLENGE + ", error=\"invalid_token\"";

	static final String MISSING = "This resource needs a token: send the one POST /api/authenticate answers with, "
			+ "as Authorization: Bearer.";

	static final String REJECTED = "The token was not accepted: it is malformed, expired or not signed by this "
			+ "service.";

	@Override
	public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException failure) {
		// The resource server reports a token it could not read or accept with an OAuth2
		// failure, and a request without one with Spring Security's usual "not
		// authenticated".
		boolean rejected = failure instanceof OAuth2AuthenticationException;
		exchange.getResponse()
			.getHeaders()
			.set(HttpHeaders.WWW_AUTHENTICATE, rejected ? INVALID_TOKEN_CHALLENGE : CHALLENGE);
		return write(Problem.of(ProblemType.UNAUTHORIZED, rejected ? REJECTED : MISSING), exchange);
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
		return write(SecurityProblems.forbidden(), exchange);
	}

	private static Mono<Void> write(Problem problem, ServerWebExchange exchange) {
		ServerHttpResponse response = exchange.getResponse();
		response.setStatusCode(HttpStatusCode.valueOf(problem.type().status()));
		response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
		DataBuffer body = response.bufferFactory()
			.wrap(SecurityProblems.json(problem, exchange.getRequest().getPath().value()));
		return response.writeWith(Mono.just(body));
	}

}

package dev.fluxbench.app.security;

import dev.fluxbench.contract.problem.Problem;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers a refused request with the contract's problem+json: 401 with a Basic challenge
 * for missing or wrong credentials, 503 when the directory could not check them, 403 for
 * a role that does not allow the request.
 */
final class SecurityProblemHandler implements ServerAuthenticationEntryPoint, ServerAccessDeniedHandler {

	@Override
	public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException failure) {
		return write(SecurityProblems.authenticationFailed(failure), exchange);
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
		return write(SecurityProblems.forbidden(), exchange);
	}

	private static Mono<Void> write(Problem problem, ServerWebExchange exchange) {
		ServerHttpResponse response = exchange.getResponse();
		if (SecurityProblems.challenges(problem)) {
			response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, SecurityProblems.CHALLENGE);
		}
		response.setStatusCode(HttpStatusCode.valueOf(problem.type().status()));
		response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
		DataBuffer body = response.bufferFactory()
			.wrap(SecurityProblems.json(problem, exchange.getRequest().getPath().value()));
		return response.writeWith(Mono.just(body));
	}

}

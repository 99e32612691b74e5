package dev.fluxbench.app.system;

import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerRoutes;

import org.springframework.boot.reactor.netty.NettyRouteProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/**
 * Spring's Reactor Netty adapter refuses a request target that is not a URI, such as
 * {@code /concerts/data/artists/%}, with an empty 400 before any filter or handler sees
 * it. This route, ahead of Spring's, answers such a request with the contract's
 * problem+json, as mvc does.
 */
@Component
class MalformedUriProblems implements NettyRouteProvider {

	@Override
	public HttpServerRoutes apply(HttpServerRoutes routes) {
		return routes.route(MalformedUriProblems::isMalformed,
				(request, response) -> response.status(HttpStatus.BAD_REQUEST.value())
					.header(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_PROBLEM_JSON_VALUE)
					.sendByteArray(Mono.just(MalformedUris.json(request.uri())))
					.then());
	}

	private static boolean isMalformed(HttpServerRequest request) {
		return MalformedUris.isMalformed(request.uri());
	}

}

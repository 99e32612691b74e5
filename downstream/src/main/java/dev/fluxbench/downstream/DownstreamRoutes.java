package dev.fluxbench.downstream;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

@Configuration(proxyBeanMethods = false)
class DownstreamRoutes {

	@Bean
	RouterFunction<ServerResponse> routes(DownstreamHandler handler) {
		return route().POST("/messages", handler::message)
			.GET("/delay/{ms}", handler::delay)
			.onError(ProblemException.class,
					(ex, request) -> Problems.respond(((ProblemException) ex).problem(), request))
			.build();
	}

}

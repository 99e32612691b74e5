package dev.fluxbench.downstream;

import java.util.List;

import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.unit.UnitSoap;
import dev.fluxbench.contract.unit.delta.DeltaFormat;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

@Configuration(proxyBeanMethods = false)
class DownstreamRoutes {

	@Bean
	RouterFunction<ServerResponse> routes(DownstreamHandler handler, PartnerFileHandler partnerFiles,
			SoapUnitHandler soap, FaultScheduleHandler faultSchedule) {
		RouterFunction<ServerResponse> contract = route().POST("/messages", handler::message)
			.GET("/delay/{ms}", handler::delay)
			.PUT(FaultSchedule.PATH, faultSchedule::set)
			.GET(FaultSchedule.PATH, faultSchedule::get)
			.DELETE(FaultSchedule.PATH, faultSchedule::clear)
			.GET("/partners/{partner}/deltas", partnerFiles::days)
			.GET("/partners/{partner}/deltas/{day}" + DeltaFormat.EXTENSION, partnerFiles::file)
			.POST(UnitSoap.PATH, soap::getUnit)
			.build();
		return contract.andRoute(RequestPredicates.all(), (request) -> outsideTheContract(contract, request))
			.filter((request, next) -> next.handle(request)
				.onErrorResume(ProblemException.class, (ex) -> Problems.respond(ex.problem(), request)));
	}

	/**
	 * Whatever no route takes gets a problem of the contract's shape rather than Boot's
	 * error JSON: a 405 with the methods the path takes, or a 404 if no route takes it at
	 * all. The methods are found by asking the routes themselves, so that no second list
	 * of them can drift. The actuator's endpoints never get here: their mapping comes
	 * before the routes'.
	 */
	private static Mono<ServerResponse> outsideTheContract(RouterFunction<ServerResponse> contract,
			ServerRequest request) {
		return Flux.fromArray(HttpMethod.values())
			.filterWhen((method) -> contract.route(ServerRequest.from(request).method(method).build()).hasElement())
			.map(HttpMethod::name)
			.collectList()
			.flatMap((allowed) -> allowed.isEmpty() ? Problems.respond(BadInput.noSuchPath(request.path()), request)
					: Problems.methodNotAllowed(BadInput.methodNotAllowed(request.method().name(), allowed),
							List.copyOf(allowed), request));
	}

}

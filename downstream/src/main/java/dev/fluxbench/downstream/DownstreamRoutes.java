package dev.fluxbench.downstream;

import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.contract.unit.UnitSoap;
import dev.fluxbench.contract.unit.delta.DeltaFormat;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

@Configuration(proxyBeanMethods = false)
class DownstreamRoutes {

	@Bean
	RouterFunction<ServerResponse> routes(DownstreamHandler handler, PartnerFileHandler partnerFiles,
			SoapUnitHandler soap, FaultScheduleHandler faultSchedule) {
		return route().POST("/messages", handler::message)
			.GET("/delay/{ms}", handler::delay)
			.PUT(FaultSchedule.PATH, faultSchedule::set)
			.GET(FaultSchedule.PATH, faultSchedule::get)
			.DELETE(FaultSchedule.PATH, faultSchedule::clear)
			.GET("/partners/{partner}/deltas", partnerFiles::days)
			.GET("/partners/{partner}/deltas/{day}" + DeltaFormat.EXTENSION, partnerFiles::file)
			.POST(UnitSoap.PATH, soap::getUnit)
			.onError(ProblemException.class,
					(ex, request) -> Problems.respond(((ProblemException) ex).problem(), request))
			.build();
	}

}

package dev.fluxbench.downstream;

import java.net.URI;

import dev.fluxbench.contract.problem.Problem;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Turns problems into RFC 9457 answers of the same shape as the apps' (type, title, status, detail,
 * instance and, for invalid fields, {@code errors}), so a client reads one format across the bench.
 */
final class Problems {

	private Problems() {
	}

	static Mono<ServerResponse> respond(Problem problem, ServerRequest request) {
		ProblemDetail detail = ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(problem.type().status()),
				problem.detail());
		detail.setType(problem.type().type());
		detail.setTitle(problem.type().title());
		if (!problem.errors().isEmpty()) {
			detail.setProperty("errors", problem.errors());
		}
		return respond(detail, request);
	}

	/**
	 * An injected fault: a plain problem (type {@code about:blank}, the status's reason as title),
	 * since the status is whatever the test asked for and need not match any {@code ProblemType}.
	 */
	static Mono<ServerResponse> injected(int status, String knob, ServerRequest request) {
		return respond(ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(status), "Failure injected by " + knob + "."),
				request);
	}

	private static Mono<ServerResponse> respond(ProblemDetail detail, ServerRequest request) {
		detail.setInstance(URI.create(request.path()));
		return ServerResponse.status(detail.getStatus())
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyValue(detail);
	}

}

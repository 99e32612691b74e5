package dev.fluxbench.downstream;

import java.net.URI;
import java.util.List;
import java.util.function.Consumer;

import dev.fluxbench.contract.problem.Problem;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Turns problems into RFC 9457 answers of the same shape as the apps' (type, title,
 * status, detail, instance and, for invalid fields, {@code errors}), so a client reads
 * one format across the bench.
 */
final class Problems {

	private Problems() {
	}

	static Mono<ServerResponse> respond(Problem problem, ServerRequest request) {
		return respond(detail(problem), request);
	}

	private static ProblemDetail detail(Problem problem) {
		ProblemDetail detail = ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(problem.type().status()),
				problem.detail());
		detail.setType(problem.type().type());
		detail.setTitle(problem.type().title());
		if (!problem.errors().isEmpty()) {
			detail.setProperty("errors", problem.errors());
		}
		return detail;
	}

	/**
	 * An injected fault: a plain problem (type {@code about:blank}, the status's reason
	 * as title), since the status is whatever the test asked for and need not match any
	 * {@code ProblemType}.
	 */
	static Mono<ServerResponse> injected(int status, String knob, ServerRequest request) {
		return respond(
				ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(status), "Failure injected by " + knob + "."),
				request);
	}

	/** A 405 with the {@code Allow} header that RFC 9110 asks of it. */
	static Mono<ServerResponse> methodNotAllowed(Problem problem, List<String> allowed, ServerRequest request) {
		return respond(detail(problem), request,
				(headers) -> headers.set(HttpHeaders.ALLOW, String.join(", ", allowed.stream().sorted().toList())));
	}

	private static Mono<ServerResponse> respond(ProblemDetail detail, ServerRequest request) {
		return respond(detail, request, (headers) -> {
		});
	}

	private static Mono<ServerResponse> respond(ProblemDetail detail, ServerRequest request,
			Consumer<HttpHeaders> headers) {
		detail.setInstance(URI.create(request.path()));
		return ServerResponse.status(detail.getStatus())
			.headers(headers)
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyValue(detail);
	}

}

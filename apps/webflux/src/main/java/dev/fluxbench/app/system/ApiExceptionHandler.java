package dev.fluxbench.app.system;

import java.util.List;

import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;

import org.springframework.beans.TypeMismatchException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.bind.support.WebExchangeBindException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.reactive.resource.NoResourceFoundException;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Turns every failure into the one ProblemDetail shape of the contract. Spring's own
 * messages differ between MVC and WebFlux, so the words come from the contract's
 * {@link BadInput}.
 */
@RestControllerAdvice
class ApiExceptionHandler {

	private static final Log logger = LogFactory.getLog(ApiExceptionHandler.class);

	private final Overload overload;

	ApiExceptionHandler(ObjectProvider<MeterRegistry> registry) {
		this.overload = Overload.of(registry);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> problem(ProblemException ex, ServerWebExchange exchange) {
		if (Overload.isOverload(ex.problem().type())) {
			return overloaded(ex.problem(), ex, exchange);
		}
		if (ex.problem().type().status() >= 500 && logger.isDebugEnabled()) {
			logger.debug(ex.getMessage(), ex);
		}
		return render(ex.problem(), exchange);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unreadable(ServerWebInputException ex, ServerWebExchange exchange) {
		MethodParameter parameter = ex.getMethodParameter();
		// A path variable or query parameter that does not convert to the method's type.
		if (ex.getCause() instanceof TypeMismatchException mismatch && parameter != null) {
			return render(BadInput.invalidParameter(parameter.getParameterName(), mismatch.getValue()), exchange);
		}
		// WebFlux reports an empty body with this reason.
		boolean missing = "No request body".equals(ex.getReason());
		return render(missing ? BadInput.missingBody() : BadInput.unreadableBody(ex), exchange);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> invalidBody(WebExchangeBindException ex, ServerWebExchange exchange) {
		return render(ValidationProblems.of(ex.getFieldErrors()), exchange);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> invalidArguments(HandlerMethodValidationException ex, ServerWebExchange exchange) {
		return render(ValidationProblems.of(ex), exchange);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> methodNotAllowed(MethodNotAllowedException ex, ServerWebExchange exchange) {
		List<String> allowed = ex.getSupportedMethods().stream().map(Object::toString).sorted().toList();
		return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
			.header(HttpHeaders.ALLOW, String.join(", ", allowed))
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(detail(BadInput.methodNotAllowed(ex.getHttpMethod(), allowed), exchange));
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unsupportedMediaType(UnsupportedMediaTypeStatusException ex,
			ServerWebExchange exchange) {
		return render(
				BadInput.unsupportedMediaType(exchange.getRequest().getHeaders().getFirst(HttpHeaders.CONTENT_TYPE),
						MediaType.APPLICATION_JSON_VALUE),
				exchange);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> notAcceptable(NotAcceptableStatusException ex, ServerWebExchange exchange) {
		return render(BadInput.notAcceptable(MediaType.APPLICATION_JSON_VALUE), exchange);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> noSuchPath(NoResourceFoundException ex, ServerWebExchange exchange) {
		return render(BadInput.noSuchPath(exchange.getRequest().getPath().value()), exchange);
	}

	@ExceptionHandler
	Mono<ResponseEntity<ProblemDetail>> unexpected(Exception ex, ServerWebExchange exchange) {
		// A load generator that stops or times out leaves requests behind: not worth a
		// stack trace each.
		if (DisconnectedClientHelper.isClientDisconnectedException(ex)) {
			this.overload.disconnected();
			if (logger.isDebugEnabled()) {
				logger.debug("Client went away during " + exchange.getRequest().getMethod() + " "
						+ exchange.getRequest().getPath().value());
			}
			// Nobody reads an answer now. Handing the failure back lets Spring end the
			// exchange as a lost client, without writing to headers that a started answer
			// has made read-only.
			return Mono.error(ex);
		}
		if (exchange.getResponse().isCommitted()) {
			// The status and part of the body are on their way: another answer would only
			// fail again, so Spring reports the original failure instead.
			return Mono.error(ex);
		}
		ProblemType saturated = Saturation.of(ex);
		if (saturated != null) {
			return Mono.just(overloaded(Overload.saturated(saturated), ex, exchange));
		}
		logger.error("Unexpected failure of " + exchange.getRequest().getMethod() + " "
				+ exchange.getRequest().getPath().value(), ex);
		return Mono.just(render(Problem.of(ProblemType.INTERNAL_ERROR, "An unexpected error occurred."), exchange));
	}

	/**
	 * A pool or the in-flight limit was full: overload, not a bug. One line without a
	 * stack trace, which would cost CPU when the stack has least of it, and a count per
	 * reason.
	 */
	private ResponseEntity<ProblemDetail> overloaded(Problem problem, Throwable ex, ServerWebExchange exchange) {
		this.overload.refused(problem.type());
		logger.warn(problem.type().title() + " on " + exchange.getRequest().getMethod() + " "
				+ exchange.getRequest().getPath().value() + ": " + Overload.rootMessage(ex));
		return render(problem, exchange);
	}

	private static ResponseEntity<ProblemDetail> render(Problem problem, ServerWebExchange exchange) {
		ResponseEntity.BodyBuilder answer = ResponseEntity.status(problem.type().status());
		// Every 503 is a moment's overload or outage: say when to come back (RFC 9110,
		// 10.2.3).
		if (problem.type().status() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
			answer.header(HttpHeaders.RETRY_AFTER, Overload.retryAfter());
		}
		return answer.contentType(MediaType.APPLICATION_PROBLEM_JSON).body(detail(problem, exchange));
	}

	private static ProblemDetail detail(Problem problem, ServerWebExchange exchange) {
		return ProblemDetails.of(problem, exchange.getRequest().getPath().value());
	}

}

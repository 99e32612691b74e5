package dev.fluxbench.app.system;

import java.util.List;

import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.TypeMismatchException;
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
 * Turns every failure into the one ProblemDetail shape of the contract. Spring's own messages
 * differ between MVC and WebFlux, so the words come from the contract's {@link BadInput}.
 */
@RestControllerAdvice
class ApiExceptionHandler {

	private static final Log logger = LogFactory.getLog(ApiExceptionHandler.class);

	@ExceptionHandler
	ResponseEntity<ProblemDetail> problem(ProblemException ex, ServerWebExchange exchange) {
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
		return render(BadInput.unsupportedMediaType(exchange.getRequest().getHeaders().getFirst(HttpHeaders.CONTENT_TYPE),
				MediaType.APPLICATION_JSON_VALUE), exchange);
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
	ResponseEntity<ProblemDetail> unexpected(Exception ex, ServerWebExchange exchange) {
		// A load generator that stops or times out leaves requests behind: not worth a stack trace each.
		if (DisconnectedClientHelper.isClientDisconnectedException(ex)) {
			logger.debug("Client went away during " + exchange.getRequest().getMethod() + " "
				+ exchange.getRequest().getPath().value());
		}
		else {
			logger.error("Unexpected failure of " + exchange.getRequest().getMethod() + " "
				+ exchange.getRequest().getPath().value(), ex);
		}
		return render(Problem.of(ProblemType.INTERNAL_ERROR, "An unexpected error occurred."), exchange);
	}

	private static ResponseEntity<ProblemDetail> render(Problem problem, ServerWebExchange exchange) {
		return ResponseEntity.status(problem.type().status())
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(detail(problem, exchange));
	}

	private static ProblemDetail detail(Problem problem, ServerWebExchange exchange) {
		return ProblemDetails.of(problem, exchange.getRequest().getPath().value());
	}

}

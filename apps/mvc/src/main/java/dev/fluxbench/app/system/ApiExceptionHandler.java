package dev.fluxbench.app.system;

import java.util.List;

import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
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
	ResponseEntity<ProblemDetail> problem(ProblemException ex, HttpServletRequest request) {
		if (Overload.isOverload(ex.problem().type())) {
			return overloaded(ex.problem(), ex, request);
		}
		if (ex.problem().type().status() >= 500 && logger.isDebugEnabled()) {
			logger.debug(ex.getMessage(), ex);
		}
		return render(ex.problem(), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unreadable(HttpMessageNotReadableException ex, HttpServletRequest request) {
		// Spring reports an empty body with this message and no cause.
		boolean missing = ex.getCause() == null
				&& String.valueOf(ex.getMessage()).startsWith("Required request body is missing");
		return render(missing ? BadInput.missingBody() : BadInput.unreadableBody(ex), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> invalidBody(MethodArgumentNotValidException ex, HttpServletRequest request) {
		return render(ValidationProblems.of(ex.getFieldErrors()), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> invalidArguments(HandlerMethodValidationException ex, HttpServletRequest request) {
		return render(ValidationProblems.of(ex), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> typeMismatch(MethodArgumentTypeMismatchException ex, HttpServletRequest request) {
		return render(BadInput.invalidParameter(ex.getName(), ex.getValue()), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> methodNotAllowed(HttpRequestMethodNotSupportedException ex,
			HttpServletRequest request) {
		List<String> allowed = ex.getSupportedHttpMethods().stream().map(Object::toString).sorted().toList();
		return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
			.header(HttpHeaders.ALLOW, String.join(", ", allowed))
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(detail(BadInput.methodNotAllowed(ex.getMethod(), allowed), request));
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unsupportedMediaType(HttpMediaTypeNotSupportedException ex,
			HttpServletRequest request) {
		return render(BadInput.unsupportedMediaType(request.getContentType(), MediaType.APPLICATION_JSON_VALUE),
				request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> notAcceptable(HttpMediaTypeNotAcceptableException ex, HttpServletRequest request) {
		return render(BadInput.notAcceptable(MediaType.APPLICATION_JSON_VALUE), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> noSuchPath(NoResourceFoundException ex, HttpServletRequest request) {
		return render(BadInput.noSuchPath(request.getRequestURI()), request);
	}

	@ExceptionHandler
	ResponseEntity<ProblemDetail> unexpected(Exception ex, HttpServletRequest request, HttpServletResponse response) {
		// A load generator that stops or times out leaves requests behind: not worth a
		// stack trace each.
		if (DisconnectedClientHelper.isClientDisconnectedException(ex)) {
			this.overload.disconnected();
			if (logger.isDebugEnabled()) {
				logger.debug("Client went away during " + request.getMethod() + " " + request.getRequestURI());
			}
			// Nobody reads an answer now, and writing one could fail again: a scrape that
			// timed out has its text/plain content type set already, and no converter
			// writes a ProblemDetail as that.
			return null;
		}
		if (response.isCommitted()) {
			// The status and part of the body are on their way: another answer would only
			// fail again.
			logger.error("Failure of " + request.getMethod() + " " + request.getRequestURI()
					+ " after its answer had started", ex);
			return null;
		}
		ProblemType saturated = Saturation.of(ex);
		if (saturated != null) {
			return overloaded(Overload.saturated(saturated), ex, request);
		}
		logger.error("Unexpected failure of " + request.getMethod() + " " + request.getRequestURI(), ex);
		return render(Problem.of(ProblemType.INTERNAL_ERROR, "An unexpected error occurred."), request);
	}

	/**
	 * A pool or the in-flight limit was full: overload, not a bug. One line without a
	 * stack trace, which would cost CPU when the stack has least of it, and a count per
	 * reason.
	 */
	private ResponseEntity<ProblemDetail> overloaded(Problem problem, Throwable ex, HttpServletRequest request) {
		this.overload.refused(problem.type());
		logger.warn(problem.type().title() + " on " + request.getMethod() + " " + request.getRequestURI() + ": "
				+ Overload.rootMessage(ex));
		return render(problem, request);
	}

	private static ResponseEntity<ProblemDetail> render(Problem problem, HttpServletRequest request) {
		ResponseEntity.BodyBuilder answer = ResponseEntity.status(problem.type().status());
		// Every 503 is a moment's overload or outage: say when to come back (RFC 9110,
		// 10.2.3).
		if (problem.type().status() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
			answer.header(HttpHeaders.RETRY_AFTER, Overload.retryAfter());
		}
		return answer.contentType(MediaType.APPLICATION_PROBLEM_JSON).body(detail(problem, request));
	}

	private static ProblemDetail detail(Problem problem, HttpServletRequest request) {
		return ProblemDetails.of(problem, request.getRequestURI());
	}

}

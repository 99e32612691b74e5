package dev.fluxbench.downstream;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;

/**
 * A JSON body read and validated as every resource of the downstream reads one, so that a
 * body that is missing, not JSON, of the wrong type or invalid gets the same problem
 * wherever it is sent.
 */
final class JsonBodies {

	private JsonBodies() {
	}

	/** The body, or an error signal carrying the problem with it. */
	static <T> Mono<T> read(ServerRequest request, Class<T> type, Validator validator) {
		return read(request, type, validator, (body) -> List.of());
	}

	/**
	 * The body, checked by the validator and by {@code limits}, whose fields are named in
	 * the same problem as the validator's: a client learns every invalid field at once.
	 */
	static <T> Mono<T> read(ServerRequest request, Class<T> type, Validator validator,
			Function<T, List<InvalidField>> limits) {
		return request.bodyToMono(type)
			.onErrorMap(UnsupportedMediaTypeStatusException.class,
					(ex) -> new ProblemException(BadInput.unsupportedMediaType(String.valueOf(ex.getContentType()),
							MediaType.APPLICATION_JSON_VALUE)))
			.onErrorMap(ServerWebInputException.class, (ex) -> new ProblemException(unreadable(request, ex)))
			.switchIfEmpty(Mono.error(() -> new ProblemException(BadInput.missingBody())))
			.map((body) -> valid(body, validator, limits));
	}

	/*
	 * An empty body reaches Jackson as an empty buffer or as no buffer at all, depending
	 * on the client; both are a missing body, not a shape Jackson failed to read.
	 */
	private static Problem unreadable(ServerRequest request, Throwable failure) {
		return (request.headers().contentLength().orElse(-1) == 0) ? BadInput.missingBody()
				: BadInput.unreadableBody(failure);
	}

	/*
	 * The path as the JSON has it: a null item of a list is phases[0], which Hibernate
	 * Validator writes as phases[0].<list element>.
	 */
	private static String field(ConstraintViolation<?> violation) {
		return violation.getPropertyPath().toString().replaceAll("\\.<[^>]+>", "");
	}

	private static <T> T valid(T body, Validator validator, Function<T, List<InvalidField>> limits) {
		List<InvalidField> errors = new ArrayList<>();
		for (ConstraintViolation<T> violation : validator.validate(body)) {
			errors.add(new InvalidField(field(violation), violation.getMessage()));
		}
		errors.addAll(limits.apply(body));
		if (errors.isEmpty()) {
			return body;
		}
		throw new ProblemException(Problem.invalidFields(errors));
	}

}

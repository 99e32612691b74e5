package dev.fluxbench.contract.problem;

import java.util.Arrays;
import java.util.List;

import dev.fluxbench.contract.problem.Problem.InvalidField;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Describes a request the app could not read, in words that do not depend on the stack.
 * MVC and WebFlux wrap Jackson's failure in different exceptions with different messages;
 * both hand the failure here, so a client gets the same answer from either.
 */
public final class BadInput {

	private BadInput() {
	}

	public static Problem missingBody() {
		return Problem.of(ProblemType.MALFORMED_BODY, "The request body is missing.");
	}

	/**
	 * The problem for a body that failed to deserialize: a syntax error is a malformed
	 * body, while well-formed JSON with a field of the wrong type, or an unknown field,
	 * names that field.
	 */
	public static Problem unreadableBody(Throwable failure) {
		JacksonException jackson = find(failure, JacksonException.class);
		String field = (jackson != null) ? path(jackson) : "";
		// A number too large for its field is well-formed JSON with a wrong value, not a
		// syntax error.
		if (jackson instanceof InputCoercionException && !field.isEmpty()) {
			return Problem.invalidFields(List.of(new InvalidField(field, "is out of range")));
		}
		if (jackson == null || jackson instanceof StreamReadException) {
			return Problem.of(ProblemType.MALFORMED_BODY, "The request body is not valid JSON.");
		}
		if (jackson instanceof UnrecognizedPropertyException) {
			return Problem.invalidFields(List.of(new InvalidField(field, "is not a known field")));
		}
		if (jackson instanceof MismatchedInputException mismatch && !field.isEmpty()) {
			return Problem.invalidFields(List.of(new InvalidField(field, expected(mismatch))));
		}
		return Problem.of(ProblemType.MALFORMED_BODY, "The request body does not have the expected shape.");
	}

	public static Problem invalidParameter(String name, Object value) {
		return Problem.of(ProblemType.INVALID_PARAMETER,
				"Parameter '" + name + "' has an invalid value: '" + value + "'.");
	}

	public static Problem invalidParameter(String name, Object value, String reason) {
		return Problem.of(ProblemType.INVALID_PARAMETER,
				"Parameter '" + name + "' has an invalid value: '" + value + "' (" + reason + ").");
	}

	public static Problem methodNotAllowed(String method, List<String> allowed) {
		return Problem.of(ProblemType.METHOD_NOT_ALLOWED, "Method " + method + " is not allowed here; use "
				+ String.join(", ", allowed.stream().sorted().toList()) + ".");
	}

	/**
	 * Returns the problem for a request body of a content type the endpoint does not
	 * read.
	 * @param contentType the request's content type, or null when it had none
	 */
	public static Problem unsupportedMediaType(Object contentType, String supported) {
		String sent = (contentType != null) ? "Content type '" + contentType + "' is"
				: "A body without a content type is";
		return Problem.of(ProblemType.UNSUPPORTED_MEDIA_TYPE, sent + " not supported; send " + supported + ".");
	}

	public static Problem notAcceptable(String supported) {
		return Problem.of(ProblemType.NOT_ACCEPTABLE, "This resource can only answer with " + supported + ".");
	}

	public static Problem noSuchPath(String path) {
		return Problem.of(ProblemType.NOT_FOUND, "There is no resource at " + path + ".");
	}

	private static String expected(MismatchedInputException mismatch) {
		Class<?> target = mismatch.getTargetType();
		if (target == null) {
			return "has the wrong type";
		}
		if (target.isEnum()) {
			return "must be one of " + Arrays.toString(target.getEnumConstants());
		}
		if (Number.class.isAssignableFrom(target) || (target.isPrimitive() && target != boolean.class)) {
			return "must be a number";
		}
		if (target == Boolean.class || target == boolean.class) {
			return "must be true or false";
		}
		if (target == String.class) {
			return "must be a string";
		}
		return "has the wrong type";
	}

	/** The JSON path of the failure, such as {@code name} or {@code [0].name}. */
	static String path(JacksonException failure) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : failure.getPath()) {
			if (reference.getPropertyName() != null) {
				if (!path.isEmpty()) {
					path.append('.');
				}
				path.append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.toString();
	}

	private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return null;
	}

}

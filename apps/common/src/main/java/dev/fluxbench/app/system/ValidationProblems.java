package dev.fluxbench.app.system;

import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.Problem.InvalidField;

import org.springframework.context.MessageSourceResolvable;
import org.springframework.validation.FieldError;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.method.annotation.HandlerMethodValidationException;

/**
 * Bean Validation failures as problems; MVC and WebFlux report them through the same
 * types.
 */
final class ValidationProblems {

	private ValidationProblems() {
	}

	static Problem of(List<FieldError> errors) {
		return Problem.invalidFields(errors.stream().map(ValidationProblems::invalidField).toList());
	}

	/**
	 * A constrained query or path parameter answers as an invalid parameter; a validated
	 * body checked as part of the method answers with its invalid fields.
	 */
	static Problem of(HandlerMethodValidationException ex) {
		List<FieldError> fields = new ArrayList<>();
		for (ParameterValidationResult result : ex.getParameterValidationResults()) {
			if (result instanceof ParameterErrors errors) {
				fields.addAll(errors.getFieldErrors());
			}
			else {
				String reason = result.getResolvableErrors()
					.stream()
					.map(MessageSourceResolvable::getDefaultMessage)
					.sorted()
					.findFirst()
					.orElse("is invalid");
				return BadInput.invalidParameter(result.getMethodParameter().getParameterName(), result.getArgument(),
						reason);
			}
		}
		return of(fields);
	}

	private static InvalidField invalidField(FieldError error) {
		return new InvalidField(error.getField(), String.valueOf(error.getDefaultMessage()));
	}

}

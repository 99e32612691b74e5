package dev.fluxbench.contract.problem;

import java.util.Comparator;
import java.util.List;

/**
 * A problem before it becomes a framework's ProblemDetail. {@code errors} names each
 * invalid field; it is sorted so that two stacks that found the same faults print them in
 * the same order.
 */
public record Problem(ProblemType type, String detail, List<InvalidField> errors) {

	public Problem {
		errors = errors.stream()
			.sorted(Comparator.comparing(InvalidField::field).thenComparing(InvalidField::reason))
			.toList();
	}

	public static Problem of(ProblemType type, String detail) {
		return new Problem(type, detail, List.of());
	}

	public static Problem invalidFields(List<InvalidField> errors) {
		return new Problem(ProblemType.INVALID_FIELDS,
				(errors.size() == 1) ? "1 field is invalid." : errors.size() + " fields are invalid.", errors);
	}

	/**
	 * One invalid field: its JSON path (for example {@code name} or {@code items[2].id})
	 * and why.
	 */
	public record InvalidField(String field, String reason) {

	}

}

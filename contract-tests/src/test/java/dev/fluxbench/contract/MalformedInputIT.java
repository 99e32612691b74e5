package dev.fluxbench.contract;

import java.util.stream.Stream;

import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static dev.fluxbench.contract.ProblemAssertions.fields;
import static dev.fluxbench.contract.ProblemAssertions.reasons;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every client mistake of the {@link BadRequest#CATALOGUE} against every stack: a 4xx problem
 * that names what is wrong, never a 500 and never a stack trace.
 */
@ContractSuite
class MalformedInputIT {

	@Parameter
	Stacks stacks;

	static Stream<Arguments> badRequestsOnEveryStack() {
		return Stack.CORE.stream()
			.flatMap((stack) -> BadRequest.CATALOGUE.stream().map((bad) -> Arguments.of(stack, bad)));
	}

	@ParameterizedTest(name = "{0}: {1}")
	@MethodSource("badRequestsOnEveryStack")
	void badRequestShouldAnswerItsProblemWithoutStackTrace(Stack stack, BadRequest bad) {
		Reply reply = this.stacks.client(stack).send(bad.call());

		JsonNode problem = assertProblem(reply, bad.expected());
		if (bad.expected() == ProblemType.INVALID_FIELDS) {
			assertThat(fields(problem)).as("fields named by %s", reply).containsExactlyElementsOf(bad.fields());
			assertThat(reasons(problem)).as("reasons in %s", reply).allSatisfy((reason) -> assertThat(reason).isNotBlank());
		}
		if (bad.reason() != null) {
			assertThat(reasons(problem)).as("reasons in %s", reply).containsOnly(bad.reason());
		}
	}

}

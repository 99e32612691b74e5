package dev.fluxbench.contract;

import java.util.Map;
import java.util.stream.Stream;

import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
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
 * Every client mistake of the {@link BadRequest#CATALOGUE} against every stack: a 4xx
 * problem that names what is wrong, never a 500 and never a stack trace.
 */
@ContractSuite
class MalformedInputIT {

	@Parameter
	Stacks stacks;

	static Stream<Arguments> badRequestsOnEveryStack() {
		return Stack.CORE.stream()
			.flatMap((stack) -> BadRequest.CATALOGUE.stream().map((bad) -> Arguments.of(stack, bad)));
	}

	/**
	 * Request targets that are not URIs, as sent, and the instance each answer names: the
	 * same path with what a URI may not hold %-encoded. Tomcat and Spring's Reactor Netty
	 * adapter both refuse them before any handler, so each stack answers them outside its
	 * exception handler.
	 */
	static Stream<Arguments> malformedUrisOnEveryStack() {
		Map<String, String> targets = Map.of(ArtistPaths.ARTISTS + "/%", ArtistPaths.ARTISTS + "/%25",
				ArtistPaths.ARTISTS + "/%zz", ArtistPaths.ARTISTS + "/%25zz", ArtistPaths.ARTISTS + "/%4",
				ArtistPaths.ARTISTS + "/%254");
		return Stack.CORE.stream()
			.flatMap((stack) -> targets.entrySet()
				.stream()
				.sorted(Map.Entry.comparingByKey())
				.map((target) -> Arguments.of(stack, target.getKey(), target.getValue())));
	}

	@ParameterizedTest(name = "{0}: GET {1}")
	@MethodSource("malformedUrisOnEveryStack")
	@Execution(ExecutionMode.SAME_THREAD)
	void malformedUriShouldAnswer400InvalidParameterAsProblemJson(Stack stack, String target, String instance) {
		Client client = this.stacks.client(stack);
		Reply reply = RawHttp.get(this.stacks + "/" + stack.id(), client.baseUri(), target, Call.get(instance));

		JsonNode problem = assertProblem(reply, ProblemType.INVALID_PARAMETER);
		assertThat(problem.path("detail").asString()).as("detail of %s", reply).contains("malformed");
	}

	@ParameterizedTest(name = "{0}: {1}")
	@MethodSource("badRequestsOnEveryStack")
	@Execution(ExecutionMode.SAME_THREAD)
	void badRequestShouldAnswerItsProblemWithoutStackTrace(Stack stack, BadRequest bad) {
		Reply reply = this.stacks.client(stack).send(bad.call());

		JsonNode problem = assertProblem(reply, bad.expected());
		if (bad.expected() == ProblemType.INVALID_FIELDS) {
			assertThat(fields(problem)).as("fields named by %s", reply).containsExactlyElementsOf(bad.fields());
			assertThat(reasons(problem)).as("reasons in %s", reply)
				.allSatisfy((reason) -> assertThat(reason).isNotBlank());
		}
		if (bad.reason() != null) {
			assertThat(reasons(problem)).as("reasons in %s", reply).containsOnly(bad.reason());
		}
	}

}

package dev.fluxbench.contract;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.ChainPaths;
import dev.fluxbench.contract.chain.DegradedReason;
import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.problem.ProblemType;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Seed 003's chain on every core stack: service A calling service B, the downstream,
 * behind a circuit breaker and a time limiter, with a fallback for each way B fails. The
 * stacks run with the quick guards of {@link Stacks#CHAIN_GUARDS}; the one test that
 * opens a breaker waits for it to close again, so that no other test finds it open.
 */
@ContractSuite
class ChainContractIT {

	private static final List<String> FIELDS = List.of("id", "depth", "hops", "stack", "bytes", "payload", "degraded",
			"reason", "downstreamStatus");

	private static final String SERVER_REQUESTS = "http_server_requests_seconds_count";

	private static final String BREAKER_CALLS = "resilience4j_circuitbreaker_calls_seconds_count";

	private static final String NOT_PERMITTED = "resilience4j_circuitbreaker_not_permitted_calls_total";

	private static final Map<String, String> DOWNSTREAM = Map.of("name", "downstream");

	/**
	 * Well past the stacks' time limiter, well short of the downstream's longest wait.
	 */
	private static final String STALL_BEYOND_THE_LIMITER = "5000";

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainShouldAnswerServiceBsPayloadWithItsOwnPart(Stack stack) {
		Reply reply = this.stacks.client(stack).get(ChainPaths.CHAIN + "/contract-1?delay=10&bytes=100");

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.mediaType()).isEqualTo("application/json");
		assertThat(reply.json().propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS);
		assertThat(reply.chain()).isEqualTo(ChainDto.answered("contract-1", stack.id(), 100, "x".repeat(100)));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainAtDepthThreeShouldGoThroughThreeInstancesOfTheStack(Stack stack) {
		Client client = this.stacks.client(stack);
		double chainRequestsBefore = chainRequests(client);

		Reply reply = client.get(ChainPaths.CHAIN + "/contract-3?depth=3&bytes=10");

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.chain()).isEqualTo(ChainDto.answered("contract-3", stack.id(), 10, "x".repeat(10))
			.relayed(2, stack.id())
			.relayed(3, stack.id()));
		// Each hop is a request of its own to the stack, not a loop inside one request. A
		// server may record a request just after its answer has left.
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(chainRequests(client) - chainRequestsBefore).isEqualTo(3));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainWhenServiceBAnswers503ShouldFallBack(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.get(ChainPaths.CHAIN + "/contract-503?bytes=10").header(FaultHeaders.STATUS, "503"));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.chain())
			.isEqualTo(ChainDto.degraded("contract-503", stack.id(), 10, DegradedReason.DOWNSTREAM_ERROR, 503));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainWhenServiceBFailsEveryRequestAtRandomShouldFallBack(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.get(ChainPaths.CHAIN + "/contract-rate").header(FaultHeaders.RATE, "1.0"));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		// Without X-Fault-Status the downstream fails with 500.
		assertThat(reply.chain())
			.isEqualTo(ChainDto.degraded("contract-rate", stack.id(), 0, DegradedReason.DOWNSTREAM_ERROR, 500));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainWhenServiceBStallsBeyondTheTimeLimiterShouldFallBack(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.get(ChainPaths.CHAIN + "/contract-stall").header(FaultHeaders.STALL, STALL_BEYOND_THE_LIMITER));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.chain())
			.isEqualTo(ChainDto.degraded("contract-stall", stack.id(), 0, DegradedReason.TIMEOUT, null));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainDeeperWhenServiceBFailsShouldStayDegradedThroughEveryHop(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.get(ChainPaths.CHAIN + "/contract-deep-503?depth=2").header(FaultHeaders.STATUS, "503"));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.chain())
			.isEqualTo(ChainDto.degraded("contract-deep-503", stack.id(), 0, DegradedReason.DOWNSTREAM_ERROR, 503)
				.relayed(2, stack.id()));
	}

	/** A fault value the downstream refuses: the caller's mistake, not B failing. */
	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainWhenServiceBRefusesAFaultHeaderShouldAnswer502WithoutCountingAFailure(Stack stack) {
		Client client = this.stacks.client(stack);
		PrometheusText before = scrape(client);

		Reply reply = client.send(Call.get(ChainPaths.CHAIN + "/contract-bad-fault").header(FaultHeaders.RATE, "abc"));

		assertProblem(reply, ProblemType.DOWNSTREAM_FAILED);
		PrometheusText after = scrape(client);
		assertThat(breakerCalls(after, "ignored") - breakerCalls(before, "ignored")).isEqualTo(1);
		assertThat(breakerCalls(after, "failed")).isEqualTo(breakerCalls(before, "failed"));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainWhenTheBreakerIsOpenShouldFallBackWithoutCallingServiceBUntilItCloses(Stack stack) {
		Client client = this.stacks.client(stack);
		Call failing = Call.get(ChainPaths.CHAIN + "/contract-open").header(FaultHeaders.STATUS, "503");
		Call healthy = Call.get(ChainPaths.CHAIN + "/contract-open");
		double notPermittedBefore = scrape(client).sum(NOT_PERMITTED, DOWNSTREAM).orElseThrow();

		// Each failing call fills the breaker's window until half of it fails.
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(10))
			.until(() -> client.send(failing).chain().reason() == DegradedReason.CIRCUIT_OPEN);

		Reply open = client.send(healthy);
		assertThat(open.chain())
			.isEqualTo(ChainDto.degraded("contract-open", stack.id(), 0, DegradedReason.CIRCUIT_OPEN, null));
		PrometheusText whileOpen = scrape(client);
		assertThat(breakerState(whileOpen, "open")).isEqualTo(1);
		assertThat(whileOpen.sum(NOT_PERMITTED, DOWNSTREAM).orElseThrow()).isGreaterThan(notPermittedBefore);

		// After the wait in the open state one trial call goes through, and its success
		// closes the breaker.
		await().atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> !client.send(healthy).chain().degraded());
		assertThat(breakerState(scrape(client), "closed")).isEqualTo(1);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void chainWithBadInputShouldAnswerAProblemWithoutCallingServiceB(Stack stack) {
		Client client = this.stacks.client(stack);
		double guardedBefore = guardedCalls(scrape(client));

		for (BadRequest bad : BadRequest.CHAIN_CATALOGUE) {
			assertProblem(client.send(bad.call()), bad.expected());
		}

		assertThat(guardedCalls(scrape(client))).isEqualTo(guardedBefore);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void prometheusShouldShowTheBreakerAndTheTimeLimiterOfServiceB(Stack stack) {
		Client client = this.stacks.client(stack);
		assertThat(client.get(ChainPaths.CHAIN + "/contract-metrics").status()).isEqualTo(200);

		PrometheusText scrape = scrape(client);

		assertThat(scrape.samples("resilience4j_circuitbreaker_state")).filteredOn((sample) -> sample.has(DOWNSTREAM))
			.extracting((sample) -> sample.labels().get("state"))
			.contains("closed", "open", "half_open");
		assertThat(scrape.samples("resilience4j_circuitbreaker_state")).allSatisfy(
				(sample) -> assertThat(sample.labels()).containsEntry("stack", stack.id()).containsKey("application"));
		assertThat(breakerCalls(scrape, "successful")).isPositive();
		assertThat(scrape.sum("resilience4j_circuitbreaker_failure_rate", DOWNSTREAM)).isPresent();
		assertThat(scrape.sum(NOT_PERMITTED, DOWNSTREAM)).isPresent();
		assertThat(
				scrape.sum("resilience4j_timelimiter_calls_total", Map.of("name", "downstream", "kind", "successful"))
					.orElse(0))
			.isPositive();
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void infoShouldShowTheGuardsAsTheStackRunsThem(Stack stack) {
		Reply reply = this.stacks.client(stack).get("/actuator/info");

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		JsonNode chain = reply.json().path("chain");
		// The suite's launch arguments, read back from Resilience4j's registries.
		assertThat(chain.path("circuitBreaker").path("slidingWindowType").asString()).isEqualTo("COUNT_BASED");
		assertThat(chain.path("circuitBreaker").path("minimumNumberOfCalls").asInt()).isEqualTo(20);
		assertThat(chain.path("timeLimiter").path("timeoutDuration").asString()).isEqualTo("PT2S");
		assertThat(chain.path("nextUrl").asString()).isEqualTo(this.stacks.client(stack).baseUri().toString());
		assertThat(chain.path("serviceBCalls").path("runsOn").asString()).isEqualTo(switch (stack) {
			case MVC -> "thread-pool";
			case MVC_VT -> "virtual-thread-per-task";
			default -> "event-loop";
		});
	}

	/**
	 * The same chain requests get the same answers from every stack, but for the stack's
	 * own name. One failing call per stack: with the others above, still short of opening
	 * a breaker.
	 */
	@Test
	@Execution(ExecutionMode.SAME_THREAD)
	void sameChainRequestsShouldGetTheSameAnswersFromEveryStack() {
		Map<String, Call> calls = new LinkedHashMap<>();
		calls.put("depth 1", Call.get(ChainPaths.CHAIN + "/same-1?bytes=16"));
		calls.put("depth 2", Call.get(ChainPaths.CHAIN + "/same-2?depth=2&delay=5&bytes=3"));
		calls.put("degraded", Call.get(ChainPaths.CHAIN + "/same-3").header(FaultHeaders.STATUS, "502"));
		calls.put("refused fault", Call.get(ChainPaths.CHAIN + "/same-4").header(FaultHeaders.STALL, "-1"));
		calls.put("bad depth", Call.get(ChainPaths.CHAIN + "/same-5?depth=99"));
		Map<Stack, Map<String, String>> answers = new EnumMap<>(Stack.class);
		for (Stack stack : Stack.CORE) {
			Map<String, String> answersOfStack = new LinkedHashMap<>();
			calls.forEach((name, call) -> answersOfStack.put(name, comparable(this.stacks.client(stack).send(call))));
			answers.put(stack, answersOfStack);
		}

		SoftAssertions softly = new SoftAssertions();
		for (Stack stack : List.of(Stack.MVC_VT, Stack.WEBFLUX)) {
			calls.forEach((name, call) -> softly.assertThat(answers.get(stack).get(name))
				.as("%s answering '%s' (%s), compared with mvc", stack, name, call)
				.isEqualTo(answers.get(Stack.MVC).get(name)));
		}
		softly.assertAll();
	}

	private static String comparable(Reply reply) {
		JsonNode json = reply.json();
		if (json instanceof ObjectNode answer && answer.has("stack")) {
			answer.put("stack", "(stack)");
		}
		return reply.status() + " " + reply.mediaType() + "\n" + Json.write(json);
	}

	private static PrometheusText scrape(Client client) {
		Reply reply = client.get("/actuator/prometheus");
		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		return PrometheusText.parse(reply.body());
	}

	private static double chainRequests(Client client) {
		return scrape(client).sum(SERVER_REQUESTS, Map.of("uri", ChainPaths.CHAIN + "/{id}")).orElse(0);
	}

	private static double breakerCalls(PrometheusText scrape, String kind) {
		return scrape.sum(BREAKER_CALLS, Map.of("name", "downstream", "kind", kind)).orElse(0);
	}

	/** Every call the breaker saw: let through, whatever its outcome, or refused. */
	private static double guardedCalls(PrometheusText scrape) {
		return scrape.sum(BREAKER_CALLS, DOWNSTREAM).orElse(0) + scrape.sum(NOT_PERMITTED, DOWNSTREAM).orElse(0);
	}

	private static double breakerState(PrometheusText scrape, String state) {
		return scrape.sum("resilience4j_circuitbreaker_state", Map.of("name", "downstream", "state", state))
			.orElseThrow();
	}

}

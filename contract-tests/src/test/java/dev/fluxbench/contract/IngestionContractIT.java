package dev.fluxbench.contract;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;

import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitPaths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import tools.jackson.databind.JsonNode;

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ingestion of a partner's delta file and the statistics page, the same in every stack:
 * the counts match what the file server says the file holds, nothing is lost, and a
 * second ingestion of the same file changes nothing.
 */
@ContractSuite
class IngestionContractIT {

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void ingestionShouldCountEveryLineAsTheFileServerDoesAndTheSecondShouldChangeNothing(Stack stack) {
		Client client = this.stacks.client(stack);
		// partner-1's ids never meet the other suites' units (7, 42, 43, 44, 9999 belong
		// to others).
		Reply file = this.stacks.downstream().get("/partners/partner-1/deltas/2026-11-20.jsonl");
		assertThat(file.status()).as("%s", file).isEqualTo(200);
		int accepted = Integer.parseInt(file.header("X-Delta-Accepted").orElseThrow());
		int rejected = Integer.parseInt(file.header("X-Delta-Rejected").orElseThrow());
		assertThat(rejected).as("the file has broken lines").isPositive();

		Reply first = client.send(ingest("partner-1", "2026-11-20"));

		assertThat(first.status()).as("%s", first).isEqualTo(201);
		JsonNode ingestion = first.json();
		assertThat(ingestion.path("status").asString()).isEqualTo("SUCCEEDED");
		assertThat(ingestion.path("accepted").asInt()).isEqualTo(accepted);
		assertThat(ingestion.path("rejected").asInt()).isEqualTo(rejected);
		assertThat(ingestion.path("inserted").asInt() + ingestion.path("updated").asInt()
				+ ingestion.path("unchanged").asInt())
			.isEqualTo(accepted);
		URI location = URI.create(first.header("Location").orElseThrow());
		assertThat(location.getPath()).isEqualTo(UnitPaths.INGESTIONS + "/" + ingestion.path("id").asLong());

		Reply details = client.send(Call.get(location.getRawPath()).header("Authorization", basic("bob")));
		assertThat(details.status()).as("%s", details).isEqualTo(200);
		assertThat(details.json().path("rejectionsTotal").asInt()).isEqualTo(rejected);
		assertThat(details.json().path("rejections")).hasSize(Math.min(rejected, 100)).allSatisfy((rejection) -> {
			assertThat(rejection.path("lineNumber").asInt()).isGreaterThan(1);
			assertThat(rejection.path("reason").asString()).isNotBlank();
		});

		Reply second = client.send(ingest("partner-1", "2026-11-20"));

		assertThat(second.status()).as("%s", second).isEqualTo(201);
		assertThat(second.json().path("inserted").asInt()).isZero();
		assertThat(second.json().path("updated").asInt()).isZero();
		assertThat(second.json().path("unchanged").asInt()).isEqualTo(accepted);
		assertThat(second.json().path("rejected").asInt()).isEqualTo(rejected);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void ingestionOfAnUnknownPartnerShouldAnswer400(Stack stack) {
		Reply reply = this.stacks.client(stack).send(ingest("partner-9", "2026-11-20"));

		assertProblem(reply, ProblemType.INVALID_FIELDS);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void unknownIngestionShouldAnswer404(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(Call.get(UnitPaths.INGESTIONS + "/424242").header("Authorization", basic("bob")));

		assertProblem(reply, ProblemType.NOT_FOUND);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void statsPageShouldRenderForAUserAndAskOthersToAuthenticate(Stack stack) {
		Client client = this.stacks.client(stack);

		Reply page = client.send(Call.get(UnitPaths.STATS).header("Authorization", basic("loadtest")));
		Reply anonymous = client.get(UnitPaths.STATS);

		assertThat(page.status()).as("%s", page).isEqualTo(200);
		assertThat(page.mediaType()).isEqualTo("text/html");
		assertThat(page.body()).contains("id=\"unit-count\"");
		assertProblem(anonymous, ProblemType.UNAUTHORIZED);
	}

	/** The same file gives the same counts in every stack. */
	@Test
	@Execution(ExecutionMode.SAME_THREAD)
	void sameFileShouldGiveTheSameCountsInEveryStack() {
		Map<Stack, String> counts = new EnumMap<>(Stack.class);
		for (Stack stack : Stack.CORE) {
			JsonNode ingestion = this.stacks.client(stack).send(ingest("partner-2", "2026-11-19")).json();
			counts.put(stack,
					ingestion.path("status").asString() + " lines=" + ingestion.path("lines").asInt() + " accepted="
							+ ingestion.path("accepted").asInt() + " inserted=" + ingestion.path("inserted").asInt()
							+ " updated=" + ingestion.path("updated").asInt() + " unchanged="
							+ ingestion.path("unchanged").asInt() + " rejected=" + ingestion.path("rejected").asInt());
		}
		assertThat(counts.get(Stack.MVC_VT)).isEqualTo(counts.get(Stack.MVC));
		assertThat(counts.get(Stack.WEBFLUX)).isEqualTo(counts.get(Stack.MVC));
		assertThat(counts.get(Stack.MVC)).startsWith("SUCCEEDED");
	}

	private static Call ingest(String partner, String day) {
		return Call.post(UnitPaths.INGESTIONS, "{\"partner\":\"" + partner + "\",\"day\":\"" + day + "\"}")
			.header("Authorization", basic("ada"));
	}

	private static String basic(String user) {
		return "Basic "
				+ Base64.getEncoder().encodeToString((user + ":" + user + "-secret").getBytes(StandardCharsets.UTF_8));
	}

}

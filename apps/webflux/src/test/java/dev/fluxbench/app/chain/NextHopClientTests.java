package dev.fluxbench.app.chain;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.app.passthrough.DownstreamProperties;
import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.DegradedReason;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The call to the next hop against a real server, and how each of its failures answers.
 */
class NextHopClientTests {

	// Longer than the guards' timeout, as the application checks, and short enough for a
	// quick test.
	private static final Duration HOP_TIMEOUT = Duration.ofSeconds(2);

	private static final ChainRequest INNER = new ChainRequest("c-1", 2, 25, 4);

	private static final String INNER_ANSWER = """
			{"id": "c-1", "depth": 2, "hops": 2, "stack": "webflux", "bytes": 4, "payload": null,
			 "degraded": true, "reason": "timeout", "downstreamStatus": null}""";

	private StubServer nextHop;

	private final PooledClients clients = new PooledClients(WebClient.builder());

	@BeforeEach
	void startNextHop() throws IOException {
		this.nextHop = StubServer.start().answer(200, "application/json", INNER_ANSWER);
	}

	@AfterEach
	void stop() {
		this.clients.destroy();
		this.nextHop.close();
	}

	@Test
	void callShouldAskTheNextHopForTheInnerChainWithTheFaultHeaders() {
		HttpHeaders incoming = new HttpHeaders();
		incoming.add(FaultHeaders.STATUS, "503");
		incoming.add(HttpHeaders.AUTHORIZATION, "Bearer secret");

		ChainDto answer = client(this.nextHop.uri()).call(INNER, incoming).block(Duration.ofSeconds(30));

		assertThat(answer).isEqualTo(new ChainDto("c-1", 2, 2, "webflux", 4, null, true, DegradedReason.TIMEOUT, null));
		StubServer.Request request = this.nextHop.received().getFirst();
		assertThat(request.path()).isEqualTo("/chain/c-1");
		assertThat(request.query()).isEqualTo("depth=2&delay=25&bytes=4");
		assertThat(request.headers().getFirst(HttpHeaders.ACCEPT)).isEqualTo("application/json");
		assertThat(request.headers().getFirst(FaultHeaders.STATUS)).isEqualTo("503");
		assertThat(request.headers().containsKey(HttpHeaders.AUTHORIZATION)).isFalse();
	}

	@Test
	void callWhenTheNextHopAnswers502ShouldFailWith502() {
		this.nextHop.answer(502, "application/problem+json", "{}");

		assertThat(callAndFail(client(this.nextHop.uri())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The next hop answered 502."));
	}

	@Test
	void callWhenTheNextHopAnswersSomethingElseShouldFailWith502() {
		this.nextHop.answer(200, "application/json", "[1, 2]");

		assertThat(callAndFail(client(this.nextHop.uri())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The next hop's answer is not a chain answer."));
	}

	@Test
	void callWhenTheNextHopIsSlowerThanTheHopTimeoutShouldFailWith504() {
		this.nextHop.stall(Duration.ofSeconds(30));

		assertThat(callAndFail(client(this.nextHop.uri())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_TIMEOUT, "The next hop did not answer within 2000 ms."));
	}

	@Test
	void callWhenNothingListensShouldFailWith502() throws IOException {
		assertThat(callAndFail(client(StubServer.closedPort())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The next hop could not be reached."));
	}

	private static Problem callAndFail(NextHopClient client) {
		return catchThrowableOfType(ChainException.class,
				() -> client.call(INNER, new HttpHeaders()).block(Duration.ofSeconds(30)))
			.problem();
	}

	// Built as the application builds it, on a pool from PooledClients.
	private NextHopClient client(URI nextUrl) {
		ChainProperties properties = new ChainProperties(nextUrl, 16, HOP_TIMEOUT, false,
				new ChainProperties.CallPool(4, 4));
		DownstreamProperties downstream = new DownstreamProperties(
				new PooledClientProperties(URI.create("http://127.0.0.1:9"), Duration.ofSeconds(1),
						Duration.ofSeconds(10), 4, 4, Duration.ofSeconds(1)));
		NextHop nextHop = new NextHop(properties, Duration.ofSeconds(1), new MockEnvironment());
		return new NextHopClient(this.clients, nextHop, properties, downstream);
	}

}

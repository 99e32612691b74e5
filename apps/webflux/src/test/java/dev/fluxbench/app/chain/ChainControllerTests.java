package dev.fluxbench.app.chain;

import dev.fluxbench.app.system.Stack;
import dev.fluxbench.contract.chain.ChainDto;
import dev.fluxbench.contract.chain.DegradedReason;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mockito.ArgumentCaptor;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.assertj.WebTestClientResponse;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

/**
 * The endpoint over mocked guards and hops, with the limits of the app's own
 * application.yaml.
 */
@WebFluxTest(ChainController.class)
@EnableConfigurationProperties(ChainProperties.class)
class ChainControllerTests {

	private static final String PATH = "/chain/c-1";

	private static final ChainRequest REQUEST = new ChainRequest("c-1", 1, 25, 4);

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private GuardedServiceB serviceB;

	@MockitoBean
	private NextHopClient nextHop;

	@Test
	void chainAtDepthOneShouldAnswerServiceBsPayload() {
		given(this.serviceB.answer(eq(REQUEST), any()))
			.willReturn(Mono.just(ChainDto.answered("c-1", "webflux", 4, "xxxx")));

		assertThat(get(PATH + "?depth=1&delay=25&bytes=4")).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo("""
					{"id": "c-1", "depth": 1, "hops": 1, "stack": "webflux", "bytes": 4, "payload": "xxxx",
					 "degraded": false, "reason": null, "downstreamStatus": null}""");
		then(this.nextHop).shouldHaveNoInteractions();
	}

	@Test
	void chainWithoutParametersShouldCallServiceBOnceWithoutDelayOrBytes() {
		given(this.serviceB.answer(eq(new ChainRequest("c-1", 1, 0, 0)), any()))
			.willReturn(Mono.just(ChainDto.answered("c-1", "webflux", 0, "")));

		assertThat(get(PATH)).hasStatusOk().bodyJson().extractingPath("$.payload").isEqualTo("");
	}

	@Test
	void chainDeeperThanOneShouldAskTheNextHopForOneLessAndRelayItsAnswer() {
		ChainDto inner = ChainDto.answered("c-1", "webflux", 4, "xxxx").relayed(2, "webflux");
		given(this.nextHop.call(eq(new ChainRequest("c-1", 2, 25, 4)), any())).willReturn(Mono.just(inner));

		assertThat(get(PATH + "?depth=3&delay=25&bytes=4")).hasStatusOk().bodyJson().isStrictlyEqualTo("""
				{"id": "c-1", "depth": 3, "hops": 3, "stack": "webflux", "bytes": 4, "payload": "xxxx",
				 "degraded": false, "reason": null, "downstreamStatus": null}""");
		then(this.serviceB).shouldHaveNoInteractions();
	}

	@Test
	void chainWhenTheInnerChainIsDegradedShouldStayDegraded() {
		ChainDto inner = ChainDto.degraded("c-1", "webflux", 4, DegradedReason.DOWNSTREAM_ERROR, 503);
		given(this.nextHop.call(eq(new ChainRequest("c-1", 1, 25, 4)), any())).willReturn(Mono.just(inner));

		assertThat(get(PATH + "?depth=2&delay=25&bytes=4")).hasStatusOk().bodyJson().isStrictlyEqualTo("""
				{"id": "c-1", "depth": 2, "hops": 2, "stack": "webflux", "bytes": 4, "payload": null,
				 "degraded": true, "reason": "downstream-error", "downstreamStatus": 503}""");
	}

	@Test
	void chainShouldHandTheFaultHeadersOn() {
		given(this.serviceB.answer(eq(REQUEST), any()))
			.willReturn(Mono.just(ChainDto.answered("c-1", "webflux", 4, "xxxx")));

		assertThat(WebTestClientResponse.from(this.client.get()
			.uri(PATH + "?delay=25&bytes=4")
			.header(FaultHeaders.STATUS, "503")
			.header(FaultHeaders.STALL, "250")
			.exchange())).hasStatusOk();

		ArgumentCaptor<HttpHeaders> headers = ArgumentCaptor.forClass(HttpHeaders.class);
		then(this.serviceB).should().answer(eq(REQUEST), headers.capture());
		assertThat(headers.getValue().get(FaultHeaders.STATUS)).containsExactly("503");
		assertThat(headers.getValue().get(FaultHeaders.STALL)).containsExactly("250");
	}

	@Test
	void chainWhenServiceBRefusesTheRequestShouldAnswer502() {
		given(this.serviceB.answer(eq(REQUEST), any())).willReturn(Mono.error(ChainException.rejectedByServiceB(400)));

		assertThat(get(PATH + "?delay=25&bytes=4")).hasStatus(HttpStatus.BAD_GATEWAY)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DOWNSTREAM_FAILED, PATH, "The downstream answered 400."));
	}

	@Test
	void chainWhenTheNextHopFailsShouldAnswer502() {
		given(this.nextHop.call(any(), any())).willReturn(Mono.error(ChainException.hopAnswered(503)));

		assertThat(get(PATH + "?depth=2")).hasStatus(HttpStatus.BAD_GATEWAY)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DOWNSTREAM_FAILED, PATH, "The next hop answered 503."));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
			depth=0        | depth | '0' (must be greater than or equal to 1)
			depth=17       | depth | '17' (must be less than or equal to 16)
			depth=abc      | depth | 'abc'
			delay=-1       | delay | '-1' (must be greater than or equal to 0)
			delay=60001    | delay | '60001' (must be less than or equal to 60000)
			bytes=-1       | bytes | '-1' (must be greater than or equal to 0)
			bytes=16777217 | bytes | '16777217' (must be less than or equal to 16777216)
			""")
	void chainWithABadParameterShouldAnswer400WithoutCallingAnything(String query, String name, String value) {
		assertThat(get(PATH + "?" + query)).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_PARAMETER, PATH,
					"Parameter '" + name + "' has an invalid value: " + value + "."));
		then(this.serviceB).shouldHaveNoInteractions();
		then(this.nextHop).shouldHaveNoInteractions();
	}

	@Test
	void chainWithAnIdLongerThanTheContractAllowsShouldAnswer400() {
		String path = "/chain/" + "i".repeat(65);

		assertThat(get(path)).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_PARAMETER, path,
					"Parameter 'id' has an invalid value: '" + "i".repeat(65) + "' (size must be between 0 and 64)."));
		then(this.serviceB).shouldHaveNoInteractions();
	}

	private WebTestClientResponse get(String uri) {
		return WebTestClientResponse.from(this.client.get().uri(uri).exchange());
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class StackName {

		@Bean
		Stack stack() {
			return new Stack("webflux");
		}

	}

}

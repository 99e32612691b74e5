package dev.fluxbench.app.passthrough;

import java.time.Duration;

import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
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

@WebFluxTest(PassthroughController.class)
class PassthroughControllerTests {

	private static final String PATH = "/passthrough/message";

	private static final Message MESSAGE = new Message("m-1", "hello", 0L);

	private static final String MESSAGE_JSON = """
			{"id": "m-1", "payload": "hello", "delay": 0}""";

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private DownstreamClient downstream;

	@Test
	void passthroughShouldAnswerTheDownstreamAcknowledgement() {
		given(this.downstream.send(eq(MESSAGE), any())).willReturn(Mono.just(MessageAck.of(MESSAGE)));
		assertThat(passthrough(MESSAGE_JSON)).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo("""
					{"id": "m-1", "received": "hello", "ack": true}""");
	}

	@Test
	void passthroughShouldHandTheRequestHeadersToTheClient() {
		given(this.downstream.send(eq(MESSAGE), any())).willReturn(Mono.just(MessageAck.of(MESSAGE)));
		HttpHeaders faults = new HttpHeaders();
		faults.add(FaultHeaders.STATUS, "503");
		faults.add(FaultHeaders.STALL, "250");
		assertThat(passthrough(MESSAGE_JSON, faults)).hasStatusOk();
		HttpHeaders forwarded = forwardedHeaders();
		assertThat(forwarded.get(FaultHeaders.STATUS)).containsExactly("503");
		assertThat(forwarded.get(FaultHeaders.STALL)).containsExactly("250");
	}

	@Test
	void passthroughWhenDownstreamAnswersAnErrorShouldAnswer502() {
		given(this.downstream.send(eq(MESSAGE), any())).willReturn(Mono.error(DownstreamException.answered(503)));
		assertThat(passthrough(MESSAGE_JSON)).hasStatus(HttpStatus.BAD_GATEWAY)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DOWNSTREAM_FAILED, PATH, "The downstream answered 503."));
	}

	@Test
	void passthroughWhenDownstreamIsUnreachableShouldAnswer502() {
		given(this.downstream.send(eq(MESSAGE), any())).willReturn(Mono.error(DownstreamException.unreachable(null)));
		assertThat(passthrough(MESSAGE_JSON)).hasStatus(HttpStatus.BAD_GATEWAY)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DOWNSTREAM_FAILED, PATH, "The downstream could not be reached."));
	}

	@Test
	void passthroughWhenClientIsSaturatedShouldAnswer503WithRetryAfter() {
		given(this.downstream.send(eq(MESSAGE), any())).willReturn(Mono.error(DownstreamException.saturated(null)));
		assertThat(passthrough(MESSAGE_JSON)).hasStatus(HttpStatus.SERVICE_UNAVAILABLE)
			.hasHeader(HttpHeaders.RETRY_AFTER, "1")
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.DOWNSTREAM_SATURATED, PATH,
					"Too many requests are waiting for a connection to the downstream."));
	}

	@Test
	void passthroughWhenDownstreamTimesOutShouldAnswer504() {
		given(this.downstream.send(eq(MESSAGE), any()))
			.willReturn(Mono.error(DownstreamException.timedOut(Duration.ofSeconds(2), null)));
		assertThat(passthrough(MESSAGE_JSON)).hasStatus(HttpStatus.GATEWAY_TIMEOUT)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					problem(ProblemType.DOWNSTREAM_TIMEOUT, PATH, "The downstream did not answer within 2000 ms."));
	}

	@Test
	void passthroughWhenMessageIsInvalidShouldNameTheFieldsWithoutCallingTheDownstream() {
		assertThat(passthrough("""
				{"payload": "hello", "delay": -1}""")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, PATH, "2 fields are invalid.",
					new InvalidField("delay", "must be greater than or equal to 0"),
					new InvalidField("id", "must not be blank")));
		then(this.downstream).shouldHaveNoInteractions();
	}

	@Test
	void passthroughWhenDelayIsAboveTheMaximumShouldNameTheField() {
		assertThat(passthrough("""
				{"id": "m-1", "payload": "hello", "delay": 60001}""")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, PATH, "1 field is invalid.",
					new InvalidField("delay", "must be less than or equal to 60000")));
	}

	private WebTestClientResponse passthrough(String message) {
		return passthrough(message, new HttpHeaders());
	}

	private WebTestClientResponse passthrough(String message, HttpHeaders headers) {
		return WebTestClientResponse.from(this.client.post()
			.uri(PATH)
			.contentType(MediaType.APPLICATION_JSON)
			.headers((request) -> request.addAll(headers))
			.bodyValue(message)
			.exchange());
	}

	private HttpHeaders forwardedHeaders() {
		ArgumentCaptor<HttpHeaders> headers = ArgumentCaptor.forClass(HttpHeaders.class);
		then(this.downstream).should().send(eq(MESSAGE), headers.capture());
		return headers.getValue();
	}

}

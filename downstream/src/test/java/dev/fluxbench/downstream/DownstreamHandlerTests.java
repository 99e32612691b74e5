package dev.fluxbench.downstream;

import java.time.Duration;
import java.util.Map;
import java.util.stream.IntStream;

import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.passthrough.MessageAck;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two resources and their fault knobs, through the real router on a mock server.
 * Timings are checked from below only: the wait must not be skipped, and how much longer
 * it took is the machine's business.
 */
@WebFluxTest
@Import({ DownstreamRoutes.class, DownstreamHandler.class, PartnerFileHandler.class, SoapUnitHandler.class,
		FaultSchedules.class, FaultScheduleHandler.class, Waits.class })
@EnableConfigurationProperties(DownstreamServerProperties.class)
class DownstreamHandlerTests {

	private static final int SIXTEEN_MIB = 16 * 1024 * 1024;

	@Autowired
	private WebTestClient client;

	@Test
	void messageShouldBeAcknowledgedAfterItsDelay() {
		long start = System.nanoTime();
		MessageAck ack = postMessage("""
				{"id": "m-1", "payload": "hello", "delay": 200}""", Map.of()).expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(MessageAck.class)
			.returnResult()
			.getResponseBody();
		assertThat(elapsedSince(start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
		assertThat(ack).isEqualTo(new MessageAck("m-1", "hello", true));
	}

	@Test
	void delayShouldAnswerAfterTheRequestedTime() {
		long start = System.nanoTime();
		this.client.get().uri("/delay/300").exchange().expectStatus().isOk();
		assertThat(elapsedSince(start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
	}

	@Test
	void delayWhenNoBytesAreAskedShouldAnswerWithAnEmptyBody() {
		this.client.get()
			.uri("/delay/0")
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_OCTET_STREAM)
			.expectHeader()
			.contentLength(0)
			.expectBody()
			.isEmpty();
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 100_000, SIXTEEN_MIB })
	void delayShouldAnswerWithExactlyTheRequestedBytes(int bytes) {
		Long received = this.client.get()
			.uri("/delay/0?bytes={bytes}", bytes)
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_OCTET_STREAM)
			.expectHeader()
			.contentLength(bytes)
			.returnResult(DataBuffer.class)
			.getResponseBody()
			// Counted as it streams: a 16 MiB body is over the codecs' in-memory limit.
			.map((buffer) -> {
				long count = buffer.readableByteCount();
				DataBufferUtils.release(buffer);
				return count;
			})
			.reduce(0L, Long::sum)
			.block(Duration.ofSeconds(10));
		assertThat(received).isEqualTo(bytes);
	}

	@Test
	void delayWhenMoreBytesThanTheMaximumAreAskedShouldBeRefused() {
		ProblemBody problem = expectProblem(this.client.get().uri("/delay/0?bytes={bytes}", SIXTEEN_MIB + 1).exchange(),
				ProblemType.INVALID_PARAMETER);
		assertThat(problem.detail()).contains("'bytes'").contains(String.valueOf(SIXTEEN_MIB + 1));
	}

	@ParameterizedTest
	@ValueSource(strings = { "-1", "600001", "soon", "1.5" })
	void delayWhenOutOfRangeShouldBeRefused(String ms) {
		ProblemBody problem = expectProblem(this.client.get().uri("/delay/{ms}", ms).exchange(),
				ProblemType.INVALID_PARAMETER);
		assertThat(problem.detail()).contains("'ms'").contains("'" + ms + "'");
		assertThat(problem.instance()).isEqualTo("/delay/" + ms);
	}

	@Test
	void messageWhenJsonIsMalformedShouldBeRefused() {
		ProblemBody problem = expectProblem(postMessage("{\"id\": \"m-1\", ", Map.of()), ProblemType.MALFORMED_BODY);
		assertThat(problem.detail()).isEqualTo("The request body is not valid JSON.");
		assertThat(problem.errors()).isNull();
	}

	@Test
	void messageWhenBodyIsMissingShouldBeRefused() {
		ProblemBody problem = expectProblem(postMessage("", Map.of()), ProblemType.MALFORMED_BODY);
		assertThat(problem.detail()).isEqualTo("The request body is missing.");
	}

	@Test
	void messageWhenAFieldIsUnknownShouldBeRefused() {
		ProblemBody problem = expectProblem(postMessage("""
				{"id": "m-1", "payload": "p", "delay": 0, "priority": 1}""", Map.of()), ProblemType.INVALID_FIELDS);
		assertThat(problem.errors()).containsExactly(new InvalidField("priority", "is not a known field"));
	}

	@Test
	void messageWhenAFieldHasTheWrongTypeShouldNameIt() {
		ProblemBody problem = expectProblem(postMessage("""
				{"id": "m-1", "payload": "p", "delay": "soon"}""", Map.of()), ProblemType.INVALID_FIELDS);
		assertThat(problem.errors()).containsExactly(new InvalidField("delay", "must be a number"));
	}

	@Test
	void messageWhenInvalidShouldNameEachInvalidField() {
		ProblemBody problem = expectProblem(postMessage("""
				{"id": " ", "payload": null, "delay": 60001}""", Map.of()), ProblemType.INVALID_FIELDS);
		assertThat(problem.detail()).isEqualTo("3 fields are invalid.");
		assertThat(problem.errors()).extracting(InvalidField::field).containsExactly("delay", "id", "payload");
	}

	@Test
	void messageWhenItsContentTypeIsAnotherShouldBeRefused() {
		ProblemBody problem = expectProblem(
				this.client.post().uri("/messages").contentType(MediaType.TEXT_PLAIN).bodyValue("hello").exchange(),
				ProblemType.UNSUPPORTED_MEDIA_TYPE);
		assertThat(problem.detail()).contains("text/plain");
	}

	@Test
	void faultStatusShouldAnswerWithThatStatusOnBothResources() {
		ProblemBody onMessage = expectInjected(postMessage("""
				{"id": "m-1", "payload": "p", "delay": 0}""", Map.of(FaultHeaders.STATUS, "503")), 503);
		ProblemBody onDelay = expectInjected(
				this.client.get().uri("/delay/0").header(FaultHeaders.STATUS, "429").exchange(), 429);
		assertThat(onMessage.title()).isEqualTo("Service Unavailable");
		assertThat(onMessage.detail()).contains(FaultHeaders.STATUS);
		assertThat(onDelay.title()).isEqualTo("Too Many Requests");
	}

	@Test
	void faultStatusShouldBeAnsweredAfterTheDelay() {
		long start = System.nanoTime();
		this.client.get().uri("/delay/200").header(FaultHeaders.STATUS, "502").exchange().expectStatus().isEqualTo(502);
		assertThat(elapsedSince(start)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
	}

	@Test
	void faultRateWhenOneShouldFailEveryRequestWith500() {
		IntStream.range(0, 20)
			.forEach((i) -> expectInjected(
					this.client.get().uri("/delay/0").header(FaultHeaders.RATE, "1.0").exchange(), 500));
	}

	@Test
	void faultRateWhenOneWithAStatusShouldFailEveryRequestWithThatStatus() {
		IntStream.range(0, 20)
			.forEach((i) -> expectInjected(postMessage("""
					{"id": "m-1", "payload": "p", "delay": 0}""",
					Map.of(FaultHeaders.RATE, "1.0", FaultHeaders.STATUS, "503")), 503));
	}

	@Test
	void faultRateWhenZeroShouldFailNoRequestEvenWithAFaultStatus() {
		IntStream.range(0, 20)
			.forEach((i) -> this.client.get()
				.uri("/delay/0")
				.header(FaultHeaders.RATE, "0.0")
				.header(FaultHeaders.STATUS, "503")
				.exchange()
				.expectStatus()
				.isOk());
	}

	@Test
	void faultStallShouldReplaceTheMessagesDelay() {
		long start = System.nanoTime();
		MessageAck ack = postMessage("""
				{"id": "m-1", "payload": "p", "delay": 0}""", Map.of(FaultHeaders.STALL, "300")).expectStatus()
			.isOk()
			.expectBody(MessageAck.class)
			.returnResult()
			.getResponseBody();
		assertThat(elapsedSince(start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		assertThat(ack).isEqualTo(new MessageAck("m-1", "p", true));
	}

	@ParameterizedTest
	@CsvSource({ "X-Fault-Status, 200", "X-Fault-Status, 600", "X-Fault-Status, boom", "X-Fault-Rate, 1.5",
			"X-Fault-Rate, -0.1", "X-Fault-Rate, NaN", "X-Fault-Rate, half", "X-Fault-Stall, -1",
			"X-Fault-Stall, 600001", "X-Fault-Stall, 1s" })
	void faultKnobWhenBadShouldBeRefusedOnBothResources(String header, String value) {
		ProblemBody onDelay = expectProblem(this.client.get().uri("/delay/0").header(header, value).exchange(),
				ProblemType.INVALID_PARAMETER);
		ProblemBody onMessage = expectProblem(postMessage("""
				{"id": "m-1", "payload": "p", "delay": 0}""", Map.of(header, value)), ProblemType.INVALID_PARAMETER);
		assertThat(onDelay.detail()).contains("'" + header + "'").contains("'" + value + "'");
		assertThat(onMessage.detail()).isEqualTo(onDelay.detail());
	}

	@Test
	void unknownPathShouldAnswerNotFoundProblem() {
		ProblemBody problem = expectProblem(this.client.get().uri("/nowhere").exchange(), ProblemType.NOT_FOUND);
		assertThat(problem.detail()).isEqualTo("There is no resource at /nowhere.");
		assertThat(problem.instance()).isEqualTo("/nowhere");
	}

	@Test
	void unknownPathWithAnyMethodShouldAnswerNotFoundProblem() {
		expectProblem(this.client.post().uri("/delay").exchange(), ProblemType.NOT_FOUND);
	}

	@ParameterizedTest
	@CsvSource({ "DELETE, /messages, POST", "POST, /delay/10, GET", "PATCH, /faults/schedule, 'DELETE, GET, PUT'",
			"GET, /soap/units, POST", "PUT, /partners/partner-1/deltas, GET" })
	void knownPathWithAnotherMethodShouldAnswerMethodNotAllowedProblemWithAllow(String method, String path,
			String allowed) {
		WebTestClient.ResponseSpec response = this.client.method(HttpMethod.valueOf(method)).uri(path).exchange();

		response.expectHeader().valueEquals(HttpHeaders.ALLOW, allowed);
		ProblemBody problem = expectProblem(response, ProblemType.METHOD_NOT_ALLOWED);
		assertThat(problem.detail()).isEqualTo("Method " + method + " is not allowed here; use " + allowed + ".");
		assertThat(problem.instance()).isEqualTo(path);
	}

	private WebTestClient.ResponseSpec postMessage(String json, Map<String, String> headers) {
		return this.client.post()
			.uri("/messages")
			.contentType(MediaType.APPLICATION_JSON)
			.headers((h) -> headers.forEach(h::add))
			.bodyValue(json)
			.exchange();
	}

	private static ProblemBody expectProblem(WebTestClient.ResponseSpec response, ProblemType type) {
		ProblemBody problem = readProblem(response, type.status());
		assertThat(problem.type()).isEqualTo(type.type().toString());
		assertThat(problem.title()).isEqualTo(type.title());
		return problem;
	}

	private static ProblemBody expectInjected(WebTestClient.ResponseSpec response, int status) {
		ProblemBody problem = readProblem(response, status);
		// Spring leaves out the default type, which RFC 9457 reads as about:blank.
		assertThat(problem.type()).isNull();
		assertThat(problem.title()).isEqualTo(HttpStatus.valueOf(status).getReasonPhrase());
		return problem;
	}

	private static ProblemBody readProblem(WebTestClient.ResponseSpec response, int status) {
		ProblemBody problem = response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody(ProblemBody.class)
			.returnResult()
			.getResponseBody();
		assertThat(problem).isNotNull();
		assertThat(problem.status()).isEqualTo(status);
		return problem;
	}

	private static Duration elapsedSince(long startNanos) {
		return Duration.ofNanos(System.nanoTime() - startNanos);
	}

}

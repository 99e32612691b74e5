package dev.fluxbench.downstream;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.stream.IntStream;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.contract.fault.FaultScheduleStatus;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /faults/schedule} through the real router, on a clock the tests move: phases
 * advance without waiting for them. Only a stall is waited for, and checked from below.
 */
@WebFluxTest(properties = { "fluxbench.downstream-server.fault-schedule.max-phases=4",
		"fluxbench.downstream-server.fault-schedule.max-length=1h" })
@Import({ DownstreamRoutes.class, DownstreamHandler.class, PartnerFileHandler.class, SoapUnitHandler.class,
		FaultSchedules.class, FaultScheduleHandler.class, Waits.class, FaultScheduleHandlerTests.Clocks.class })
@EnableConfigurationProperties(DownstreamServerProperties.class)
class FaultScheduleHandlerTests {

	private static final Instant START = Instant.parse("2026-11-23T10:00:00Z");

	/** The profile, with a stall short enough to wait for. */
	private static final String PROFILE = """
			{"phases": [
			  {"hold": "PT60S"},
			  {"hold": "PT30S", "status": 503, "rate": 1.0},
			  {"hold": "PT20S", "stall": "PT0.3S"},
			  {"hold": "PT60S"}]}""";

	private static final String MESSAGE = """
			{"id": "m-1", "payload": "p", "delay": 0}""";

	@Autowired
	private WebTestClient client;

	@Autowired
	private MovableClock clock;

	@AfterEach
	void clear() {
		this.client.delete().uri(FaultSchedule.PATH).exchange();
	}

	@Test
	void scheduleWhenSetShouldStartAtOnceInItsFirstPhase() {
		FaultScheduleStatus set = put(PROFILE).expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(FaultScheduleStatus.class)
			.returnResult()
			.getResponseBody();
		assertThat(set).isNotNull();
		assertThat(set.started()).isEqualTo(this.clock.instant());
		assertThat(set.repeat()).isFalse();
		assertThat(set.phases()).hasSize(4);
		assertThat(set.phases().get(1)).isEqualTo(new FaultPhase(Duration.ofSeconds(30), 503, 1.0, null));
		assertThat(set.current()).isEqualTo(new FaultScheduleStatus.Current(1,
				FaultPhase.healthy(Duration.ofSeconds(60)), set.started(), set.started().plusSeconds(60)));
		assertThat(status()).isEqualTo(set);
	}

	@Test
	void durationsAndInstantsShouldBeWrittenAsIsoText() {
		// The clock is shared by every test in the class and only moves forward, so the
		// start is read, not assumed.
		Instant started = this.clock.instant();
		put(PROFILE).expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.phases[1].hold")
			.isEqualTo("PT30S")
			.jsonPath("$.phases[2].stall")
			.isEqualTo("PT0.3S")
			.jsonPath("$.started")
			.isEqualTo(started.toString())
			.jsonPath("$.current.until")
			.isEqualTo(started.plusSeconds(60).toString());
	}

	@Test
	void phasesShouldAdvanceWithTheClockOnBothResources() {
		put(PROFILE).expectStatus().isOk();
		Instant started = this.clock.instant();
		this.client.get().uri("/delay/0").exchange().expectStatus().isOk();
		postMessage(Map.of()).expectStatus().isOk();

		this.clock.advance(Duration.ofSeconds(60));
		assertThat(status().current().phase()).isEqualTo(2);
		ProblemBody onDelay = problem(this.client.get().uri("/delay/0").exchange(), 503);
		problem(postMessage(Map.of()), 503);
		assertThat(onDelay.detail()).isEqualTo("Failure injected by phase 2 of the fault schedule.");

		this.clock.advance(Duration.ofSeconds(30));
		long start = System.nanoTime();
		this.client.get().uri("/delay/0").exchange().expectStatus().isOk();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		assertThat(status().current().since()).isEqualTo(started.plusSeconds(90));

		this.clock.advance(Duration.ofSeconds(80));
		FaultScheduleStatus over = status();
		assertThat(over.current()).isNull();
		assertThat(over.started()).isEqualTo(started);
		problemFree(this.client.get().uri("/delay/0").exchange());
	}

	@Test
	void requestWhenItHasItsOwnFaultHeadersShouldWinOverThePhase() {
		put(PROFILE).expectStatus().isOk();
		this.clock.advance(Duration.ofSeconds(70));
		IntStream.range(0, 10)
			.forEach((i) -> this.client.get()
				.uri("/delay/0")
				.header(FaultHeaders.RATE, "0.0")
				.exchange()
				.expectStatus()
				.isOk());
		ProblemBody problem = problem(postMessage(Map.of(FaultHeaders.STATUS, "429")), 429);
		assertThat(problem.detail()).contains(FaultHeaders.STATUS);
	}

	@Test
	void phaseWhenItHasARateWithoutStatusShouldFailWith500() {
		put("""
				{"phases": [{"hold": "PT10S", "rate": 1.0}]}""").expectStatus().isOk();
		IntStream.range(0, 10).forEach((i) -> problem(this.client.get().uri("/delay/0").exchange(), 500));
	}

	@Test
	void scheduleWhenRepeatedShouldStartOverAfterItsLastPhase() {
		put("""
				{"phases": [{"hold": "PT10S"}, {"hold": "PT5S", "status": 502}], "repeat": true}""").expectStatus()
			.isOk();
		this.clock.advance(Duration.ofSeconds(15 * 3 + 11));
		assertThat(status().current().phase()).isEqualTo(2);
		problem(this.client.get().uri("/delay/0").exchange(), 502);
		this.clock.advance(Duration.ofSeconds(4));
		assertThat(status().current().phase()).isEqualTo(1);
	}

	@Test
	void scheduleWhenNewShouldReplaceTheOldOneFromNow() {
		put(PROFILE).expectStatus().isOk();
		this.clock.advance(Duration.ofSeconds(65));
		put("""
				{"phases": [{"hold": "PT1S"}]}""").expectStatus().isOk();
		FaultScheduleStatus replaced = status();
		assertThat(replaced.started()).isEqualTo(this.clock.instant());
		assertThat(replaced.phases()).containsExactly(FaultPhase.healthy(Duration.ofSeconds(1)));
		problemFree(this.client.get().uri("/delay/0").exchange());
	}

	@Test
	void deleteShouldMakeTheDownstreamHealthyAgain() {
		put(PROFILE).expectStatus().isOk();
		this.clock.advance(Duration.ofSeconds(61));
		this.client.delete().uri(FaultSchedule.PATH).exchange().expectStatus().isNoContent().expectBody().isEmpty();
		assertThat(status()).isEqualTo(FaultScheduleStatus.none());
		problemFree(this.client.get().uri("/delay/0").exchange());
		this.client.delete().uri(FaultSchedule.PATH).exchange().expectStatus().isNoContent();
	}

	@Test
	void getWhenNoScheduleIsSetShouldSayNone() {
		assertThat(status()).isEqualTo(FaultScheduleStatus.none());
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|',
			textBlock = """
					{"phases": []}                                              | phases         | must not be empty
					{}                                                          | phases         | must not be empty
					{"phases": [{"status": 503}]}                               | phases[0].hold | must not be null
					{"phases": [null]}                                          | phases[0]      | must not be null
					{"phases": [{"hold": "PT0S"}]}                              | phases[0].hold | must be longer than 0s
					{"phases": [{"hold": "PT1S", "status": 200}]}               | phases[0].status | must be greater than or equal to 400
					{"phases": [{"hold": "PT1S", "status": 600}]}               | phases[0].status | must be less than or equal to 599
					{"phases": [{"hold": "PT1S", "rate": 1.5}]}                 | phases[0].rate | must be less than or equal to 1.0
					{"phases": [{"hold": "PT1S", "stall": "PT11M"}]}            | phases[0].stall | must be at most PT10M (fluxbench.downstream-server.max-wait)
					{"phases": [{"hold": "PT1S", "stall": "PT-1S"}]}            | phases[0].stall | must not be negative
					{"phases": [{"hold": "PT2H"}]}                              | phases[0].hold | must be at most PT1H (fluxbench.downstream-server.fault-schedule.max-length)
					{"phases": [{"hold": "PT40M"}, {"hold": "PT40M"}]}          | phases         | must last at most PT1H in all, not PT1H20M (fluxbench.downstream-server.fault-schedule.max-length)
					{"phases": [{"hold": "PT1S"}, {"hold": "PT1S"}, {"hold": "PT1S"}, {"hold": "PT1S"}, {"hold": "PT1S"}]} | phases | must hold at most 4 phases (fluxbench.downstream-server.fault-schedule.max-phases)
					{"phases": [{"hold": "PT1S", "status": "soon"}]}            | phases[0].status | must be a number
					{"phases": [{"hold": "PT1S", "stauts": 503}]}               | phases[0].stauts | is not a known field
					""")
	void scheduleWhenBadShouldBeRefusedNamingTheField(String body, String field, String reason) {
		ProblemBody problem = expectProblem(put(body), ProblemType.INVALID_FIELDS);
		assertThat(problem.errors()).containsExactly(new InvalidField(field, reason));
		assertThat(status()).isEqualTo(FaultScheduleStatus.none());
	}

	@Test
	void scheduleWhenInvalidShouldNameEveryInvalidFieldAtOnce() {
		ProblemBody problem = expectProblem(put("""
				{"phases": [{"hold": "PT0S", "status": 200}, {"hold": "PT1S", "stall": "PT11M"}]}"""),
				ProblemType.INVALID_FIELDS);
		assertThat(problem.errors()).extracting(InvalidField::field)
			.containsExactly("phases[0].hold", "phases[0].status", "phases[1].stall");
	}

	@Test
	void scheduleWhenTheBodyIsNotJsonOrMissingShouldBeRefused() {
		expectProblem(put("{\"phases\": ["), ProblemType.MALFORMED_BODY);
		expectProblem(this.client.put().uri(FaultSchedule.PATH).contentType(MediaType.APPLICATION_JSON).exchange(),
				ProblemType.MALFORMED_BODY);
		expectProblem(
				this.client.put().uri(FaultSchedule.PATH).contentType(MediaType.TEXT_PLAIN).bodyValue("x").exchange(),
				ProblemType.UNSUPPORTED_MEDIA_TYPE);
	}

	private WebTestClient.ResponseSpec put(String json) {
		return this.client.put()
			.uri(FaultSchedule.PATH)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue(json)
			.exchange();
	}

	private FaultScheduleStatus status() {
		return this.client.get()
			.uri(FaultSchedule.PATH)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(FaultScheduleStatus.class)
			.returnResult()
			.getResponseBody();
	}

	private WebTestClient.ResponseSpec postMessage(Map<String, String> headers) {
		return this.client.post()
			.uri("/messages")
			.contentType(MediaType.APPLICATION_JSON)
			.headers((h) -> headers.forEach(h::add))
			.bodyValue(MESSAGE)
			.exchange();
	}

	private static void problemFree(WebTestClient.ResponseSpec response) {
		response.expectStatus().isOk();
	}

	private static ProblemBody problem(WebTestClient.ResponseSpec response, int status) {
		ProblemBody problem = response.expectStatus()
			.isEqualTo(status)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody(ProblemBody.class)
			.returnResult()
			.getResponseBody();
		assertThat(problem).isNotNull();
		return problem;
	}

	private static ProblemBody expectProblem(WebTestClient.ResponseSpec response, ProblemType type) {
		ProblemBody problem = problem(response, type.status());
		assertThat(problem.type()).isEqualTo(type.type().toString());
		assertThat(problem.instance()).isEqualTo(FaultSchedule.PATH);
		return problem;
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Clocks {

		@Bean
		MovableClock clock() {
			return new MovableClock(START);
		}

	}

}

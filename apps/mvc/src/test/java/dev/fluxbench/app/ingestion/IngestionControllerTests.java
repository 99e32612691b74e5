package dev.fluxbench.app.ingestion;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.IngestionDetails;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionStatus;
import dev.fluxbench.contract.unit.RejectionDto;
import dev.fluxbench.contract.unit.UnitPaths;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

@WebMvcTest(IngestionController.class)
@EnableConfigurationProperties(IngestionProperties.class)
class IngestionControllerTests {

	private static final IngestionDto SUCCEEDED = new IngestionDto(7, "partner-1", LocalDate.parse("2026-11-20"),
			"http://127.0.0.1:8090/partners/partner-1/deltas/2026-11-20.jsonl", Instant.parse("2026-11-21T02:00:00Z"),
			Instant.parse("2026-11-21T02:00:03.5Z"), IngestionStatus.SUCCEEDED, 100, 98, 40, 50, 8, 2, null);

	private static final String SUCCEEDED_JSON = """
			{"id": 7, "partner": "partner-1", "day": "2026-11-20",
			 "fileUrl": "http://127.0.0.1:8090/partners/partner-1/deltas/2026-11-20.jsonl",
			 "startedAt": "2026-11-21T02:00:00Z", "finishedAt": "2026-11-21T02:00:03.500Z", "status": "SUCCEEDED",
			 "lines": 100, "accepted": 98, "inserted": 40, "updated": 50, "unchanged": 8, "rejected": 2, "failure": null}""";

	@Autowired
	private MockMvcTester mvc;

	@MockitoBean
	private IngestionService ingestions;

	@Test
	void ingestShouldAnswer201WithLocationAndTheRecord() {
		given(this.ingestions.ingest("partner-1", LocalDate.parse("2026-11-20"))).willReturn(SUCCEEDED);
		// Absolute, as on a real server: a mock WebFlux request without a host would get
		// a relative Location.
		assertThat(this.mvc.post()
			.uri("http://localhost" + UnitPaths.INGESTIONS)
			.contentType(MediaType.APPLICATION_JSON)
			.content("{\"partner\": \"partner-1\", \"day\": \"2026-11-20\"}")).hasStatus(HttpStatus.CREATED)
			.hasHeader(HttpHeaders.LOCATION, "http://localhost" + UnitPaths.INGESTIONS + "/7")
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo(SUCCEEDED_JSON);
	}

	@Test
	void ingestWhenPartnerIsUnknownShouldAnswer400() {
		assertThat(ingest("{\"partner\": \"partner-9\", \"day\": \"2026-11-20\"}")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					problem(ProblemType.INVALID_FIELDS, UnitPaths.INGESTIONS, "1 field is invalid.", new InvalidField(
							"partner", "must be one of [partner-1, partner-2, partner-3, partner-4, partner-5]")));
		then(this.ingestions).shouldHaveNoInteractions();
	}

	@Test
	void ingestWhenDayIsInTheFutureShouldAnswer400() {
		String tomorrow = IngestionRules.today().plusDays(1).toString();
		assertThat(ingest("{\"partner\": \"partner-1\", \"day\": \"" + tomorrow + "\"}"))
			.hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, UnitPaths.INGESTIONS, "1 field is invalid.",
					new InvalidField("day", "must not be after today (UTC)")));
		then(this.ingestions).shouldHaveNoInteractions();
	}

	@Test
	void ingestWhenDayIsMissingOrNotADateShouldAnswer400() {
		assertThat(ingest("{\"partner\": \"partner-1\"}")).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, UnitPaths.INGESTIONS, "1 field is invalid.",
					new InvalidField("day", "must not be null")));
		assertThat(ingest("{\"partner\": \"partner-1\", \"day\": \"2026-11-31\"}")).hasStatus(HttpStatus.BAD_REQUEST)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, UnitPaths.INGESTIONS, "1 field is invalid.",
					new InvalidField("day", "has the wrong type")));
		then(this.ingestions).shouldHaveNoInteractions();
	}

	@Test
	void listShouldAnswerTheRecentIngestions() {
		given(this.ingestions.recent()).willReturn(List.of(SUCCEEDED));
		assertThat(this.mvc.get().uri(UnitPaths.INGESTIONS)).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo("[" + SUCCEEDED_JSON + "]");
	}

	@Test
	void getShouldAnswerTheIngestionWithItsFirstRejections() {
		given(this.ingestions.details(7)).willReturn(new IngestionDetails(SUCCEEDED, 2,
				List.of(new RejectionDto(3, "blank line"), new RejectionDto(9, "duplicate of line 4 (id 5)"))));
		assertThat(this.mvc.get().uri(UnitPaths.INGESTIONS + "/7")).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo("""
					{"ingestion": %s, "rejectionsTotal": 2, "rejections": [{"lineNumber": 3, "reason": "blank line"},
					 {"lineNumber": 9, "reason": "duplicate of line 4 (id 5)"}]}""".formatted(SUCCEEDED_JSON));
	}

	@Test
	void getWhenIngestionIsUnknownShouldAnswer404() {
		given(this.ingestions.details(99)).willThrow(new IngestionNotFoundException(99));
		assertThat(this.mvc.get().uri(UnitPaths.INGESTIONS + "/99")).hasStatus(HttpStatus.NOT_FOUND)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					problem(ProblemType.NOT_FOUND, UnitPaths.INGESTIONS + "/99", "Ingestion 99 does not exist."));
	}

	private MockMvcRequestBuilder ingest(String body) {
		return this.mvc.post().uri(UnitPaths.INGESTIONS).contentType(MediaType.APPLICATION_JSON).content(body);
	}

}

package dev.fluxbench.app.unit;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitPaths;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.assertj.WebTestClientResponse;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

@WebFluxTest(UnitController.class)
class UnitControllerTests {

	static final UnitDto UNIT_42 = new UnitDto(42, "partner-3", "Unit 000042", "fund", new BigDecimal("1234.5000"),
			"EUR", 7, Instant.parse("2026-03-01T10:15:30Z"));

	static final String UNIT_42_RESPONSE = """
			{"success": true, "unit": {"id": 42, "partner": "partner-3", "name": "Unit 000042", "category": "fund",
			 "amount": 1234.5000, "currency": "EUR", "version": 7, "updatedAt": "2026-03-01T10:15:30Z"}}""";

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private RequesterAccess access;

	@MockitoBean
	private UnitService units;

	@MockitoBean
	private UnitLookups lookups;

	@Test
	void getWhenRequesterIsAllowedShouldAnswerSuccessAndTheUnit() {
		allow("loadtest");
		given(this.units.find(42)).willReturn(Mono.just(UNIT_42));
		assertThat(get(UnitPaths.UNITS + "/42", "loadtest")).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo(UNIT_42_RESPONSE);
		then(this.access).should().checkRequestAllowed("loadtest");
		then(this.lookups).should().found("loadtest");
	}

	@Test
	void getWhenFreshShouldFetchFromThePartnerRepository() {
		allow("loadtest");
		given(this.units.fetchFresh(42)).willReturn(Mono.just(UNIT_42));
		assertThat(get(UnitPaths.UNITS + "/42?fresh=true", "loadtest")).hasStatusOk()
			.bodyJson()
			.isStrictlyEqualTo(UNIT_42_RESPONSE);
		then(this.units).should().fetchFresh(42);
		then(this.units).shouldHaveNoMoreInteractions();
	}

	@Test
	void getWhenRequesterIsDeniedShouldAnswer403WithoutReadingTheUnit() {
		given(this.access.checkRequestAllowed("archive"))
			.willReturn(Mono.error(new RequesterDeniedException("archive")));
		assertThat(get(UnitPaths.UNITS + "/42", "archive")).hasStatus(HttpStatus.FORBIDDEN)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(unitProblem(ProblemType.REQUESTER_DENIED, UnitPaths.UNITS + "/42",
					"Requester 'archive' may not read units (X-Requester)."));
		then(this.units).shouldHaveNoInteractions();
		then(this.lookups).should().denied("archive");
	}

	@Test
	void getWhenUnitIsUnknownShouldAnswer404() {
		allow("loadtest");
		given(this.units.find(99_999)).willReturn(Mono.error(new UnitNotFoundException(99_999)));
		assertThat(get(UnitPaths.UNITS + "/99999", "loadtest")).hasStatus(HttpStatus.NOT_FOUND)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					unitProblem(ProblemType.NOT_FOUND, UnitPaths.UNITS + "/99999", "Unit 99999 does not exist."));
		then(this.lookups).should().notFound("loadtest");
	}

	@Test
	void getWithoutRequesterHeaderShouldAnswer400() {
		assertThat(WebTestClientResponse.from(this.client.get().uri(UnitPaths.UNITS + "/42").exchange()))
			.hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(unitProblem(ProblemType.INVALID_PARAMETER, UnitPaths.UNITS + "/42",
					"Header 'X-Requester' is required: it names the requesting service."));
		then(this.access).shouldHaveNoInteractions();
		then(this.units).shouldHaveNoInteractions();
	}

	@Test
	void getWhenIdIsNotANumberShouldAnswer400() {
		assertThat(get(UnitPaths.UNITS + "/abc", "loadtest")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(unitProblem(ProblemType.INVALID_PARAMETER, UnitPaths.UNITS + "/abc",
					"Parameter 'id' has an invalid value: 'abc'."));
		then(this.units).shouldHaveNoInteractions();
	}

	@Test
	void getWhenThePartnerRepositoryAnswersAFaultShouldAnswer502() {
		allow("loadtest");
		given(this.units.fetchFresh(anyLong())).willReturn(
				Mono.error(PartnerRepositoryException.fault(UnitSoapException.fault("soap:Server", "offline"))));
		assertThat(get(UnitPaths.UNITS + "/42?fresh=true", "loadtest")).hasStatus(HttpStatus.BAD_GATEWAY)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(unitProblem(ProblemType.DOWNSTREAM_FAILED, UnitPaths.UNITS + "/42",
					"The partner repository answered with a SOAP fault."));
	}

	@Test
	void getWhenThePartnerRepositoryAnswersGarbageShouldAnswer502() {
		allow("loadtest");
		given(this.units.fetchFresh(anyLong())).willReturn(Mono.error(PartnerRepositoryException.unreadable(null)));
		assertThat(get(UnitPaths.UNITS + "/42?fresh=true", "loadtest")).hasStatus(HttpStatus.BAD_GATEWAY)
			.bodyJson()
			.isLenientlyEqualTo(unitProblem(ProblemType.DOWNSTREAM_FAILED, UnitPaths.UNITS + "/42",
					"The partner repository's answer is not a GetUnit response."));
	}

	@Test
	void getWhenThePartnerRepositoryTimesOutShouldAnswer504() {
		allow("loadtest");
		given(this.units.fetchFresh(anyLong()))
			.willReturn(Mono.error(PartnerRepositoryException.timedOut(Duration.ofSeconds(10), null)));
		assertThat(get(UnitPaths.UNITS + "/42?fresh=true", "loadtest")).hasStatus(HttpStatus.GATEWAY_TIMEOUT)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(unitProblem(ProblemType.DOWNSTREAM_TIMEOUT, UnitPaths.UNITS + "/42",
					"The partner repository did not answer within 10000 ms."));
	}

	@Test
	void unknownPathUnderUnitsShouldAnswer404WithSuccessFalse() {
		assertThat(get(UnitPaths.UNITS + "/42/parts", "loadtest")).hasStatus(HttpStatus.NOT_FOUND)
			.bodyJson()
			.isLenientlyEqualTo(unitProblem(ProblemType.NOT_FOUND, UnitPaths.UNITS + "/42/parts",
					"There is no resource at /api/units/42/parts."));
	}

	private void allow(String requester) {
		given(this.access.checkRequestAllowed(requester)).willReturn(Mono.just(true));
	}

	private WebTestClientResponse get(String uri, String requester) {
		return WebTestClientResponse
			.from(this.client.get().uri(uri).header(UnitPaths.REQUESTER_HEADER, requester).exchange());
	}

	/**
	 * Every problem of the unit service carries {@code "success": false} besides the
	 * usual members.
	 */
	static String unitProblem(ProblemType type, String instance, String detail) {
		return problem(type, instance, detail).replaceFirst("^\\{", "{\"success\":false,");
	}

}

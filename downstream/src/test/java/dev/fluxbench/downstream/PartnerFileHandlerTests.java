package dev.fluxbench.downstream;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.delta.DeltaCounts;
import dev.fluxbench.contract.unit.delta.DeltaFileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.FluxExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The partner file server through the real router, on a clock stopped at 2026-11-23 10:00
 * UTC.
 */
@WebFluxTest(properties = "fluxbench.downstream-server.partner.units=1000")
@Import({ DownstreamRoutes.class, DownstreamHandler.class, PartnerFileHandler.class, SoapUnitHandler.class,
		FaultSchedules.class, FaultScheduleHandler.class, Waits.class, PartnerFileHandlerTests.StoppedClock.class })
@EnableConfigurationProperties(DownstreamServerProperties.class)
class PartnerFileHandlerTests {

	@Autowired
	private WebTestClient client;

	@Test
	void listingShouldOfferTheLastSevenDaysUpToTodayWithTheirUrls() {
		DeltaDays listing = this.client.get()
			.uri("/partners/partner-2/deltas")
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(MediaType.APPLICATION_JSON)
			.expectBody(DeltaDays.class)
			.returnResult()
			.getResponseBody();
		assertThat(listing.partner()).isEqualTo("partner-2");
		assertThat(listing.days()).extracting(DeltaDay::day)
			.containsExactly("2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22",
					"2026-11-23");
		// Absolute on a real server; the mock server's request URI has no host.
		assertThat(listing.days())
			.allSatisfy((day) -> assertThat(day.url()).endsWith("/partners/partner-2/deltas/" + day.day() + ".jsonl"));
	}

	@Test
	void fileShouldStreamTheConfiguredNumberOfUnitsAsNdjson() {
		byte[] file = download("/partners/partner-1/deltas/2026-11-22.jsonl").body();
		DeltaCounts counts = DeltaFileReader.read(new ByteArrayInputStream(file), (line) -> {
		});
		assertThat(counts.header().partner()).isEqualTo("partner-1");
		assertThat(counts.header().day()).hasToString("2026-11-22");
		assertThat(counts.unitLines()).isEqualTo(1000);
		assertThat(counts.accepted()).isEqualTo(1000);
	}

	@Test
	void fileWithFaultsShouldAnnounceAndContainTheExactCounts() {
		String uri = "/partners/partner-3/deltas/2026-11-20.jsonl?units=20000&seed=9&malformedEvery=50&duplicateEvery=30";
		Download file = download(uri);
		DeltaCounts counts = DeltaFileReader.read(new ByteArrayInputStream(file.body()), (line) -> {
		});
		assertThat(counts.unitLines()).isEqualTo(20_000);
		assertThat(counts.rejected()).isGreaterThan(20_000 / 50);
		assertThat(file.headers().getFirst(PartnerFileHandler.ACCEPTED_HEADER))
			.isEqualTo(String.valueOf(counts.accepted()));
		assertThat(file.headers().getFirst(PartnerFileHandler.REJECTED_HEADER))
			.isEqualTo(String.valueOf(counts.rejected()));
	}

	@Test
	void fileShouldBeTheSameBytesForTheSameRequest() {
		String uri = "/partners/partner-4/deltas/2026-11-21.jsonl?units=3000&seed=5&malformedEvery=7";
		assertThat(download(uri).body()).isEqualTo(download(uri).body());
	}

	@Test
	void fileOfTwoHundredThousandUnitsShouldArriveInChunksOfBoundedSize() {
		List<Long> chunks = this.client.get()
			.uri("/partners/partner-5/deltas/2026-11-23.jsonl?units=200000")
			.exchange()
			.expectStatus()
			.isOk()
			.returnResult(DataBuffer.class)
			.getResponseBody()
			// Counted as it streams: the file is far over the codecs' in-memory limit.
			.map((buffer) -> {
				long count = buffer.readableByteCount();
				DataBufferUtils.release(buffer);
				return count;
			})
			.collectList()
			.block(Duration.ofSeconds(60));
		assertThat(chunks).hasSizeGreaterThan(500).allSatisfy((size) -> assertThat(size).isLessThan(40_000));
		assertThat(chunks.stream().mapToLong(Long::longValue).sum()).isGreaterThan(30_000_000L);
	}

	@ParameterizedTest
	@CsvSource({ "/partners/partner-1/deltas/yesterday.jsonl, day", "/partners/partner-1/deltas/2026-02-30.jsonl, day",
			"/partners/partner-1/deltas/2026-11-24.jsonl, day",
			"/partners/partner-1/deltas/2026-11-22.jsonl?units=-1, units",
			"/partners/partner-1/deltas/2026-11-22.jsonl?units=10000001, units",
			"/partners/partner-1/deltas/2026-11-22.jsonl?seed=abc, seed",
			"/partners/partner-1/deltas/2026-11-22.jsonl?malformedEvery=-2, malformedEvery",
			"/partners/partner-1/deltas/2026-11-22.jsonl?duplicateEvery=1.5, duplicateEvery" })
	void fileWithABadDayOrParameterShouldBeRefusedWith400(String uri, String parameter) {
		ProblemBody problem = problem(uri, ProblemType.INVALID_PARAMETER);
		assertThat(problem.detail()).startsWith("Parameter '" + parameter + "' has an invalid value");
	}

	@ParameterizedTest
	@CsvSource({ "/partners/acme/deltas", "/partners/partner-6/deltas", "/partners/acme/deltas/2026-11-22.jsonl" })
	void unknownPartnerShouldBeNotFound(String uri) {
		ProblemBody problem = problem(uri, ProblemType.NOT_FOUND);
		assertThat(problem.detail()).contains("partner-1, partner-2");
	}

	/* Gathered from the stream: most files are over the codecs' in-memory limit. */
	private Download download(String uri) {
		FluxExchangeResult<DataBuffer> result = this.client.get()
			.uri(uri)
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.contentType(PartnerFileHandler.NDJSON)
			.returnResult(DataBuffer.class);
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		result.getResponseBody().doOnNext((buffer) -> {
			byte[] bytes = new byte[buffer.readableByteCount()];
			buffer.read(bytes);
			DataBufferUtils.release(buffer);
			body.writeBytes(bytes);
		}).blockLast(Duration.ofSeconds(30));
		return new Download(result.getResponseHeaders(), body.toByteArray());
	}

	private ProblemBody problem(String uri, ProblemType type) {
		ProblemBody problem = this.client.get()
			.uri(uri)
			.exchange()
			.expectStatus()
			.isEqualTo(type.status())
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody(ProblemBody.class)
			.returnResult()
			.getResponseBody();
		assertThat(problem).isNotNull();
		assertThat(problem.type()).isEqualTo(type.type().toString());
		assertThat(problem.instance()).isEqualTo(uri.contains("?") ? uri.substring(0, uri.indexOf('?')) : uri);
		return problem;
	}

	private record Download(HttpHeaders headers, byte[] body) {

	}

	/** The listing as a client reads it, strictly: no more members than these. */
	record DeltaDays(String partner, List<DeltaDay> days) {

	}

	record DeltaDay(String day, String url) {

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class StoppedClock {

		@Bean
		Clock clock() {
			return Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);
		}

	}

}

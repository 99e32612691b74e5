package dev.fluxbench.downstream;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.unit.delta.DeltaCounts;
import dev.fluxbench.contract.unit.delta.DeltaFileReader;
import dev.fluxbench.contract.unit.delta.DeltaFormat;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The wiring around the routes: actuator exposure, metric tags, and Netty releasing a
 * request whose client has gone.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class DownstreamApplicationTests {

	// Every exchange reads its body, even where only the status counts
	// (expectBody(Void.class)): over a real server, a body left unread keeps Netty's
	// buffer, and the leak check fails the class.

	@Autowired
	private WebTestClient client;

	@Autowired
	private Waits waits;

	@LocalServerPort
	private int port;

	@Test
	void actuatorShouldExposeOnlyHealthInfoAndPrometheus() {
		Map<String, Object> links = this.client.get()
			.uri("/actuator")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<Map<String, Map<String, Object>>>() {
			})
			.returnResult()
			.getResponseBody()
			.get("_links");
		assertThat(links).containsOnlyKeys("self", "health", "health-path", "info", "prometheus");
		this.client.get().uri("/actuator/env").exchange().expectStatus().isNotFound().expectBody(Void.class);
		this.client.get().uri("/actuator/metrics").exchange().expectStatus().isNotFound().expectBody(Void.class);
		this.client.get().uri("/actuator/beans").exchange().expectStatus().isNotFound().expectBody(Void.class);
	}

	@Test
	void livenessAndReadinessProbesShouldBeUp() {
		for (String probe : new String[] { "liveness", "readiness" }) {
			Map<String, Object> health = this.client.get()
				.uri("/actuator/health/{probe}", probe)
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody(new ParameterizedTypeReference<Map<String, Object>>() {
				})
				.returnResult()
				.getResponseBody();
			assertThat(health).containsEntry("status", "UP");
		}
	}

	@Test
	void prometheusMetricsShouldBeTaggedWithTheApplication() {
		this.client.get().uri("/delay/0").exchange().expectStatus().isOk().expectBody(Void.class);
		String scrape = this.client.get()
			.uri("/actuator/prometheus")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		assertThat(scrape).contains("http_server_requests_seconds_count{application=\"fluxbench-downstream\"")
			.contains("fluxbench_downstream_waiting{application=\"fluxbench-downstream\"}");
	}

	@Test
	void faultPhaseUnderWayShouldBeOnTheScrapeAndItsLimitsInInfo() {
		this.client.put()
			.uri(FaultSchedule.PATH)
			.contentType(MediaType.APPLICATION_JSON)
			.bodyValue("""
					{"phases": [{"hold": "PT1H", "status": 503, "rate": 0.25, "stall": "PT1.5S"}]}""")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(Void.class);
		try {
			assertThat(scrape()).contains("fluxbench_fault_phase{application=\"fluxbench-downstream\"} 1.0")
				.contains("fluxbench_fault_failure_share{application=\"fluxbench-downstream\"} 0.25")
				.contains("fluxbench_fault_stall_seconds{application=\"fluxbench-downstream\"} 1.5");
		}
		finally {
			this.client.delete().uri(FaultSchedule.PATH).exchange().expectStatus().isNoContent().expectBody(Void.class);
		}
		assertThat(scrape()).contains("fluxbench_fault_phase{application=\"fluxbench-downstream\"} 0.0");
		this.client.get()
			.uri("/actuator/info")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.faultSchedule.maxPhases")
			.isEqualTo(1000)
			.jsonPath("$.faultSchedule.maxLength")
			.isEqualTo("PT168H")
			.jsonPath("$.faultSchedule.maxStall")
			.isEqualTo("PT10M");
	}

	private String scrape() {
		return this.client.get()
			.uri("/actuator/prometheus")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
	}

	@Test
	void stallWhenTheClientGivesUpShouldBeReleased() throws Exception {
		// A stall of a minute, abandoned long before: only a cancelled timer ends it
		// sooner. The client's timeout leaves a loaded machine time to deliver the
		// request first.
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/delay/0"))
			.header(FaultHeaders.STALL, "60000")
			.timeout(Duration.ofSeconds(5))
			.build();
		try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
			CompletableFuture<HttpResponse<Void>> response = http.sendAsync(request,
					HttpResponse.BodyHandlers.discarding());
			await().atMost(Duration.ofSeconds(5)).until(() -> this.waits.waiting() == 1);
			assertThatExceptionOfType(Exception.class).isThrownBy(response::join)
				.havingRootCause()
				.isInstanceOf(HttpTimeoutException.class);
			// Well short of the stall's minute, which is what the waiter would hold
			// without a cancel.
			await().atMost(Duration.ofSeconds(30)).until(() -> this.waits.waiting() == 0);
		}
	}

	@Test
	void partnerFileShouldStreamOverNettyIntoTheReaderWithItsAnnouncedCounts() throws Exception {
		// The default file, 100 000 units, read from the socket as it arrives: neither
		// side holds it whole.
		HttpRequest listing = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/partners/partner-1/deltas"))
			.build();
		try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
			String days = http.send(listing, HttpResponse.BodyHandlers.ofString()).body();
			Matcher url = Pattern.compile("\"url\":\"([^\"]+)\"").matcher(days);
			assertThat(url.find()).isTrue();
			assertThat(url.group(1)).startsWith("http://127.0.0.1:" + this.port + "/partners/partner-1/deltas/");

			HttpRequest file = HttpRequest
				.newBuilder(URI.create(url.group(1) + "?malformedEvery=1000&duplicateEvery=500"))
				.build();
			HttpResponse<InputStream> response = http.send(file, HttpResponse.BodyHandlers.ofInputStream());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.headers().firstValue("Content-Type")).hasValue(DeltaFormat.MEDIA_TYPE);
			DeltaCounts counts = DeltaFileReader.read(response.body(), (line) -> {
			});
			assertThat(counts.unitLines()).isEqualTo(100_000);
			assertThat(counts.matchesHeader()).isTrue();
			assertThat(response.headers().firstValue(PartnerFileHandler.ACCEPTED_HEADER))
				.hasValue(String.valueOf(counts.accepted()));
			assertThat(response.headers().firstValue(PartnerFileHandler.REJECTED_HEADER))
				.hasValue(String.valueOf(counts.rejected()));
		}
	}

}

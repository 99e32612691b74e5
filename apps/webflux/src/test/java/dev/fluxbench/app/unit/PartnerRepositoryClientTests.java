package dev.fluxbench.app.unit;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitSoap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The client against a real HTTP server playing the partner's SOAP repository, because
 * timeouts and what goes over the wire are what a mocked client cannot show.
 */
class PartnerRepositoryClientTests {

	/**
	 * Only the stall test waits for a timeout: every other answer may be slow on a busy
	 * machine.
	 */
	private static final Duration READ_TIMEOUT = Duration.ofMillis(300);

	private static final Duration PATIENT_READ_TIMEOUT = Duration.ofMinutes(1);

	private static final String UNIT_42 = """
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:u="urn:fluxbench:units">
			<soap:Body><u:GetUnitResponse><u:unit><u:id>42</u:id><u:partner>partner-3</u:partner>
			<u:name>Unit 000042</u:name><u:category>fund</u:category><u:amount>99.5</u:amount>
			<u:currency>EUR</u:currency><u:version>2</u:version><u:updatedAt>2026-06-01T12:00:00Z</u:updatedAt>
			</u:unit></u:GetUnitResponse></soap:Body></soap:Envelope>""";

	private static final String NO_UNIT = """
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:u="urn:fluxbench:units">
			<soap:Body><u:GetUnitResponse/></soap:Body></soap:Envelope>""";

	private static final String FAULT = """
			<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>
			<faultcode>soap:Server</faultcode><faultstring>store offline</faultstring>
			</soap:Fault></soap:Body></soap:Envelope>""";

	private final Repository repository = new Repository();

	private final PooledClients clients = new PooledClients(WebClient.builder());

	@BeforeEach
	void startRepository() throws IOException {
		this.repository.start();
	}

	@AfterEach
	void stop() {
		this.clients.destroy();
		this.repository.stop();
	}

	@Test
	void fetchShouldPostAGetUnitEnvelopeAndReadTheUnit() {
		this.repository.answer(200, UNIT_42);
		assertThat(client().fetch(42).blockOptional()).contains(new UnitDto(42, "partner-3", "Unit 000042", "fund",
				new BigDecimal("99.5000"), "EUR", 2, Instant.parse("2026-06-01T12:00:00Z")));
		assertThat(this.repository.path).isEqualTo(UnitSoap.PATH);
		assertThat(this.repository.headers.getFirst("Content-Type")).isEqualTo(UnitSoap.CONTENT_TYPE);
		assertThat(this.repository.headers.getFirst("SOAPAction")).isEqualTo(UnitSoap.ACTION);
		assertThat(this.repository.body).contains("<u:GetUnit><u:id>42</u:id></u:GetUnit>");
	}

	@Test
	void fetchWhenTheRepositoryHasNoSuchUnitShouldAnswerEmpty() {
		this.repository.answer(200, NO_UNIT);
		assertThat(client().fetch(42).blockOptional()).isEmpty();
	}

	@Test
	void fetchWhenTheRepositoryAnswersAFaultShouldFailWithDownstreamFailed() {
		this.repository.answer(500, FAULT);
		assertThat(fetchAndFail())
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The partner repository answered with a SOAP fault."));
	}

	@Test
	void fetchWhenTheRepositoryAnswersGarbageShouldFailWithDownstreamFailed() {
		this.repository.answer(200, "<html>certainly not SOAP");
		assertThat(fetchAndFail()).isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED,
				"The partner repository's answer is not a GetUnit response."));
	}

	@Test
	void fetchWhenTheAnswerIsTruncatedShouldFailWithDownstreamFailed() {
		this.repository.answer(200, UNIT_42.substring(0, UNIT_42.length() / 2));
		assertThat(fetchAndFail()).isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED,
				"The partner repository's answer is not a GetUnit response."));
	}

	@Test
	void fetchWhenTheRepositoryAnswers503ShouldFailWithDownstreamFailed() {
		this.repository.answer(503, "busy");
		assertThat(fetchAndFail())
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The partner repository answered 503."));
	}

	@Test
	void fetchWhenTheRepositoryIsSlowerThanTheReadTimeoutShouldFailWithDownstreamTimeout() {
		this.repository.answer(200, UNIT_42);
		this.repository.stall = READ_TIMEOUT.multipliedBy(5);
		assertThat(fetchAndFail(READ_TIMEOUT)).isEqualTo(
				Problem.of(ProblemType.DOWNSTREAM_TIMEOUT, "The partner repository did not answer within 300 ms."));
	}

	// Built as the application builds it, on a pool from PooledClients.
	private PartnerRepositoryClient client() {
		return client(PATIENT_READ_TIMEOUT);
	}

	private PartnerRepositoryClient client(Duration readTimeout) {
		return new PartnerRepositoryClient(this.clients,
				new PartnerRepositoryProperties(new PooledClientProperties(this.repository.uri(),
						Duration.ofSeconds(30), readTimeout, 4, 4, Duration.ofSeconds(30))));
	}

	private Problem fetchAndFail() {
		return fetchAndFail(PATIENT_READ_TIMEOUT);
	}

	private Problem fetchAndFail(Duration readTimeout) {
		Throwable failure = catchThrowable(() -> client(readTimeout).fetch(42).block(Duration.ofMinutes(2)));
		assertThat(failure).isInstanceOf(PartnerRepositoryException.class);
		return ((PartnerRepositoryException) failure).problem();
	}

	/**
	 * A repository that answers what a test tells it to and remembers the last request.
	 */
	private static final class Repository {

		private final ExecutorService executor = Executors.newCachedThreadPool();

		private HttpServer server;

		private volatile int status = 200;

		private volatile String answer = "";

		private volatile Duration stall = Duration.ZERO;

		private volatile String path;

		private volatile Headers headers;

		private volatile String body;

		void start() throws IOException {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			this.server.setExecutor(this.executor);
			this.server.createContext("/", this::handle);
			this.server.start();
		}

		void stop() {
			this.server.stop(0);
			// Interrupts a handler that is still stalling.
			this.executor.shutdownNow();
		}

		URI uri() {
			return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
		}

		void answer(int status, String answer) {
			this.status = status;
			this.answer = answer;
		}

		private void handle(HttpExchange exchange) throws IOException {
			try (exchange) {
				this.path = exchange.getRequestURI().getPath();
				this.headers = exchange.getRequestHeaders();
				this.body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
				Thread.sleep(this.stall);
				byte[] response = this.answer.getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Content-Type", UnitSoap.CONTENT_TYPE);
				exchange.sendResponseHeaders(this.status, (response.length > 0) ? response.length : -1);
				exchange.getResponseBody().write(response);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}

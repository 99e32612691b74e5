package dev.fluxbench.app.passthrough;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.app.client.PooledClientProperties;
import dev.fluxbench.app.client.PooledClients;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpHeaders;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The client against a real HTTP server, because timeouts, refused connections and the
 * headers on the wire are exactly what a mocked client cannot show.
 */
class DownstreamClientTests {

	// Long enough for a cold client's first call on a busy CI core, where 300 ms was not.
	private static final Duration READ_TIMEOUT = Duration.ofSeconds(2);

	private static final Message MESSAGE = new Message("m-1", "hello", 0L);

	private final Downstream downstream = new Downstream();

	private final PooledClients clients = new PooledClients(RestClient.builder());

	@BeforeEach
	void startDownstream() throws IOException {
		this.downstream.start();
	}

	@AfterEach
	void stop() throws IOException {
		this.clients.destroy();
		this.downstream.stop();
	}

	@Test
	void sendShouldPostTheMessageAndAnswerTheAcknowledgement() {
		this.downstream.answer(200, "{\"id\": \"m-1\", \"received\": \"hello\", \"ack\": true}");
		MessageAck ack = send(client(this.downstream.uri()), new HttpHeaders());
		assertThat(ack).isEqualTo(new MessageAck("m-1", "hello", true));
		Request request = this.downstream.received();
		assertThat(request.method()).isEqualTo("POST");
		assertThat(request.path()).isEqualTo("/messages");
		assertThat(request.headers().getFirst("Content-Type")).startsWith("application/json");
		assertThat(request.body()).contains("\"id\":\"m-1\"").contains("\"delay\":0");
	}

	@Test
	void sendShouldForwardFaultHeadersOnly() {
		this.downstream.answer(200, "{\"id\": \"m-1\", \"received\": \"hello\", \"ack\": true}");
		HttpHeaders incoming = new HttpHeaders();
		incoming.add(FaultHeaders.STATUS, "503");
		incoming.add("x-fault-stall", "250");
		incoming.add(HttpHeaders.AUTHORIZATION, "Bearer secret");
		incoming.add("X-Request-Id", "r-1");
		send(client(this.downstream.uri()), incoming);
		Headers forwarded = this.downstream.received().headers();
		assertThat(forwarded.getFirst(FaultHeaders.STATUS)).isEqualTo("503");
		assertThat(forwarded.getFirst(FaultHeaders.STALL)).isEqualTo("250");
		assertThat(forwarded.containsKey(HttpHeaders.AUTHORIZATION)).isFalse();
		assertThat(forwarded.containsKey("X-Request-Id")).isFalse();
	}

	@Test
	void sendWhenDownstreamAnswers503ShouldFailWithDownstreamFailed() {
		this.downstream.answer(503, "{\"error\": \"injected\"}");
		assertThat(sendAndFail(client(this.downstream.uri())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The downstream answered 503."));
	}

	@Test
	void sendWhenDownstreamIsSlowerThanReadTimeoutShouldFailWithDownstreamTimeout() {
		// Far past the read timeout, so that the timeout comes first even on a loaded
		// machine.
		this.downstream.stall(READ_TIMEOUT.multipliedBy(5));
		assertThat(sendAndFail(client(this.downstream.uri())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_TIMEOUT, "The downstream did not answer within 2000 ms."));
	}

	@Test
	void sendWhenNothingListensShouldFailWithDownstreamFailed() throws IOException {
		assertThat(sendAndFail(client(closedPort())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The downstream could not be reached."));
	}

	@Test
	void sendWhenEveryConnectionIsBusyShouldFailWithDownstreamSaturated() {
		this.downstream.stall(Duration.ofSeconds(10));
		DownstreamClient client = client(new PooledClientProperties(this.downstream.uri(), Duration.ofSeconds(1),
				Duration.ofSeconds(10), 1, 0, Duration.ofSeconds(1)));
		CompletableFuture.runAsync(() -> send(client, new HttpHeaders()));
		this.downstream.awaitRequest();
		assertThat(sendAndFail(client)).isEqualTo(Problem.of(ProblemType.DOWNSTREAM_SATURATED,
				"Too many requests are waiting for a connection to the downstream."));
	}

	@Test
	void sendWhenDownstreamAnswersSomethingElseShouldFailWithDownstreamFailed() {
		this.downstream.answer(200, "not an acknowledgement");
		assertThat(sendAndFail(client(this.downstream.uri())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The downstream's answer is not an acknowledgement."));
	}

	@Test
	void sendWhenDownstreamAnswersNothingShouldFailWithDownstreamFailed() {
		this.downstream.answer(200, "");
		assertThat(sendAndFail(client(this.downstream.uri())))
			.isEqualTo(Problem.of(ProblemType.DOWNSTREAM_FAILED, "The downstream's answer is not an acknowledgement."));
	}

	private DownstreamClient client(URI baseUrl) {
		return client(
				new PooledClientProperties(baseUrl, Duration.ofSeconds(1), READ_TIMEOUT, 4, 4, Duration.ofSeconds(1)));
	}

	// Built as the application builds it, on a pool from PooledClients.
	private DownstreamClient client(PooledClientProperties properties) {
		return new DownstreamClient(this.clients, new DownstreamProperties(properties));
	}

	private static MessageAck send(DownstreamClient client, HttpHeaders incoming) {
		return client.send(MESSAGE, incoming);
	}

	private static Problem sendAndFail(DownstreamClient client) {
		Throwable failure = catchThrowable(() -> send(client, new HttpHeaders()));
		assertThat(failure).isInstanceOf(DownstreamException.class);
		return ((DownstreamException) failure).problem();
	}

	private static URI closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, null)) {
			return URI.create("http://127.0.0.1:" + socket.getLocalPort());
		}
	}

	/**
	 * A downstream that answers what a test tells it to and remembers the last request.
	 */
	private static final class Downstream {

		private final ExecutorService executor = Executors.newCachedThreadPool();

		private HttpServer server;

		private volatile int status = 200;

		private volatile String body = "";

		private volatile Duration stall = Duration.ZERO;

		private volatile Request received;

		private final CountDownLatch arrived = new CountDownLatch(1);

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

		Request received() {
			return this.received;
		}

		void awaitRequest() {
			try {
				// A latch, which returns as soon as the request is there: the bound is
				// for a loaded machine.
				assertThat(this.arrived.await(60, TimeUnit.SECONDS)).as("a request arrived").isTrue();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

		void answer(int status, String body) {
			this.status = status;
			this.body = body;
		}

		void stall(Duration stall) {
			this.stall = stall;
			answer(200, "{\"id\": \"m-1\", \"received\": \"hello\", \"ack\": true}");
		}

		private void handle(HttpExchange exchange) throws IOException {
			try (exchange) {
				String requestBody = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
				this.received = new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
						exchange.getRequestHeaders(), requestBody);
				this.arrived.countDown();
				Thread.sleep(this.stall);
				byte[] response = this.body.getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Content-Type", "application/json");
				// -1 says "no body"; 0 would mean a chunked one.
				exchange.sendResponseHeaders(this.status, (response.length > 0) ? response.length : -1);
				exchange.getResponseBody().write(response);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

	private record Request(String method, String path, Headers headers, String body) {

	}

}

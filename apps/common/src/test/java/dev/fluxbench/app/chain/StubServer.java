package dev.fluxbench.app.chain;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * Service B or a next hop, as a test tells it to answer, remembering every request. A
 * real server, because timeouts, refused connections and the headers on the wire are what
 * a mocked client cannot show.
 */
final class StubServer implements AutoCloseable {

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final HttpServer server;

	private final List<Request> received = new CopyOnWriteArrayList<>();

	private volatile int status = 200;

	private volatile String contentType = "application/octet-stream";

	private volatile String body = "";

	private volatile Duration stall = Duration.ZERO;

	private StubServer(HttpServer server) {
		this.server = server;
	}

	static StubServer start() throws IOException {
		StubServer stub = new StubServer(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0));
		stub.server.setExecutor(stub.executor);
		stub.server.createContext("/", stub::handle);
		stub.server.start();
		return stub;
	}

	/** A port where nothing listens. */
	static URI closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, null)) {
			return URI.create("http://127.0.0.1:" + socket.getLocalPort());
		}
	}

	URI uri() {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort());
	}

	StubServer answer(int status, String contentType, String body) {
		this.status = status;
		this.contentType = contentType;
		this.body = body;
		return this;
	}

	StubServer stall(Duration stall) {
		this.stall = stall;
		return this;
	}

	List<Request> received() {
		return List.copyOf(this.received);
	}

	@Override
	public void close() {
		this.server.stop(0);
		// Interrupts a handler that is still stalling.
		this.executor.shutdownNow();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			exchange.getRequestBody().readAllBytes();
			this.received.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
					exchange.getRequestURI().getRawQuery(), exchange.getRequestHeaders()));
			Thread.sleep(this.stall);
			byte[] response = this.body.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", this.contentType);
			// -1 says "no body"; 0 would mean a chunked one.
			exchange.sendResponseHeaders(this.status, (response.length > 0) ? response.length : -1);
			exchange.getResponseBody().write(response);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	record Request(String method, String path, String query, Headers headers) {

	}

}

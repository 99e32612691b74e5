package dev.fluxbench.ldap;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * Spring Boot's probe and info paths over the JDK's HTTP server, so that the launcher,
 * which waits for {@code /actuator/health/readiness} to answer 200, starts the directory
 * like every other service, and a harness finds the LDAP URL in {@code /actuator/info}
 * when the port was 0.
 */
final class Probes implements AutoCloseable {

	static final String READINESS = "/actuator/health/readiness";

	static final String LIVENESS = "/actuator/health/liveness";

	static final String INFO = "/actuator/info";

	private final HttpServer server;

	private final Directory directory;

	private Probes(HttpServer server, Directory directory) {
		this.server = server;
		this.directory = directory;
	}

	/**
	 * Listens on this port of 127.0.0.1 (0 for any free one).
	 * @throws StartupException if the port cannot be bound
	 */
	static Probes start(int port, Directory directory) {
		HttpServer server;
		try {
			server = HttpServer.create(new InetSocketAddress(Directory.LOOPBACK, port), 0);
		}
		catch (IOException ex) {
			throw StartupException.cannotStart("cannot listen for HTTP on " + Directory.LOOPBACK.getHostAddress() + ":"
					+ port + ": " + ex.getMessage());
		}
		Probes probes = new Probes(server, directory);
		// One context for all paths: the JDK matches contexts by prefix, and only these
		// exact paths exist.
		server.createContext("/", probes::handle);
		server.start();
		return probes;
	}

	int port() {
		return this.server.getAddress().getPort();
	}

	/**
	 * Stops at once: a probe in flight gets a closed connection, which a prober reads as
	 * not ready.
	 */
	@Override
	public void close() {
		this.server.stop(0);
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			String method = exchange.getRequestMethod();
			if (!method.equals("GET") && !method.equals("HEAD")) {
				exchange.getResponseHeaders().set("Allow", "GET, HEAD");
				respond(exchange, 405, "{\"status\":405,\"error\":\"Method Not Allowed\"}");
				return;
			}
			switch (exchange.getRequestURI().getPath()) {
				case READINESS, LIVENESS -> health(exchange);
				case INFO -> respond(exchange, 200, info());
				default -> respond(exchange, 404, "{\"status\":404,\"error\":\"Not Found\"}");
			}
		}
	}

	/**
	 * Asks the directory rather than a flag set at start, so that a directory that
	 * stopped listening, as during shutdown, is reported out of service.
	 */
	private void health(HttpExchange exchange) throws IOException {
		if (this.directory.port().isPresent()) {
			respond(exchange, 200, "{\"status\":\"UP\"}");
		}
		else {
			respond(exchange, 503, "{\"status\":\"OUT_OF_SERVICE\"}");
		}
	}

	private String info() {
		StringBuilder ldap = new StringBuilder("{\"ldap\":{");
		this.directory.url().ifPresent((url) -> ldap.append("\"url\":").append(json(url)).append(','));
		return ldap.append("\"baseDn\":")
			.append(json(Directory.BASE_DN))
			.append(",\"users\":")
			.append(this.directory.users())
			.append(",\"groups\":")
			.append(this.directory.groups())
			.append(",\"ldif\":")
			.append(json(this.directory.source()))
			.append("}}")
			.toString();
	}

	private static void respond(HttpExchange exchange, int status, String json) throws IOException {
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		boolean head = exchange.getRequestMethod().equals("HEAD");
		exchange.sendResponseHeaders(status, head ? -1 : body.length);
		if (!head) {
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		}
	}

	/**
	 * A JSON string literal; the LDIF path is the only value that could hold a quote or a
	 * backslash.
	 */
	static String json(String value) {
		StringBuilder literal = new StringBuilder(value.length() + 2).append('"');
		for (char c : value.toCharArray()) {
			switch (c) {
				case '"' -> literal.append("\\\"");
				case '\\' -> literal.append("\\\\");
				default -> {
					if (c < 0x20) {
						literal.append(String.format("\\u%04x", (int) c));
					}
					else {
						literal.append(c);
					}
				}
			}
		}
		return literal.append('"').toString();
	}

}

package dev.fluxbench.app.ingestion;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator;

/**
 * A real file server for the ingestion tests, on the JDK's own HTTP server: it serves the
 * files a test registers under the downstream's paths, chunked as the downstream streams
 * them, and answers 404 for any other.
 */
final class PartnerFiles implements AutoCloseable {

	private final HttpServer server;

	private final Map<String, byte[]> files = new ConcurrentHashMap<>();

	private PartnerFiles(HttpServer server) {
		this.server = server;
	}

	static PartnerFiles start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			PartnerFiles files = new PartnerFiles(server);
			server.createContext("/partners/", files::serve);
			server.start();
			return files;
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not start the test file server", ex);
		}
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	void serve(DeltaFileGenerator file) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try {
			file.write(out);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		this.files.put(path(file.header().partner(), file.header().day()), out.toByteArray());
	}

	void serve(String partner, LocalDate day, String content) {
		this.files.put(path(partner, day), content.getBytes(StandardCharsets.UTF_8));
	}

	void clear() {
		this.files.clear();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	private static String path(String partner, LocalDate day) {
		return "/partners/" + partner + "/deltas/" + day + ".jsonl";
	}

	private void serve(HttpExchange exchange) throws IOException {
		try (exchange) {
			byte[] file = this.files.get(exchange.getRequestURI().getPath());
			if (file == null) {
				exchange.sendResponseHeaders(404, -1);
				return;
			}
			exchange.getResponseHeaders().set("Content-Type", "application/x-ndjson");
			// 0: chunked, as the downstream sends a file it generates while it streams.
			exchange.sendResponseHeaders(200, 0);
			try (OutputStream body = exchange.getResponseBody()) {
				for (int from = 0; from < file.length; from += 8192) {
					body.write(file, from, Math.min(8192, file.length - from));
				}
			}
		}
	}

}

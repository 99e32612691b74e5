package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.ProcessBuilder.Redirect;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A stand-in for a Spring Boot app that starts in milliseconds: it answers
 * {@code /actuator/health/readiness} on {@code --server.port}, any free one for 0, and
 * writes the port it got to the file the {@code PORTFILE} environment variable names, if
 * it is set. Its options make it misbehave the ways a real service can.
 * <ul>
 * <li>{@code --exit-code=N}: logs 30 numbered lines and exits with N before
 * listening.</li>
 * <li>{@code --ready-after=PT1S}: answers 503 until then.</li>
 * <li>{@code --ignore-sigterm}: a shutdown hook that never ends, so only SIGKILL stops
 * it.</li>
 * <li>{@code --spawn-child}: starts {@code sleep 600}, a grandchild for the launcher to
 * clean up.</li>
 * <li>{@code --print-env=NAME}: logs {@code NAME=value}.</li>
 * </ul>
 */
public final class TinyService {

	private TinyService() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = options(args);
		if (options.containsKey("print-env")) {
			String variable = options.get("print-env");
			System.out.println(variable + "=" + System.getenv(variable));
		}
		if (options.containsKey("exit-code")) {
			for (int line = 1; line <= 30; line++) {
				System.out.println("boot line " + line);
			}
			System.exit(Integer.parseInt(options.get("exit-code")));
		}
		if (options.containsKey("ignore-sigterm")) {
			Runtime.getRuntime().addShutdownHook(new Thread(() -> sleep(Duration.ofHours(1))));
		}
		if (options.containsKey("spawn-child")) {
			Process child = new ProcessBuilder("sleep", "600").redirectOutput(Redirect.DISCARD)
				.redirectError(Redirect.DISCARD)
				.start();
			System.out.println("spawned child " + child.pid());
		}
		long readyAt = System.nanoTime() + Duration.parse(options.getOrDefault("ready-after", "PT0S")).toNanos();
		HttpServer server = HttpServer
			.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(options.get("server.port"))), 0);
		server.createContext("/actuator/health/readiness", (exchange) -> {
			boolean ready = System.nanoTime() - readyAt >= 0;
			respond(exchange, ready ? 200 : 503, ready ? "{\"status\":\"UP\"}" : "{\"status\":\"OUT_OF_SERVICE\"}");
		});
		server.start();
		int port = server.getAddress().getPort();
		System.out.println("listening on " + port);
		String portFile = System.getenv("PORTFILE");
		if (portFile != null) {
			writeAtOnce(Path.of(portFile), String.valueOf(port));
		}
	}

	/** Moved into place, so that a reader never sees half of it. */
	private static void writeAtOnce(Path file, String content) throws IOException {
		Path draft = Files.writeString(file.resolveSibling(file.getFileName() + ".draft"), content);
		Files.move(draft, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	private static Map<String, String> options(String[] args) {
		Map<String, String> options = new HashMap<>();
		for (String arg : args) {
			String option = arg.replaceFirst("^--", "");
			int equals = option.indexOf('=');
			if (equals < 0) {
				options.put(option, "");
			}
			else {
				options.put(option.substring(0, equals), option.substring(equals + 1));
			}
		}
		return options;
	}

	private static void respond(HttpExchange exchange, int status, String json) throws IOException {
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Whether something accepts connections on the port: a stopped service's port must
	 * not.
	 */
	static boolean accepts(int port) {
		try (java.net.Socket socket = new java.net.Socket()) {
			socket.connect(new java.net.InetSocketAddress(FreePort.LOOPBACK, port), 1_000);
			return true;
		}
		catch (java.io.IOException ex) {
			return false;
		}
	}

}

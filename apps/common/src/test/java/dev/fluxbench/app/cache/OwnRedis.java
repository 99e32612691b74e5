package dev.fluxbench.app.cache;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * A redis-server of a test's own, as a child process, for tests that stop or stall Redis:
 * the shared Redis on 6379 serves other tests and must never be touched. The port is one
 * the system had free a moment before; should another process take it first, the server
 * exits and another port is tried.
 */
public final class OwnRedis implements AutoCloseable {

	private static final int ATTEMPTS = 10;

	private final Process process;

	private final int port;

	private OwnRedis(Process process, int port) {
		this.process = process;
		this.port = port;
	}

	/** Whether redis-server is on the PATH; tests that need one are skipped otherwise. */
	public static boolean available() {
		String path = System.getenv("PATH");
		if (path == null) {
			return false;
		}
		for (String directory : path.split(File.pathSeparator)) {
			if (new File(directory, "redis-server").canExecute()) {
				return true;
			}
		}
		return false;
	}

	public static OwnRedis start() {
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			int port = freePort();
			Process process;
			try {
				process = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
						"--save", "", "--appendonly", "no", "--daemonize", "no")
					.redirectErrorStream(true)
					.redirectOutput(ProcessBuilder.Redirect.DISCARD)
					.start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			await().atMost(Duration.ofMinutes(1)).until(() -> !process.isAlive() || answers(port, "PING", "+PONG"));
			if (process.isAlive()) {
				return new OwnRedis(process, port);
			}
		}
		throw new IllegalStateException("redis-server found no free port in " + ATTEMPTS + " attempts");
	}

	public int port() {
		return this.port;
	}

	/**
	 * Makes the server hold every client's commands unanswered, as a stalled Redis does,
	 * for good.
	 */
	public void stall() {
		if (!answers(this.port, "CLIENT PAUSE 3600000 ALL", "+OK")) {
			throw new IllegalStateException("redis-server on port " + this.port + " did not pause");
		}
	}

	/** Stops the server as a crash would, mid-load, and waits until it is gone. */
	public void stop() {
		this.process.destroyForcibly();
		try {
			if (!this.process.waitFor(1, TimeUnit.MINUTES)) {
				throw new IllegalStateException("redis-server on port " + this.port + " did not stop");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() {
		stop();
	}

	private static boolean answers(int port, String command, String answer) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			out.write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
				.readLine();
			return answer.equals(line);
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}

package dev.fluxbench.harness.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The Redis that the distributed-cache variants share, at 127.0.0.1:6379 as on every
 * machine of ours. The stacks use a database index of their own, which the harness
 * empties before each trial so that every trial starts with a cold cache, whichever
 * variant ran before it.
 *
 * @param host where Redis listens
 * @param port its port
 * @param database the index the stacks' caches live in; never 0, which other tools on the
 * machine may use
 */
public record Redis(String host, int port, int database) {

	public static final Redis LOCAL = new Redis("127.0.0.1", 6379, 7);

	private static final int TIMEOUT_MILLIS = 2000;

	/** Spring Boot properties that point a stack's cache at this Redis. */
	public List<String> args() {
		return List.of("--spring.data.redis.host=" + this.host, "--spring.data.redis.port=" + this.port,
				"--spring.data.redis.database=" + this.database);
	}

	/** Fails with an {@link EnvironmentException} when Redis does not answer PING. */
	public void check() {
		send(List.of("PING"));
	}

	/** Empties the stacks' database: the next trial starts with a cold cache. */
	public void flush() {
		// SELECT holds per connection, so both go down the same one.
		send(List.of("SELECT", String.valueOf(this.database)), List.of("FLUSHDB"));
	}

	// RESP is simple enough that a client library would only add a dependency to the
	// harness.
	@SafeVarargs
	private void send(List<String>... commands) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(this.host, this.port), TIMEOUT_MILLIS);
			socket.setSoTimeout(TIMEOUT_MILLIS);
			OutputStream out = socket.getOutputStream();
			InputStream in = socket.getInputStream();
			for (List<String> command : commands) {
				out.write(encode(command));
				out.flush();
				String reply = readLine(in);
				if (!reply.startsWith("+")) {
					throw new EnvironmentException("Redis at " + this.host + ":" + this.port + " refused "
							+ String.join(" ", command) + ": " + reply);
				}
			}
		}
		catch (IOException ex) {
			throw new EnvironmentException("Redis is not reachable at " + this.host + ":" + this.port
					+ " (the distributed-cache variants need it): " + ex.getMessage(), ex);
		}
	}

	private static byte[] encode(List<String> words) {
		StringBuilder command = new StringBuilder("*").append(words.size()).append("\r\n");
		for (String word : words) {
			command.append('$')
				.append(word.getBytes(StandardCharsets.UTF_8).length)
				.append("\r\n")
				.append(word)
				.append("\r\n");
		}
		return command.toString().getBytes(StandardCharsets.UTF_8);
	}

	private static String readLine(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		int next;
		while ((next = in.read()) != -1 && next != '\n') {
			if (next != '\r') {
				line.append((char) next);
			}
		}
		return line.toString();
	}

}

package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports on the loopback interface. Services are started on ports chosen here rather than
 * on fixed ones, so that two runs, or a run and a forgotten app, never answer each
 * other's requests.
 * <p>
 * A port chosen here is free, but nothing holds it until a server binds it, and another
 * process may bind it first. Where the kernel says which ports it hands out to outgoing
 * connections (its ephemeral range), the ports come from below that range: every client
 * socket on the machine takes an ephemeral port, and a busy machine opens many. A service
 * that can bind port 0 and report what it got avoids the race altogether, see
 * {@link JvmService#reportsPort()}.
 */
public final class FreePort {

	/**
	 * 127.0.0.1 by address: a name could resolve to ::1, and all load goes to IPv4
	 * loopback.
	 */
	static final InetAddress LOOPBACK = loopback();

	/**
	 * Ports already handed out by this JVM. The kernel may give the same ephemeral port
	 * twice in a row once it is closed, and two services started in parallel must not get
	 * the same one.
	 */
	private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

	private static final int ATTEMPTS = 50;

	/**
	 * Above the ports that services listen on by default, such as 5432, 6379, 8080 and
	 * 9090.
	 */
	static final int LOWEST = 10_000;

	/**
	 * Fewer ports than this below the ephemeral range, and the kernel's choice is as
	 * good.
	 */
	private static final int FEWEST = 1_000;

	private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

	private FreePort() {
	}

	/**
	 * A port that was free a moment ago on 127.0.0.1, below the kernel's ephemeral range
	 * where it is known. Nothing holds it: whoever binds it first gets it, so bind it
	 * soon.
	 */
	public static int find() {
		OptionalInt below = ephemeralRangeStart().stream().filter((start) -> start - LOWEST >= FEWEST).findFirst();
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			int port = below.isPresent() ? ThreadLocalRandom.current().nextInt(LOWEST, below.getAsInt())
					: bindEphemeral();
			if (isFree(port) && HANDED_OUT.add(port)) {
				return port;
			}
		}
		throw new IllegalStateException("No free port on " + LOOPBACK.getHostAddress() + " after " + ATTEMPTS
				+ " attempts: every one was taken or already handed out by this JVM.");
	}

	/** The first port the kernel hands out to outgoing connections, on Linux. */
	static OptionalInt ephemeralRangeStart() {
		try {
			// Read as lines: procfs reports a size of 0, and a read sized by it can come
			// back short.
			String[] range = Files.readAllLines(EPHEMERAL_RANGE).getFirst().strip().split("\\s+");
			return OptionalInt.of(Integer.parseInt(range[0]));
		}
		catch (IOException | RuntimeException ex) {
			return OptionalInt.empty();
		}
	}

	/** Whether a server could listen on this port of 127.0.0.1 now. */
	public static boolean isFree(int port) {
		if (port < 1 || port > 65_535) {
			throw new IllegalArgumentException("Not a TCP port: " + port);
		}
		try (ServerSocket socket = new ServerSocket()) {
			// Servers (Tomcat, Netty) set SO_REUSEADDR too, so connections of a stopped
			// server that linger in TIME_WAIT do not make the port look taken.
			socket.setReuseAddress(true);
			socket.bind(new InetSocketAddress(LOOPBACK, port));
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static InetAddress loopback() {
		try {
			return InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 });
		}
		catch (IOException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private static int bindEphemeral() {
		try (ServerSocket socket = new ServerSocket()) {
			socket.setReuseAddress(true);
			socket.bind(new InetSocketAddress(LOOPBACK, 0));
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not bind an ephemeral port on " + LOOPBACK.getHostAddress(), ex);
		}
	}

}

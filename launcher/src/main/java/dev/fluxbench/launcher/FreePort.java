package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ports on the loopback interface. Services are started on ports chosen here rather than on fixed
 * ones, so that two runs, or a run and a forgotten app, never answer each other's requests.
 */
public final class FreePort {

	/** 127.0.0.1 by address: a name could resolve to ::1, and all load goes to IPv4 loopback. */
	static final InetAddress LOOPBACK = loopback();

	/**
	 * Ports already handed out by this JVM. The kernel may give the same ephemeral port twice in a
	 * row once it is closed, and two services started in parallel must not get the same one.
	 */
	private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

	private static final int ATTEMPTS = 50;

	private FreePort() {
	}

	/**
	 * A port that was free a moment ago on 127.0.0.1. Nothing holds it: whoever binds it first
	 * gets it, so bind it soon.
	 */
	public static int find() {
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			int port = bindEphemeral();
			if (HANDED_OUT.add(port)) {
				return port;
			}
		}
		throw new IllegalStateException("No free port on " + LOOPBACK.getHostAddress() + " after " + ATTEMPTS
				+ " attempts: the kernel kept handing out ports this JVM already used.");
	}

	/** Whether a server could listen on this port of 127.0.0.1 now. */
	public static boolean isFree(int port) {
		if (port < 1 || port > 65_535) {
			throw new IllegalArgumentException("Not a TCP port: " + port);
		}
		try (ServerSocket socket = new ServerSocket()) {
			// Servers (Tomcat, Netty) set SO_REUSEADDR too, so connections of a stopped server that
			// linger in TIME_WAIT do not make the port look taken.
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

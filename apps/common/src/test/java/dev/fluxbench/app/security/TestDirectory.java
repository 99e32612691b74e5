package dev.fluxbench.app.security;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldif.LDIFReader;

/**
 * The ldap module's directory, seeded from its own {@code fluxbench.ldif} (users ada, bob and
 * loadtest with the password {@code NAME-secret}; ada in admins, all three in users), in-process
 * on a free port of 127.0.0.1. The port is fixed when it starts, so that {@link #stop()} and
 * {@link #restart()} can take the directory away and bring it back at the same URL.
 */
public final class TestDirectory implements AutoCloseable {

	private static final String BASE_DN = "dc=fluxbench,dc=dev";

	private final InMemoryDirectoryServer server;

	private final int port;

	private TestDirectory(InMemoryDirectoryServer server, int port) {
		this.server = server;
		this.port = port;
	}

	public static TestDirectory start() {
		try (InputStream seed = TestDirectory.class.getResourceAsStream("/fluxbench.ldif")) {
			if (seed == null) {
				throw new IllegalStateException("fluxbench.ldif is not on the test class path: add fluxbench-ldap");
			}
			int port = freePort();
			InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE_DN);
			config.setListenerConfigs(InMemoryListenerConfig.createLDAPConfig("ldap",
					InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 }), port, null));
			InMemoryDirectoryServer server = new InMemoryDirectoryServer(config);
			server.importFromLDIF(true, new LDIFReader(seed));
			server.startListening();
			return new TestDirectory(server, port);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (LDAPException ex) {
			throw new IllegalStateException("The test directory did not start", ex);
		}
	}

	public String url() {
		return "ldap://127.0.0.1:" + this.port;
	}

	/** Stops listening and drops every connection: the directory is down. */
	void stop() {
		this.server.shutDown(true);
	}

	void restart() {
		try {
			this.server.startListening();
		}
		catch (LDAPException ex) {
			throw new IllegalStateException("The test directory did not listen again on " + this.port, ex);
		}
	}

	@Override
	public void close() {
		stop();
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 }))) {
			return socket.getLocalPort();
		}
	}

}

package dev.fluxbench.contract;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldif.LDIFReader;

/**
 * The LDAP directory the stacks authenticate {@code /api/**} against: the ldap module's seed
 * (users ada, bob and loadtest with the password {@code NAME-secret}; ada in admins, all three in
 * users), in this JVM on a free port. One directory serves every stack, as in a benchmark.
 */
final class Directory implements AutoCloseable {

	static final String BASE_DN = "dc=fluxbench,dc=dev";

	private final InMemoryDirectoryServer server;

	private Directory(InMemoryDirectoryServer server) {
		this.server = server;
	}

	static Directory start() {
		try (InputStream seed = Directory.class.getResourceAsStream("/fluxbench.ldif")) {
			if (seed == null) {
				throw new IllegalStateException("fluxbench.ldif is not on the test class path: add fluxbench-ldap");
			}
			InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE_DN);
			config.setListenerConfigs(InMemoryListenerConfig.createLDAPConfig("ldap",
					InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 }), 0, null));
			InMemoryDirectoryServer server = new InMemoryDirectoryServer(config);
			server.importFromLDIF(true, new LDIFReader(seed));
			server.startListening();
			return new Directory(server);
		}
		catch (IOException | LDAPException ex) {
			throw new IllegalStateException("The test directory did not start: " + ex.getMessage(), ex);
		}
	}

	URI url() {
		return URI.create("ldap://127.0.0.1:" + this.server.getListenPort());
	}

	@Override
	public void close() {
		this.server.shutDown(true);
	}

}

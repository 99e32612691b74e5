package dev.fluxbench.ldap;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldif.LDIFReader;

/**
 * The UnboundID in-memory directory under {@value #BASE_DN}, loaded from LDIF before it
 * listens, so that an LDIF that does not load stops the start before any port is taken.
 */
final class Directory implements AutoCloseable {

	static final String BASE_DN = "dc=fluxbench,dc=dev";

	static final String BUNDLED_LDIF = "fluxbench.ldif";

	/** 127.0.0.1 by address, as the launcher uses: a name could resolve to ::1. */
	static final InetAddress LOOPBACK = loopback();

	private static final String USERS = "(objectClass=inetOrgPerson)";

	private static final String GROUPS = "(objectClass=groupOfNames)";

	private final InMemoryDirectoryServer server;

	private final String source;

	private Directory(InMemoryDirectoryServer server, String source) {
		this.server = server;
		this.source = source;
	}

	/**
	 * A directory that will listen on this port of 127.0.0.1 (0 for any free one), loaded
	 * from the LDIF file, or from the bundled seed when there is none.
	 * @throws StartupException if the LDIF cannot be read or does not load
	 */
	static Directory load(int port, Path ldif) {
		InMemoryDirectoryServer server = create(port);
		String source = (ldif != null) ? ldif.toString() : "classpath:" + BUNDLED_LDIF;
		try (InputStream in = open(ldif)) {
			server.importFromLDIF(true, new LDIFReader(in));
		}
		catch (IOException ex) {
			throw StartupException.badArgument("cannot read the LDIF " + source + ": " + describe(ex));
		}
		catch (LDAPException ex) {
			throw StartupException.badArgument("the LDIF " + source + " does not load: " + ex.getMessage());
		}
		if (!hasEntry(server, BASE_DN)) {
			// Every bind and search would then fail with noSuchObject, far from the
			// cause.
			throw StartupException.badArgument("the LDIF " + source + " has no entry " + BASE_DN);
		}
		return new Directory(server, source);
	}

	private static InMemoryDirectoryServer create(int port) {
		try {
			// The default standard schema stays: it defines inetOrgPerson and
			// groupOfNames, and checks every entry of the LDIF against them.
			InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE_DN);
			config.setListenerConfigs(InMemoryListenerConfig.createLDAPConfig("ldap", LOOPBACK, port, null));
			// What a Spring Security LDAP provider looks up on every authentication: a
			// user by uid, then the groups that list the user's DN.
			config.setEqualityIndexAttributes("uid", "member");
			return new InMemoryDirectoryServer(config);
		}
		catch (LDAPException ex) {
			throw new IllegalStateException("The in-memory directory's own configuration was refused", ex);
		}
	}

	private static InputStream open(Path ldif) throws IOException {
		if (ldif == null) {
			InputStream bundled = Directory.class.getResourceAsStream("/" + BUNDLED_LDIF);
			if (bundled == null) {
				throw new NoSuchFileException(BUNDLED_LDIF, null, "not on the class path");
			}
			return bundled;
		}
		if (Files.isDirectory(ldif)) {
			throw new IOException("it is a directory");
		}
		return Files.newInputStream(ldif);
	}

	/** Starts accepting connections. */
	void listen() {
		try {
			this.server.startListening();
		}
		catch (LDAPException ex) {
			throw StartupException
				.cannotStart("cannot listen for LDAP on " + LOOPBACK.getHostAddress() + ": " + ex.getMessage());
		}
	}

	/**
	 * The port it listens on, also when it was started on port 0; empty until it listens
	 * and once it stopped.
	 */
	OptionalInt port() {
		int port = this.server.getListenPort();
		return (port > 0) ? OptionalInt.of(port) : OptionalInt.empty();
	}

	/** {@code ldap://127.0.0.1:PORT} while it listens. */
	Optional<String> url() {
		OptionalInt port = port();
		return port.isPresent() ? Optional.of("ldap://" + LOOPBACK.getHostAddress() + ":" + port.getAsInt())
				: Optional.empty();
	}

	/** Where the entries came from: a file, or {@code classpath:fluxbench.ldif}. */
	String source() {
		return this.source;
	}

	int users() {
		return count(USERS);
	}

	int groups() {
		return count(GROUPS);
	}

	/** The directory itself, for checks that need no network. */
	InMemoryDirectoryServer server() {
		return this.server;
	}

	/** Stops listening and closes every client connection. */
	@Override
	public void close() {
		this.server.shutDown(true);
	}

	private int count(String filter) {
		try {
			// "1.1" asks for no attributes: only the number matters.
			return this.server.search(BASE_DN, SearchScope.SUB, filter, "1.1").getEntryCount();
		}
		catch (LDAPException ex) {
			throw new IllegalStateException("Could not count " + filter + " under " + BASE_DN + ": " + ex.getMessage(),
					ex);
		}
	}

	private static boolean hasEntry(InMemoryDirectoryServer server, String dn) {
		try {
			return server.getEntry(dn) != null;
		}
		catch (LDAPException ex) {
			return false;
		}
	}

	private static String describe(IOException ex) {
		if (ex instanceof NoSuchFileException) {
			return "no such file";
		}
		return (ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getSimpleName();
	}

	private static InetAddress loopback() {
		try {
			return InetAddress.getByAddress(new byte[] { 127, 0, 0, 1 });
		}
		catch (UnknownHostException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

}

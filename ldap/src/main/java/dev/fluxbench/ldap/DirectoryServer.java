package dev.fluxbench.ldap;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The LDAP directory the apps authenticate HTTP Basic users against, as a process of its
 * own that tests and the benchmark harness start and stop like the downstream.
 *
 * <pre>
 * java -jar ldap/target/fluxbench-ldap.jar [--ldap.port=8389] [--server.port=8390] [--ldif=PATH]
 * </pre>
 *
 * It loads the LDIF, listens for LDAP on 127.0.0.1, and only then answers the readiness
 * probe, so a launcher that saw 200 can bind at once. Bad arguments end it with exit code
 * 2 and one line on stderr; a port it cannot bind, with exit code 1. SIGTERM closes both
 * servers.
 */
public final class DirectoryServer implements AutoCloseable {

	private final Directory directory;

	private final Probes probes;

	private final AtomicBoolean closed = new AtomicBoolean();

	private final CountDownLatch stopped = new CountDownLatch(1);

	private DirectoryServer(Directory directory, Probes probes) {
		this.directory = directory;
		this.probes = probes;
	}

	public static void main(String[] args) throws InterruptedException {
		DirectoryServer server;
		try {
			server = start(Options.parse(args));
		}
		catch (StartupException ex) {
			System.err.println("fluxbench-ldap: " + ex.getMessage());
			System.exit(ex.exitCode());
			return;
		}
		Runtime.getRuntime().addShutdownHook(new Thread(server::close, "fluxbench-ldap-shutdown"));
		// The JVM must not end with main: whether the listeners' threads would hold it is
		// the library's business, and may change.
		server.stopped.await();
	}

	/**
	 * Loads the directory, then listens for LDAP, then for HTTP.
	 * @throws StartupException if an argument is wrong or a port cannot be bound; nothing
	 * is left listening then
	 */
	static DirectoryServer start(Options options) {
		Directory directory = Directory.load(options.ldapPort(), options.ldifFile().orElse(null));
		directory.listen();
		Probes probes;
		try {
			probes = Probes.start(options.httpPort(), directory);
		}
		catch (RuntimeException ex) {
			directory.close();
			throw ex;
		}
		System.out.println("Loaded " + directory.users() + " users and " + directory.groups() + " groups under "
				+ Directory.BASE_DN + " from " + directory.source());
		System.out.println("LDAP listening on " + directory.url().orElseThrow());
		System.out.println("HTTP probes on http://" + Directory.LOOPBACK.getHostAddress() + ":" + probes.port()
				+ Probes.READINESS);
		return new DirectoryServer(directory, probes);
	}

	int ldapPort() {
		return this.directory.port().orElseThrow();
	}

	int httpPort() {
		return this.probes.port();
	}

	Directory directory() {
		return this.directory;
	}

	/**
	 * Stops HTTP first, so that no prober sees the directory ready while it closes its
	 * connections. Calling it again does nothing.
	 */
	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		try {
			this.probes.close();
			this.directory.close();
			System.out.println("Stopped");
		}
		finally {
			this.stopped.countDown();
		}
	}

}

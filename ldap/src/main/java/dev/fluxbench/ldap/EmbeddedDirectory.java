package dev.fluxbench.ldap;

/**
 * The directory inside the caller's JVM, for tests: the bundled seed (users ada, bob and
 * loadtest with the password {@code NAME-secret}; ada in admins, all three in users) on a
 * free port of 127.0.0.1. The one way the apps' tests and the contract suite get a
 * directory, so that they all authenticate against the entries the launched server
 * serves.
 */
public final class EmbeddedDirectory implements AutoCloseable {

	private Directory directory;

	private final int port;

	private EmbeddedDirectory(Directory directory, int port) {
		this.directory = directory;
		this.port = port;
	}

	/**
	 * Loads the bundled seed and listens on a port the system picks, so no other process
	 * can take it between the choice and the bind.
	 */
	public static EmbeddedDirectory start() {
		Directory directory = Directory.load(0, null);
		directory.listen();
		return new EmbeddedDirectory(directory, directory.port().orElseThrow());
	}

	/** {@code ldap://127.0.0.1:PORT}, the same after {@link #restart()}. */
	public String url() {
		return "ldap://" + Directory.LOOPBACK.getHostAddress() + ":" + this.port;
	}

	/** Stops listening and drops every connection: the directory is down. */
	public synchronized void stop() {
		this.directory.close();
	}

	/**
	 * Brings the directory back on the port it had, from the seed again, so that a client
	 * configured with {@link #url()} finds it where it was.
	 * @throws RuntimeException if the port was taken while the directory was down
	 */
	public synchronized void restart() {
		this.directory.close();
		this.directory = Directory.load(this.port, null);
		this.directory.listen();
	}

	@Override
	public void close() {
		stop();
	}

}

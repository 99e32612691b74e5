package dev.fluxbench.harness.engines;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.launch.EnvironmentException;
import org.apache.jmeter.rmi.RmiUtils;

/**
 * The JMeter remote engines a run's measured loads are split across, and how RMI reaches
 * them. Every engine runs the whole test plan, as JMeter's remote testing does, so each
 * plan carries its engine's share of the users or of the rate.
 *
 * @param addresses each engine's {@code host:port}, in the order given
 * @param keystore the keystore of RMI over SSL, the same on the client and every engine;
 * empty for plain RMI on a trusted network ({@code --rmi-no-ssl})
 */
public record Engines(List<String> addresses, Optional<Path> keystore) {

	/**
	 * The name JMeter binds its engine under in an agent's registry (not public in
	 * JMeter).
	 */
	static final String ENGINE_NAME = "JMeterEngine";

	public Engines {
		addresses = List.copyOf(addresses);
		if (addresses.isEmpty()) {
			throw new IllegalArgumentException("--engines needs at least one host:port");
		}
	}

	/**
	 * Reads {@code --engines}: {@code host:port} entries, comma-separated, none twice.
	 * @throws IllegalArgumentException with a one-line reason
	 */
	public static Engines parse(List<String> entries, Optional<Path> keystore) {
		LinkedHashSet<String> addresses = new LinkedHashSet<>();
		for (String entry : entries) {
			String address = entry.strip();
			int colon = address.lastIndexOf(':');
			if (colon <= 0 || colon == address.length() - 1) {
				throw new IllegalArgumentException("--engines takes host:port entries, not '" + entry + "'");
			}
			int port;
			try {
				port = Integer.parseInt(address.substring(colon + 1));
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("--engines: '" + entry + "' has no port number");
			}
			if (port < 1 || port > 65_535) {
				throw new IllegalArgumentException("--engines: " + port + " is not a TCP port (1-65535)");
			}
			if (!addresses.add(address)) {
				throw new IllegalArgumentException("--engines names " + address + " twice");
			}
		}
		keystore.ifPresent((file) -> {
			if (!Files.isRegularFile(file)) {
				throw new IllegalArgumentException("--rmi-keystore " + file
						+ " is not a file: make one with 'fluxbench agent --init-keystore' and copy it to every engine");
			}
		});
		return new Engines(new ArrayList<>(addresses), keystore);
	}

	public int count() {
		return this.addresses.size();
	}

	/**
	 * Each engine's users of a closed load: every engine runs the same plan, so the users
	 * must split evenly.
	 * @throws IllegalArgumentException when they do not
	 */
	public int users(int load) {
		if (load % count() != 0) {
			throw new IllegalArgumentException("a load of " + load + " users does not split evenly over " + count()
					+ " engines: give --users in multiples of " + count());
		}
		return load / count();
	}

	/** Each engine's arrival rate of an open load. */
	public double rate(double load) {
		return load / count();
	}

	/**
	 * The engine a sample came from: JMeter names every thread of a remote engine after
	 * the address the client reached it at.
	 */
	public String engineOf(String threadName) {
		for (String address : this.addresses) {
			if (threadName.startsWith(address + "-")) {
				return address;
			}
		}
		return "";
	}

	/**
	 * The JMeter properties of RMI for this client. JMeter reads them once per JVM, when
	 * RMI is first used.
	 */
	public Map<String, String> rmiProperties() {
		return rmiProperties(this.keystore);
	}

	static Map<String, String> rmiProperties(Optional<Path> keystore) {
		return keystore.map((file) -> Map.of("server.rmi.ssl.disable", "false", "server.rmi.ssl.keystore.file",
				file.toAbsolutePath().toString(), "server.rmi.ssl.truststore.file", file.toAbsolutePath().toString()))
			.orElse(Map.of("server.rmi.ssl.disable", "true"));
	}

	/**
	 * The address engines call this client back at, for the samples they send: the local
	 * address of the route to the first engine, unless {@code java.rmi.server.hostname}
	 * says. JMeter refuses a loopback host name for it otherwise.
	 */
	public String callbackHost() {
		String given = System.getProperty("java.rmi.server.hostname");
		if (given != null) {
			return given;
		}
		String first = this.addresses.get(0);
		String host = first.substring(0, first.lastIndexOf(':'));
		try (DatagramSocket probe = new DatagramSocket()) {
			// Connecting a datagram socket sends nothing: it only picks the route.
			probe.connect(new InetSocketAddress(InetAddress.getByName(host), 9));
			return probe.getLocalAddress().getHostAddress();
		}
		catch (SocketException | UnknownHostException ex) {
			throw new EnvironmentException("engine " + first + " cannot be reached: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Sets this JVM up as the engines' client, then checks that every engine answers,
	 * before anything starts.
	 * @throws EnvironmentException naming the first engine that does not
	 */
	public void connect() {
		if (System.getProperty("java.rmi.server.hostname") == null) {
			System.setProperty("java.rmi.server.hostname", callbackHost());
		}
		Rmi.configure(rmiProperties());
		for (String address : this.addresses) {
			check(address);
		}
	}

	/**
	 * Whether the engine at {@code address} still answers on its registry.
	 * @throws EnvironmentException when it does not
	 */
	static void check(String address) {
		int colon = address.lastIndexOf(':');
		try {
			Registry registry = LocateRegistry.getRegistry(address.substring(0, colon),
					Integer.parseInt(address.substring(colon + 1)), RmiUtils.createClientSocketFactory());
			registry.lookup(ENGINE_NAME);
		}
		catch (RemoteException | NotBoundException | RuntimeException ex) {
			throw new EnvironmentException("JMeter engine " + address + " does not answer: " + rootMessage(ex)
					+ " (is 'fluxbench agent' running" + " there, with the same RMI settings?)", ex);
		}
	}

	/**
	 * Every engine's CPU time so far, in seconds, by address: the generator's cost when
	 * the engines run the load.
	 * @throws RemoteException when an engine does not answer
	 */
	public Map<String, Double> cpuSeconds() throws RemoteException, NotBoundException {
		Map<String, Double> seconds = new LinkedHashMap<>();
		for (String address : this.addresses) {
			seconds.put(address, counters(address).cpuNanos() / 1e9);
		}
		return seconds;
	}

	static AgentCounters counters(String address) throws RemoteException, NotBoundException {
		int colon = address.lastIndexOf(':');
		return (AgentCounters) LocateRegistry
			.getRegistry(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)),
					RmiUtils.createClientSocketFactory())
			.lookup(AgentCounters.NAME);
	}

	static String rootMessage(Throwable failure) {
		Throwable root = failure;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		String message = (root.getMessage() != null) ? root.getMessage() : root.getClass().getSimpleName();
		return message.lines().findFirst().orElse("");
	}

}

package dev.fluxbench.harness.engines;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import dev.fluxbench.harness.launch.EnvironmentException;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.functions.EvalFunction;
import org.apache.jmeter.rmi.RmiUtils;
import org.apache.jmeter.util.JMeterUtils;

/**
 * A JMeter remote engine in this JVM ({@code fluxbench agent}): JMeter's own RMI server,
 * from the jars the harness already has. It runs whatever test plan a client sends, one
 * at a time, until the process ends.
 *
 * @param port the port of its RMI registry, which clients name in {@code --engines}
 * @param host the address clients reach it at, which RMI writes into what it hands out
 * @param keystore the keystore of RMI over SSL; empty for plain RMI
 */
public record Agent(int port, String host, Optional<Path> keystore) {

	/**
	 * What this JVM serves, held here: RMI keeps only weak references to the objects it
	 * exports.
	 */
	private static final List<Remote> SERVED = new CopyOnWriteArrayList<>();

	/** JMeter's own registry port of a remote engine. */
	public static final int DEFAULT_PORT = 1099;

	/** JMeter's own name of the keystore, in the current directory. */
	public static final String KEYSTORE = "rmi_keystore.jks";

	/** How many days a key made with {@code --init-keystore} is valid. */
	public static final int KEY_DAYS = 365;

	/**
	 * The address this machine's name resolves to; the loopback address when that is
	 * where it resolves.
	 */
	public static String defaultHost() {
		try {
			return InetAddress.getLocalHost().getHostAddress();
		}
		catch (UnknownHostException ex) {
			return InetAddress.getLoopbackAddress().getHostAddress();
		}
	}

	/**
	 * Starts the engine, and its {@link AgentCounters} beside it; returns once both are
	 * bound.
	 * @param journeys a load's journey counts on this engine by its counter's id
	 * @throws EnvironmentException when the port is taken or RMI cannot start
	 */
	public void start(Function<String, long[]> journeys) {
		try (ServerSocket probe = new ServerSocket(this.port)) {
			// Only a check: JMeter would say no more than "Continuing..." on a taken
			// port.
		}
		catch (IOException ex) {
			throw new EnvironmentException("port " + this.port + " is taken: " + ex.getMessage(), ex);
		}
		System.setProperty("java.rmi.server.hostname", this.host);
		Rmi.configure(Engines.rmiProperties(this.keystore));
		// JMeter finds functions such as __Random by scanning its search path, which a
		// jar started with -jar leaves without the functions' jar.
		JMeterUtils.setProperty("search_paths", jarOf(EvalFunction.class));
		JMeterUtils.initLocale();
		try {
			RemoteJMeterEngineImpl.startServer(this.port);
			AgentCounters counters = new Counters(journeys);
			SERVED.add(counters);
			AgentCounters exported = (AgentCounters) UnicastRemoteObject.exportObject(counters,
					RmiUtils.DEFAULT_LOCAL_PORT, RmiUtils.createClientSocketFactory(),
					RmiUtils.createServerSocketFactory());
			LocateRegistry.getRegistry(this.host, this.port, RmiUtils.createClientSocketFactory())
				.rebind(AgentCounters.NAME, exported);
		}
		catch (RemoteException | RuntimeException ex) {
			throw new EnvironmentException(
					"the JMeter engine could not start on port " + this.port + ": " + Engines.rootMessage(ex), ex);
		}
	}

	/** What the agent says once it listens. */
	public String describe() {
		return "JMeter engine listening on " + this.host + ":" + this.port + ", "
				+ this.keystore.map((file) -> "RMI over SSL with keystore " + file)
					.orElse("plain RMI (--rmi-no-ssl: a trusted network only)");
	}

	private static String jarOf(Class<?> type) {
		try {
			return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** A named class: RMI exports it with a stub of its remote interface. */
	private record Counters(Function<String, long[]> journeys) implements AgentCounters {

		@Override
		public long[] takeJourneys(String counterId) {
			return this.journeys.apply(counterId);
		}

		@Override
		public long cpuNanos() {
			return ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
				.getProcessCpuTime();
		}

	}

}

package dev.fluxbench.launcher;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every service this JVM launched and did not stop yet, ready or still starting. A
 * shutdown hook stops them when the JVM ends, whether a test run finished, failed or was
 * interrupted with Ctrl-C: a child JVM left behind would hold its port and skew the next
 * measurement. It gets its stop grace here; the {@link Supervisor} covers the ends that
 * run no hook, such as SIGKILL.
 */
final class ServiceRegistry {

	private static final Set<ServiceProcess> RUNNING = ConcurrentHashMap.newKeySet();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(ServiceRegistry::stopAll, "fluxbench-launcher-stop-all"));
	}

	private ServiceRegistry() {
	}

	static void register(ServiceProcess service) {
		RUNNING.add(service);
	}

	static void unregister(ServiceProcess service) {
		RUNNING.remove(service);
	}

	static Set<ServiceProcess> running() {
		return Set.copyOf(RUNNING);
	}

	/**
	 * Stops all in parallel, so that the JVM's exit waits for the slowest grace, not
	 * their sum.
	 */
	static void stopAll() {
		List<Thread> stoppers = running().stream()
			.map((service) -> Thread.ofPlatform().name("stop-" + service.name()).start(service::stop))
			.toList();
		for (Thread stopper : stoppers) {
			try {
				stopper.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

}

package dev.fluxbench.contract;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.fluxbench.launcher.JvmService;
import dev.fluxbench.launcher.RunningService;
import dev.fluxbench.ldap.EmbeddedDirectory;

/**
 * The three stacks of one database, running from their jars against one downstream. Owns
 * the processes: closing it stops them.
 */
final class Stacks implements AutoCloseable {

	/**
	 * The same flags for every stack: small fixed heaps, and C1 only, because these JVMs
	 * answer a few hundred requests and C2 would only compete for the two cores. A fixed
	 * locale keeps messages comparable across stacks.
	 */
	static final List<String> JVM_FLAGS = List.of("-Xms256m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
			"-Duser.language=en", "-Duser.country=US", "--enable-native-access=ALL-UNNAMED",
			// In the log, so that a failed call quotes the collections around it.
			"-Xlog:gc:stdout");

	/** Enough for the suite's few concurrent requests per stack. */
	static final int DB_POOL_SIZE = 6;

	/**
	 * Short, so that the 504 tests are quick; far above a healthy downstream's answer
	 * time.
	 */
	static final String DOWNSTREAM_READ_TIMEOUT = "2s";

	/**
	 * The chain's time limiter: as short as the read timeout above, for the same reasons.
	 */
	static final String CHAIN_TIMEOUT = "2s";

	/**
	 * The chain's guards, made quick to trip and to heal so that ChainContractIT opens a
	 * breaker and sees it close again within seconds: a window of the last 20 calls,
	 * which the suite's few failing calls per stack cannot half fill, and a short wait
	 * when open, yet long enough for the test to see it open. Only the chain reads them.
	 */
	static final List<String> CHAIN_GUARDS = List.of(
			"--resilience4j.circuitbreaker.instances.downstream.sliding-window-type=COUNT_BASED",
			"--resilience4j.circuitbreaker.instances.downstream.sliding-window-size=20",
			"--resilience4j.circuitbreaker.instances.downstream.minimum-number-of-calls=20",
			"--resilience4j.circuitbreaker.instances.downstream.wait-duration-in-open-state=2s",
			"--resilience4j.timelimiter.instances.downstream.timeout-duration=" + CHAIN_TIMEOUT,
			"--fluxbench.chain.hop-timeout=10s");

	private final Database database;

	private final Map<Stack, RunningService> services;

	private final Map<Stack, Client> clients = new EnumMap<>(Stack.class);

	private final Client downstream;

	private Stacks(Database database, Map<Stack, RunningService> services, RunningService downstream) {
		this.database = database;
		this.services = services;
		this.downstream = new Client("downstream", downstream);
		services.forEach((stack, service) -> this.clients.put(stack, new Client(database + "/" + stack, service)));
	}

	/**
	 * Lines of a partner's delta file: enough for batches and rejections, quick to ingest
	 * six times.
	 */
	static final int DELTA_FILE_UNITS = 2000;

	/** Files with broken and repeated lines, so that every ingestion rejects some. */
	static final int DELTA_FILE_MALFORMED_EVERY = 97;

	static final int DELTA_FILE_DUPLICATE_EVERY = 89;

	static RunningService startDownstream() {
		return JvmService.jar("downstream", App.DOWNSTREAM.jar())
			.jvmFlags(App.DOWNSTREAM.jvmFlags())
			.args("--fluxbench.downstream-server.partner.units=" + DELTA_FILE_UNITS,
					"--fluxbench.downstream-server.partner.malformed-every=" + DELTA_FILE_MALFORMED_EVERY,
					"--fluxbench.downstream-server.partner.duplicate-every=" + DELTA_FILE_DUPLICATE_EVERY)
			.logFile(logs().resolve("downstream.log"))
			.start();
	}

	/**
	 * How long one stack may take to start, from its own launch: far above a start on a
	 * quiet machine, since on a busy one a start took minutes. The wait ends as soon as
	 * it is ready.
	 */
	private static final Duration READY_TIMEOUT = Duration.ofMinutes(10);

	/**
	 * How many stacks start at once: a start-up is mostly one thread, so one per core
	 * keeps the cores busy, and more only makes each start slower. With more JVMs than
	 * cores, each one's compiler threads wait for a core, and it interprets for longer:
	 * starting all eight at once cost more CPU in all than starting them two by two.
	 */
	private static final int PARALLEL_STARTS = Runtime.getRuntime().availableProcessors();

	/** Starts the stacks side by side, as many at once as {@link #PARALLEL_STARTS}. */
	static Stacks start(Database database, RunningService downstream, EmbeddedDirectory directory) {
		// Every jar is looked up before anything starts, so that a missing one leaves
		// nothing running.
		Map<Stack, JvmService> definitions = new EnumMap<>(Stack.class);
		for (Stack stack : Stack.values()) {
			definitions.put(stack, service(database, stack, downstream, directory));
		}
		Map<Stack, Future<RunningService>> starting = new EnumMap<>(Stack.class);
		try (ExecutorService executor = Executors.newFixedThreadPool(PARALLEL_STARTS)) {
			definitions.forEach((stack, definition) -> starting.put(stack, executor.submit(() -> {
				database.reset(stack);
				return definition.start();
			})));
		}
		Map<Stack, RunningService> services = new EnumMap<>(Stack.class);
		List<Throwable> failures = new ArrayList<>();
		starting.forEach((stack, future) -> {
			try {
				services.put(stack, future.get());
			}
			catch (ExecutionException ex) {
				failures.add(ex.getCause());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				failures.add(ex);
			}
		});
		if (!failures.isEmpty()) {
			services.values().forEach(RunningService::stop);
			IllegalStateException failure = new IllegalStateException(
					"Could not start the stacks on " + database + ": " + failures.getFirst().getMessage(),
					failures.getFirst());
			failures.stream().skip(1).forEach(failure::addSuppressed);
			throw failure;
		}
		return new Stacks(database, services, downstream);
	}

	private static JvmService service(Database database, Stack stack, RunningService downstream,
			EmbeddedDirectory directory) {
		return JvmService.jar(stack.id(), stack.app().jar())
			.jvmFlags(stack.app().jvmFlags())
			.args(database.args(stack))
			.args("--fluxbench.downstream.base-url=" + downstream.baseUri(),
					"--fluxbench.downstream.read-timeout=" + DOWNSTREAM_READ_TIMEOUT,
					"--fluxbench.partner-repository.base-url=" + downstream.baseUri(),
					"--fluxbench.partner-repository.read-timeout=" + DOWNSTREAM_READ_TIMEOUT,
					"--fluxbench.ingestion.base-url=" + downstream.baseUri(),
					// No ingestion of its own during the suite: only the tests' ones.
					"--fluxbench.ingestion.schedule=-", "--fluxbench.ldap.url=" + directory.url(),
					// Eight stacks share one database server, and the jdbc variants hold
					// a JDBC and an R2DBC pool each: at the benchmark's pool size they
					// would pass PostgreSQL's 100 connections.
					"--fluxbench.db.pool.max-size=" + DB_POOL_SIZE)
			.args(CHAIN_GUARDS)
			.readyTimeout(READY_TIMEOUT)
			.logFile(logs().resolve(database + "-" + stack.id() + ".log"));
	}

	private static Path logs() {
		return Path.of(System.getProperty("fluxbench.logs", "target/stack-logs"));
	}

	Database database() {
		return this.database;
	}

	Client client(Stack stack) {
		return this.clients.get(stack);
	}

	/**
	 * The downstream every stack calls: the passthrough's target and the partners' file
	 * server.
	 */
	Client downstream() {
		return this.downstream;
	}

	RunningService service(Stack stack) {
		return this.services.get(stack);
	}

	@Override
	public void close() {
		try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
			this.services.values().forEach((service) -> executor.submit(service::stop));
		}
	}

	@Override
	public String toString() {
		return this.database.toString();
	}

}

package dev.fluxbench.app.operation;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.fluxbench.app.operation.OperationsProperties.Repository;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;

/**
 * Where seed 002's calls run, under {@code operations} in /actuator/info: the store, and
 * the threads that wait for it, with their limits. The JDBC pool is under
 * {@code database.jdbc}.
 */
class OperationsInfoContributor implements InfoContributor {

	private final OperationsVariant variant;

	private final OperationsProperties properties;

	private final Object virtualThreadExecutor;

	/**
	 * Creates the contributor for the given variant and its limits.
	 * @param virtualThreadExecutor the application task executor Boot configures, which
	 * runs the blocking controller methods under virtual threads; null without one
	 */
	OperationsInfoContributor(OperationsVariant variant, OperationsProperties properties,
			Object virtualThreadExecutor) {
		this.variant = variant;
		this.properties = properties;
		this.virtualThreadExecutor = virtualThreadExecutor;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> operations = new LinkedHashMap<>();
		operations.put("variant", this.variant.stack());
		operations.put("repository", this.properties.repository().name().toLowerCase(Locale.ROOT));
		operations.put("accounts", (this.properties.repository() == Repository.JPA) ? "jdbc" : "r2dbc");
		switch (this.variant) {
			case WEBFLUX -> operations.put("executionOn", "event-loop");
			case JDBC -> {
				operations.put("executionOn", "scheduler");
				operations.put("scheduler", "bounded-elastic");
				operations.put("threadNamePrefix", OperationsConfiguration.SCHEDULER_THREADS);
				operations.put("threadCap", this.properties.threadCap());
				operations.put("queuedTaskCap", this.properties.queuedTaskCap());
			}
			case JDBC_PARALLEL -> {
				operations.put("executionOn", "scheduler");
				operations.put("scheduler", "parallel");
				// Reactor's rule: reactor.schedulers.defaultPoolSize, or one thread per
				// processor.
				operations.put("threadCap", Schedulers.DEFAULT_POOL_SIZE);
				operations.put("queuedTaskCap", "unbounded");
			}
			case VT -> {
				operations.put("executionOn", "virtual-threads");
				operations.put("threadCap", virtualThreadCap());
			}
		}
		builder.withDetail("operations", operations);
	}

	/**
	 * {@code spring.task.execution.simple.concurrency-limit}, read from the executor that
	 * applies it.
	 */
	private Object virtualThreadCap() {
		if (this.virtualThreadExecutor instanceof SimpleAsyncTaskExecutor simple && simple.isThrottleActive()) {
			return simple.getConcurrencyLimit();
		}
		return "unbounded";
	}

}

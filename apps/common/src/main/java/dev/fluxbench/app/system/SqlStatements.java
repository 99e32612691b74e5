package dev.fluxbench.app.system;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.function.SingletonSupplier;

/**
 * Counts the SQL statements the app sends to its database, as the driver's proxy sees
 * them execute ({@code fluxbench_sql_statements_total}): the harness divides its growth
 * over a load by the requests, so a report shows what each way of reading costs in round
 * trips without anyone guessing. A batch counts once, as one round trip.
 */
public final class SqlStatements {

	public static final String METRIC = "fluxbench.sql.statements";

	// The proxies are made while the context starts, Flyway's statements run before the
	// registry may exist, and a post-processor must not pull the registry in early.
	private final SingletonSupplier<Counter> counter;

	public SqlStatements(ObjectProvider<MeterRegistry> registry) {
		this.counter = SingletonSupplier.of(() -> Counter.builder(METRIC)
			.description("SQL statements executed against the database, a batch counting once")
			.register(registry.getObject()));
	}

	/**
	 * Registers the counter at 0 once the app has started, so that the harness's first
	 * scrape of a load finds it even where nothing ran SQL yet (webflux's Flyway uses
	 * JDBC, not the counted R2DBC).
	 */
	public void register() {
		this.counter.obtain();
	}

	public void executed() {
		this.counter.obtain().increment();
	}

}

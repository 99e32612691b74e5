package dev.fluxbench.contract;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * One test at a time on each database's stacks, and the databases side by side. A suite's
 * runs on H2, PostgreSQL and MariaDB share no process and no data, so they run at once
 * ({@link ContractSuite} makes them concurrent); on one database, tests take turns, so no
 * test sees another's requests in the metrics, logs and pools it reads, as when the suite
 * ran one test at a time. Most of a test is waiting (on a downstream's delay, a timeout,
 * a breaker's window), and the stacks of the next database start while the first one's
 * tests run.
 */
final class DatabaseLanes implements BeforeEachCallback, AfterEachCallback {

	private static final Namespace NAMESPACE = Namespace.create(DatabaseLanes.class);

	private static final Map<Database, Semaphore> LANES = new ConcurrentHashMap<>();

	@Override
	public void beforeEach(ExtensionContext context) {
		Database database = database(context);
		Semaphore lane = LANES.computeIfAbsent(database, (key) -> new Semaphore(1, true));
		// A managed wait: the pool lends another thread to the other databases' tests
		// while this one waits for its turn.
		ManagedWait.call("take the turn on " + database, () -> {
			lane.acquire();
			return lane;
		});
		context.getStore(NAMESPACE).put(Semaphore.class, lane);
	}

	@Override
	public void afterEach(ExtensionContext context) {
		Semaphore lane = context.getStore(NAMESPACE).remove(Semaphore.class, Semaphore.class);
		if (lane != null) {
			lane.release();
		}
	}

	/** The database of the {@link Stacks} the suite's instance was given. */
	private static Database database(ExtensionContext context) {
		Object instance = context.getRequiredTestInstance();
		List<Field> fields = ReflectionSupport.findFields(instance.getClass(),
				(field) -> field.getType() == Stacks.class, HierarchyTraversalMode.TOP_DOWN);
		if (fields.size() != 1) {
			throw new IllegalStateException(instance.getClass().getSimpleName()
					+ " must have exactly one Stacks field, the @Parameter a @ContractSuite injects: found "
					+ fields.size());
		}
		Object stacks = ReflectionSupport.tryToReadFieldValue(fields.getFirst(), instance)
			.getOrThrow(IllegalStateException::new);
		return ((Stacks) stacks).database();
	}

}

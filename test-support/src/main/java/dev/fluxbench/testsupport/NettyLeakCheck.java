package dev.fluxbench.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class after which Netty found a buffer that was never released. Netty only
 * logs a leak, as an ERROR line starting with {@code LEAK:}, and only once the buffer has
 * been garbage collected and a later allocation polls its detector's queue: a log line
 * fails no build, and it may come classes later or never. So the build runs every test
 * JVM with {@code io.netty.customResourceLeakDetector} naming {@link Detector}, which
 * records each leak as it logs it, and with this extension, registered through
 * {@code META-INF/services} (the build turns on JUnit's extension autodetection), which
 * after each class collects garbage, allocates to make the detectors look, and fails the
 * class if any leak was recorded. A leak's record, at the {@code paranoid} level the
 * build sets, says where the buffer was created and last touched.
 * <p>
 * A buffer is found only once it is collected: one that a cached Spring context still
 * holds is found after a later class, which then fails in its place. Its record names the
 * code to fix.
 */
public final class NettyLeakCheck implements AfterAllCallback {

	/**
	 * Looks at the detectors' queues before a class counts as clean: the reference
	 * handler may not have queued a collected buffer yet at the first.
	 */
	private static final int ROUNDS = 3;

	private static final Queue<String> LEAKS = new ConcurrentLinkedQueue<>();

	@Override
	public void afterAll(ExtensionContext context) throws InterruptedException {
		assertNoLeak(context.getDisplayName());
	}

	/** Fails if a leak was found by now, naming where it was looked for. */
	static void assertNoLeak(String where) throws InterruptedException {
		// One collection, the dear part of the check: a full one, of a heap that holds
		// the cached Spring contexts. A buffer still reachable then is found by the
		// check after a later class, as one a cached context holds is.
		System.gc();
		for (int round = 0; round < ROUNDS && LEAKS.isEmpty(); round++) {
			// The collector hands cleared references to the reference handler thread,
			// which queues them for their detector a moment later: give it that moment
			// before each look.
			Thread.sleep(50);
			poll(ByteBufAllocator.DEFAULT.buffer(1));
			poll(ByteBufAllocator.DEFAULT.directBuffer(1));
			poll(Unpooled.buffer(1));
		}
		List<String> leaks = new ArrayList<>();
		for (String leak = LEAKS.poll(); leak != null; leak = LEAKS.poll()) {
			leaks.add(leak);
		}
		if (!leaks.isEmpty()) {
			throw new AssertionError(leaks.size() + " Netty resource(s) leaked during or before " + where
					+ " (found once collected, which may be classes after the leak):\n" + String.join("\n\n", leaks));
		}
	}

	/**
	 * A tracked allocation makes its detector report the leaks it has queued since the
	 * last one.
	 */
	private static void poll(ByteBuf buffer) {
		buffer.release();
	}

	/**
	 * Netty's own detector, which also keeps what it reports. Netty instantiates it by
	 * name, through one of these constructors.
	 */
	public static final class Detector<T> extends ResourceLeakDetector<T> {

		public Detector(Class<?> resourceType, int samplingInterval) {
			super(resourceType, samplingInterval);
		}

		/**
		 * The constructor Netty looks for first; without it, it logs an ERROR before it
		 * takes the other. The limit of active instances is one Netty no longer applies.
		 */
		public Detector(Class<?> resourceType, int samplingInterval, long maxActive) {
			this(resourceType, samplingInterval);
		}

		/**
		 * Always, even where the log is off for Netty: the check must not depend on
		 * logging.
		 */
		@Override
		protected boolean needReport() {
			return true;
		}

		@Override
		protected void reportTracedLeak(String resourceType, String records) {
			LEAKS.add("LEAK: " + resourceType + ".release() was not called before it was garbage-collected." + records);
			super.reportTracedLeak(resourceType, records);
		}

		@Override
		protected void reportUntracedLeak(String resourceType) {
			LEAKS.add("LEAK: " + resourceType + ".release() was not called before it was garbage-collected"
					+ " (no record: the leak detection level was below advanced).");
			super.reportUntracedLeak(resourceType);
		}

	}

}

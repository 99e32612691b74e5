package dev.fluxbench.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import dev.fluxbench.harness.results.ErrorCause;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleMonitor;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;

/**
 * Hands every JMeter sample to our own writer, as it happens, with our own error
 * classification. JMeter's JTL writer knows neither our causes nor the status each
 * request expects. It also times each sampler's call to the nanosecond, where JMeter
 * keeps whole milliseconds (docs/measurement.md).
 */
final class SampleSink extends BaseListener {

	/**
	 * JMeter copies test elements through their properties, which cannot hold a Java
	 * object: the element carries an id and finds its consumer here.
	 */
	private static final Map<String, BiConsumer<SampleResult, Optional<Duration>>> CONSUMERS = new ConcurrentHashMap<>();

	private static final String CONSUMER_ID = "fluxbench.consumerId";

	private final String id;

	private SampleSink(String id) {
		super("fluxbench samples", null);
		this.id = id;
	}

	/**
	 * A listener for a test plan, sending converted samples to {@code consumer} until
	 * {@link #close}.
	 * @param expectedStatus the status each label must answer to count as a success
	 */
	static SampleSink to(Consumer<Sample> consumer, Map<String, Integer> expectedStatus, Progress progress) {
		return to(consumer, expectedStatus, progress, (threadName) -> "");
	}

	/**
	 * The same, for samples that JMeter remote engines send.
	 * @param engineOf the engine a sample came from, by the name of its thread
	 */
	static SampleSink to(Consumer<Sample> consumer, Map<String, Integer> expectedStatus, Progress progress,
			UnaryOperator<String> engineOf) {
		String id = UUID.randomUUID().toString();
		CONSUMERS.put(id, (result, samplerTime) -> {
			Sample sample = convert(result, expectedStatus.getOrDefault(result.getSampleLabel(), 200), samplerTime,
					engineOf.apply(result.getThreadName()));
			progress.record(sample.success());
			consumer.accept(sample);
		});
		return new SampleSink(id);
	}

	void close() {
		CONSUMERS.remove(this.id);
	}

	@Override
	protected TestElement buildTestElement() {
		Element element = new Element();
		element.setProperty(CONSUMER_ID, this.id);
		return element;
	}

	static Sample convert(SampleResult result, int expectedStatus) {
		return convert(result, expectedStatus, Optional.empty());
	}

	static Sample convert(SampleResult result, int expectedStatus, Optional<Duration> samplerTime) {
		return convert(result, expectedStatus, samplerTime, "");
	}

	static Sample convert(SampleResult result, int expectedStatus, Optional<Duration> samplerTime, String engine) {
		String status = result.getResponseCode();
		boolean success = result.isSuccessful() && status.equals(Integer.toString(expectedStatus));
		String cause = success ? "" : ErrorCause.classify(status, result.getResponseMessage(), expectedStatus);
		return new Sample(Instant.ofEpochMilli(result.getStartTime()), result.getSampleLabel(),
				Duration.ofMillis(result.getTime()), Duration.ofMillis(result.getLatency()),
				Duration.ofMillis(result.getConnectTime()), result.getBytesAsLong(),
				SamplesCsv.isStatusCode(status) ? status : "", success, cause, samplerTime, engine);
	}

	/**
	 * The JMeter side. {@code NoThreadClone}: one instance serves every generator thread,
	 * so samples reach one writer instead of one copy per thread.
	 * <p>
	 * As a {@link SampleMonitor}, JMeter calls it on the generator thread right before
	 * and right after each sampler's call, then hands that call's result to the listeners
	 * on the same thread: the thread's last two clock readings belong to the result that
	 * arrives next. JMeter's own start and end of a sample are cut to the millisecond
	 * before they are stored ({@code sampleresult.useNanoTime} only changes the clock
	 * they are read from), so there is no finer reading of them to take.
	 * <p>
	 * As a {@link Remoteable} listener of samples and of the test's state, it stays here
	 * when the plan goes to JMeter remote engines: each engine sends it its samples in
	 * batches, over RMI. No clock readings come with them, so those samples have no
	 * sampler time.
	 */
	public static final class Element extends AbstractTestElement implements SampleListener, SampleMonitor,
			TestStateListener, Remoteable, org.apache.jmeter.engine.util.NoThreadClone {

		/**
		 * The current thread's sampler call: its start and end, end -1 until it ended.
		 */
		private static final ThreadLocal<long[]> SAMPLER_CALL = ThreadLocal.withInitial(() -> new long[] { 0, -1 });

		@Override
		public void sampleStarting(Sampler sampler) {
			long[] call = SAMPLER_CALL.get();
			call[1] = -1;
			call[0] = System.nanoTime();
		}

		@Override
		public void sampleEnded(Sampler sampler) {
			SAMPLER_CALL.get()[1] = System.nanoTime();
		}

		@Override
		public void sampleOccurred(SampleEvent event) {
			BiConsumer<SampleResult, Optional<Duration>> consumer = CONSUMERS.get(getPropertyAsString(CONSUMER_ID));
			if (consumer != null) {
				consumer.accept(event.getResult(), samplerTime());
			}
		}

		/**
		 * The last sampler call's time, once: a result that no call of its own preceded
		 * (a transaction's, made of others) gets none.
		 */
		private static Optional<Duration> samplerTime() {
			long[] call = SAMPLER_CALL.get();
			long end = call[1];
			call[1] = -1;
			return (end >= call[0]) ? Optional.of(Duration.ofNanos(end - call[0])) : Optional.empty();
		}

		@Override
		public void sampleStarted(SampleEvent event) {
		}

		@Override
		public void testStarted() {
		}

		@Override
		public void testStarted(String host) {
		}

		@Override
		public void testEnded() {
		}

		@Override
		public void testEnded(String host) {
		}

		@Override
		public void sampleStopped(SampleEvent event) {
		}

	}

	/** Counts for the status line, updated by every generator thread. */
	static final class Progress {

		private final AtomicLong samples = new AtomicLong();

		private final AtomicLong errors = new AtomicLong();

		void record(boolean success) {
			this.samples.incrementAndGet();
			if (!success) {
				this.errors.incrementAndGet();
			}
		}

		long samples() {
			return this.samples.get();
		}

		long errors() {
			return this.errors.get();
		}

		/** Active JMeter threads of the running test, for the status line. */
		static int activeThreads() {
			return JMeterContextService.getNumberOfThreads();
		}

	}

}

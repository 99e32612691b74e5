package dev.fluxbench.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.JMeterContextService;

import dev.fluxbench.harness.results.ErrorCause;
import dev.fluxbench.harness.results.Sample;
import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;

/**
 * Hands every JMeter sample to our own writer, as it happens, with our own error
 * classification. JMeter's JTL writer knows neither our causes nor the status each
 * request expects.
 */
final class SampleSink extends BaseListener {

	/**
	 * JMeter copies test elements through their properties, which cannot hold a Java
	 * object: the element carries an id and finds its consumer here.
	 */
	private static final Map<String, Consumer<SampleResult>> CONSUMERS = new ConcurrentHashMap<>();

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
		String id = UUID.randomUUID().toString();
		CONSUMERS.put(id, (result) -> {
			Sample sample = convert(result, expectedStatus.getOrDefault(result.getSampleLabel(), 200));
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
		String status = result.getResponseCode();
		boolean success = result.isSuccessful() && status.equals(Integer.toString(expectedStatus));
		String cause = success ? "" : ErrorCause.classify(status, result.getResponseMessage(), expectedStatus);
		return new Sample(Instant.ofEpochMilli(result.getStartTime()), result.getSampleLabel(),
				Duration.ofMillis(result.getTime()), Duration.ofMillis(result.getLatency()),
				Duration.ofMillis(result.getConnectTime()), result.getBytesAsLong(),
				status.matches("\\d{3}") ? status : "", success, cause);
	}

	/**
	 * The JMeter side. {@code NoThreadClone}: one instance serves every generator thread,
	 * so samples reach one writer instead of one copy per thread.
	 */
	public static final class Element extends AbstractTestElement
			implements SampleListener, org.apache.jmeter.engine.util.NoThreadClone {

		@Override
		public void sampleOccurred(SampleEvent event) {
			Consumer<SampleResult> consumer = CONSUMERS.get(getPropertyAsString(CONSUMER_ID));
			if (consumer != null) {
				consumer.accept(event.getResult());
			}
		}

		@Override
		public void sampleStarted(SampleEvent event) {
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

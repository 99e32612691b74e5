package dev.fluxbench.harness.run;

import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

import dev.fluxbench.harness.results.Journeys;
import org.apache.jmeter.control.GenericController;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import us.abstracta.jmeter.javadsl.core.testelements.BaseTestElement;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * Counts, in the generator, how the journeys of one load level end: two marks around the
 * journey count the users who start it and those who get past its last step, and
 * {@link StopUserOnFailure} counts those it stops. jmeter-java-dsl has no element that
 * runs code without making a sample: a JSR223 or flow-control sampler at the journey's
 * end would be one, and the scenario's think time, a timer, would wait before it as
 * before every sampler. So each mark is an empty logic controller, which JMeter visits on
 * its way through the journey and which makes no sample and takes no time.
 */
public final class JourneyCounter implements AutoCloseable {

	/**
	 * JMeter copies test elements through their properties, which cannot hold a Java
	 * object: each element carries its counter's id and finds the counter here.
	 */
	private static final Map<String, JourneyCounter> COUNTERS = new ConcurrentHashMap<>();

	private static final String COUNTER_ID = "fluxbench.journeyCounter";

	private static final String MARK = "fluxbench.journeyMark";

	/**
	 * A user's variable, set when it is being stopped: JMeter still walks the journey on
	 * to find its next sampler.
	 */
	private static final String STOPPED = "fluxbench.journeyStopped";

	/**
	 * Set in a JMeter remote engine ({@code fluxbench agent}): a client's load opened its
	 * counter in the client's JVM, so here a counter is made as its load first counts,
	 * and {@link #take taken} once the load ended.
	 */
	private static volatile boolean remote;

	private final String id;

	private final LongAdder started = new LongAdder();

	private final LongAdder completed = new LongAdder();

	private final LongAdder stopped = new LongAdder();

	private JourneyCounter(String id) {
		this.id = id;
	}

	static JourneyCounter open() {
		JourneyCounter counter = new JourneyCounter(UUID.randomUUID().toString());
		COUNTERS.put(counter.id, counter);
		return counter;
	}

	/** The first element of the journey: counts a user starting it. */
	ThreadGroupChild start() {
		return new Mark(this.id, Mark.Kind.START);
	}

	/** The last element of the journey: counts a user that went past its last step. */
	ThreadGroupChild end() {
		return new Mark(this.id, Mark.Kind.END);
	}

	StopUserOnFailure stopUserOnFailure() {
		return new StopUserOnFailure(this.id);
	}

	/** The counts so far; final once the level's test plan has returned. */
	Journeys journeys() {
		return Journeys.of(this.started.sum(), this.completed.sum(), this.stopped.sum());
	}

	@Override
	public void close() {
		COUNTERS.remove(this.id);
	}

	String id() {
		return this.id;
	}

	/** Makes this JVM count the journeys of loads that JMeter clients send it. */
	public static void countForClients() {
		remote = true;
	}

	/**
	 * In a remote engine, the counts of a client's load, forgotten once taken.
	 * @return started, completed and stopped journeys
	 */
	public static long[] take(String id) {
		JourneyCounter counter = COUNTERS.remove(id);
		return (counter != null) ? new long[] { counter.started.sum(), counter.completed.sum(), counter.stopped.sum() }
				: new long[3];
	}

	/** Called by {@link StopUserOnFailure} in the thread of the user it stops. */
	static void userStopped(String id) {
		JMeterVariables variables = JMeterContextService.getContext().getVariables();
		if (variables != null) {
			variables.putObject(STOPPED, Boolean.TRUE);
		}
		count(id, (counter) -> counter.stopped);
	}

	private static void count(String id, Function<JourneyCounter, LongAdder> which) {
		JourneyCounter counter = remote ? COUNTERS.computeIfAbsent(id, JourneyCounter::new) : COUNTERS.get(id);
		if (counter != null) {
			which.apply(counter).increment();
		}
	}

	/** The DSL side of a mark. */
	private static final class Mark extends BaseTestElement implements ThreadGroupChild {

		private final String id;

		private final Kind kind;

		Mark(String id, Kind kind) {
			super("journey " + kind.name().toLowerCase(Locale.ROOT), null);
			this.id = id;
			this.kind = kind;
		}

		@Override
		protected TestElement buildTestElement() {
			Element element = new Element();
			element.setProperty(COUNTER_ID, this.id);
			element.setProperty(MARK, this.kind.name());
			return element;
		}

		enum Kind {

			START, END

		}

	}

	/**
	 * The JMeter side of a mark: a controller with nothing under it that counts each time
	 * a user passes. It never says it is done, or JMeter would drop it from the user's
	 * journey as an empty controller after the first pass. Public, with a public
	 * constructor: JMeter clones it per user by reflection.
	 */
	public static final class Element extends GenericController {

		@Override
		public Sampler next() {
			JMeterVariables variables = JMeterContextService.getContext().getVariables();
			// After a stopping sample JMeter still asks for the next one, and may walk
			// past this mark.
			if (variables == null || variables.getObject(STOPPED) == null) {
				count(getPropertyAsString(COUNTER_ID), Mark.Kind.START.name().equals(getPropertyAsString(MARK))
						? (counter) -> counter.started : (counter) -> counter.completed);
			}
			return null;
		}

	}

}

package dev.fluxbench.harness.run;

import org.apache.jmeter.reporters.ResultAction;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.testelement.OnErrorTestElement;
import org.apache.jmeter.testelement.TestElement;
import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;
import us.abstracta.jmeter.javadsl.core.testelements.MultiLevelTestElement;

/**
 * Ends the user whose sample failed, as Gatling's {@code exitHereIfFailed}: JMeter's
 * Result Status Action Handler under one sampler, which also tells the level's
 * {@link JourneyCounter}. It is a listener, so it sees the sample after the status check
 * and every other assertion ran; a post-processor would see it before them.
 * jmeter-java-dsl has no element for it.
 */
final class StopUserOnFailure extends BaseListener implements MultiLevelTestElement {

	private static final String COUNTER_ID = "fluxbench.journeyCounter";

	private final String counterId;

	/**
	 * Creates the listener for the given counter.
	 * @param counterId the {@link JourneyCounter} that counts the users stopped
	 */
	StopUserOnFailure(String counterId) {
		super("stop the user on failure", null);
		this.counterId = counterId;
	}

	@Override
	protected TestElement buildTestElement() {
		Element action = new Element();
		action.setErrorAction(OnErrorTestElement.ON_ERROR_STOPTHREAD);
		action.setProperty(COUNTER_ID, this.counterId);
		return action;
	}

	/**
	 * The JMeter side; public, with a public constructor, since JMeter clones it per user
	 * by reflection.
	 */
	public static final class Element extends ResultAction {

		@Override
		public void sampleOccurred(SampleEvent event) {
			super.sampleOccurred(event);
			if (event.getResult().isStopThread()) {
				JourneyCounter.userStopped(getPropertyAsString(COUNTER_ID));
			}
		}

	}

}

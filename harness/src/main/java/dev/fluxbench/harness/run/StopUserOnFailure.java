package dev.fluxbench.harness.run;

import org.apache.jmeter.reporters.ResultAction;
import org.apache.jmeter.testelement.OnErrorTestElement;
import org.apache.jmeter.testelement.TestElement;

import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;
import us.abstracta.jmeter.javadsl.core.testelements.MultiLevelTestElement;

/**
 * Ends the user whose sample failed, as Gatling's {@code exitHereIfFailed}: JMeter's Result Status
 * Action Handler under one sampler. It is a listener, so it sees the sample after the status
 * check and every other assertion ran; a post-processor would see it before them.
 * jmeter-java-dsl has no element for it.
 */
final class StopUserOnFailure extends BaseListener implements MultiLevelTestElement {

	StopUserOnFailure() {
		super("stop the user on failure", null);
	}

	@Override
	protected TestElement buildTestElement() {
		ResultAction action = new ResultAction();
		action.setErrorAction(OnErrorTestElement.ON_ERROR_STOPTHREAD);
		return action;
	}

}

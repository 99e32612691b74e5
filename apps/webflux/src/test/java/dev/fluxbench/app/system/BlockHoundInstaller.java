package dev.fluxbench.app.system;

import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import reactor.blockhound.BlockHound;

/**
 * Installs BlockHound, with the integrations META-INF/services names (among them
 * {@link KnownBlockingCalls}), in every JVM that runs this module's tests, before the
 * first test. blockhound-junit-platform's listener does the same in its class's static
 * initialiser, which also runs where JUnit only lists the tests: surefire lists them in
 * Maven's own JVM when it spreads the classes over several test JVMs, and BlockHound
 * cannot instrument that JVM. This one installs only once tests execute; BlockHound
 * ignores every install after the first.
 */
public class BlockHoundInstaller implements TestExecutionListener {

	@Override
	public void testPlanExecutionStarted(TestPlan testPlan) {
		BlockHound.install();
	}

}

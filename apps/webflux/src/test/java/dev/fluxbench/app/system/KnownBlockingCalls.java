package dev.fluxbench.app.system;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The blocking calls that BlockHound may let pass in this module's tests, each with why. Loaded by
 * BlockHound from META-INF/services when blockhound-junit-platform installs it.
 */
public class KnownBlockingCalls implements BlockHoundIntegration {

	@Override
	public void applyTo(BlockHound.Builder builder) {
		// Hibernate Validator reads its ValidationMessages bundle from the jar the first time a
		// constraint fails, on whatever thread validates (an event loop, in WebFlux), and caches it.
		// A one-time read of a local jar, not I/O per request.
		builder.allowBlockingCallsInside("org.hibernate.validator.resourceloading.PlatformResourceBundleLocator",
				"loadBundle");
	}

}

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
		// Thymeleaf initialises its engine on the first render, reading its own version file from its
		// jar, and reads a template from the class path the first time it renders it; parsed
		// templates are cached (spring.thymeleaf.cache). Once per engine and template, not per request:
		// the statistics page's data (R2DBC, the meter registry) is read without blocking.
		builder.allowBlockingCallsInside("org.thymeleaf.TemplateEngine", "initialize");
		builder.allowBlockingCallsInside("org.thymeleaf.templateparser.markup.AbstractMarkupTemplateParser",
				"parse");
	}

}

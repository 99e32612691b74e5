package dev.fluxbench.harness.engines;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import org.apache.jmeter.rmi.RmiUtils;
import org.apache.jmeter.util.JMeterUtils;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * JMeter's RMI settings for this JVM. JMeter reads them into constants the first time RMI
 * is used, so they are set once, before, on the client as on an agent.
 */
final class Rmi {

	private static Map<String, String> configured;

	private Rmi() {
	}

	static synchronized void configure(Map<String, String> properties) {
		if (configured != null) {
			if (!configured.equals(properties)) {
				throw new IllegalStateException("JMeter's RMI is already set up otherwise in this JVM");
			}
			return;
		}
		try {
			// Loads jmeter.properties, as every run of the DSL's embedded engine does.
			new JmeterEnvironment();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not set JMeter up", ex);
		}
		properties.forEach(JMeterUtils::setProperty);
		// Reads the settings now, into JMeter's constants.
		RmiUtils.getRmiRegistryPort();
		configured = Map.copyOf(properties);
	}

}

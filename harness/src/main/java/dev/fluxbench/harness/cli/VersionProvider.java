package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

final class VersionProvider implements IVersionProvider {

	@Override
	public String[] getVersion() throws IOException {
		Properties versions = new Properties();
		try (InputStream in = VersionProvider.class.getResourceAsStream("/fluxbench-versions.properties")) {
			if (in != null) {
				versions.load(in);
			}
		}
		return new String[] { "fluxbench " + versions.getProperty("fluxbench", "unknown") + " (jmeter-java-dsl "
				+ versions.getProperty("jmeter-java-dsl", "?") + ", Java " + System.getProperty("java.version") + ")" };
	}

}

package dev.fluxbench.harness.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.harness.results.RunJson;

/**
 * Where a run's figures come from: fluxbench's and its libraries' versions, and the
 * commit it ran from.
 */
final class Provenance {

	private Provenance() {
	}

	static Properties versions() {
		Properties properties = new Properties();
		try (InputStream in = Provenance.class.getResourceAsStream("/fluxbench-versions.properties")) {
			if (in != null) {
				properties.load(in);
			}
		}
		catch (IOException ex) {
			// Versions are informative; a run without them is still a run.
		}
		properties.setProperty("jmeter", org.apache.jmeter.util.JMeterUtils.getJMeterVersion());
		return properties;
	}

	static RunJson.Git git(Path root) {
		return new RunJson.Git(command(root, "git", "rev-parse", "HEAD").orElse("unknown"),
				command(root, "git", "status", "--porcelain", "--untracked-files=no")
					.map((changes) -> !changes.isBlank()));
	}

	private static Optional<String> command(Path directory, String... command) {
		try {
			Process process = new ProcessBuilder(command).directory(directory.toFile())
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
			String output = new String(process.getInputStream().readAllBytes()).strip();
			return (process.waitFor(5, TimeUnit.SECONDS) && process.exitValue() == 0) ? Optional.of(output)
					: Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

}

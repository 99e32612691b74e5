package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.harness.cli.RunCommandBadInputTests.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code run --prometheus} on bad input or on a machine without Prometheus: exit 2 and
 * one line, before anything starts.
 */
class RunCommandPrometheusTests {

	@TempDir
	Path outParent;

	@TempDir
	Path bin;

	@Test
	void runWhenPrometheusIsNotOnThePathShouldBeBadUsage() {
		Outcome outcome = run(this.bin.toString(), "--prometheus");

		assertBadUsage(outcome, "--prometheus needs Prometheus' server 'prometheus' on the PATH: install Debian's"
				+ " package (apt-get install prometheus)");
	}

	@Test
	void runWhenTheIntervalComesWithoutPrometheusShouldBeBadUsage() {
		assertBadUsage(run(this.bin.toString(), "--prometheus-interval", "1s"),
				"--prometheus-interval goes with --prometheus");
	}

	@Test
	void runWhenTheIntervalIsBelowASecondShouldBeBadUsage() throws IOException {
		Files.createFile(this.bin.resolve("prometheus"),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));

		assertBadUsage(run(this.bin.toString(), "--prometheus", "--prometheus-interval", "500ms"),
				"--prometheus-interval: the scrape interval must be whole seconds from 1s to 1m, not 500ms");
	}

	private Outcome run(String path, String... args) {
		List<String> all = new ArrayList<>(
				List.of("run", "--project-root", this.outParent.resolve("no-project").toString(), "--out",
						this.outParent.resolve("results").toString()));
		all.addAll(List.of(args));
		return Outcome.of(RunCommand.class, new RunCommand(path), all);
	}

	private static void assertBadUsage(Outcome outcome, String reason) {
		assertThat(outcome.code()).as("exit code; stderr: %s", outcome.err()).isEqualTo(2);
		assertThat(outcome.errLines()).singleElement().asString().isEqualTo("fluxbench: " + reason);
		assertThat(outcome.out()).as("nothing started, nothing printed").isEmpty();
	}

}

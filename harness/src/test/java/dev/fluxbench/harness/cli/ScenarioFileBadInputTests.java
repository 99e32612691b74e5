package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.fluxbench.harness.cli.RunCommandBadInputTests.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bad scenario file ends the run before anything starts: exit code 2 and one line,
 * {@code fluxbench: FILE:LINE: reason}. The target is a port nothing listens on, so a
 * file that got past the reader would end with 3 (target unreachable) instead.
 */
class ScenarioFileBadInputTests {

	private static final String UNREACHABLE = "a=http://127.0.0.1:1";

	@TempDir
	Path directory;

	@Test
	void scenarioFileWhenAVariableIsUndefinedShouldBeBadUsageWithItsLine() throws IOException {
		Path file = write("""
				version: 1
				name: bad
				load:
				  closed: {users: [1], iterations: 1}
				journey:
				  - request:
				      label: user
				      path: /users/${userId}
				""");

		Outcome outcome = run(file);

		assertThat(outcome.code()).as("stderr: %s", outcome.err()).isEqualTo(ExitCode.USAGE);
		assertThat(outcome.errLines()).containsExactly("fluxbench: " + file + ":8: ${userId} is not defined: define it"
				+ " under variables, as a feeder column, or extract it in an earlier step");
		assertNothingStarted(outcome);
	}

	@Test
	void scenarioFileWhenYamlIsUnparsableShouldBeBadUsageWithTheLineOfTheProblem() throws IOException {
		Path file = write("""
				version: 1
				name: bad
				load:
				  closed:
				    users: [1]
				     iterations: 1
				""");

		Outcome outcome = run(file);

		assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
		assertThat(outcome.errLines()).singleElement()
			.asString()
			.startsWith("fluxbench: " + file + ":6: not valid YAML: ");
		assertNothingStarted(outcome);
	}

	@Test
	void scenarioFileWhenAnEnvironmentVariableIsUnsetShouldBeBadUsage() throws IOException {
		Path file = write("""
				version: 1
				name: bad
				load:
				  closed: {users: [1], iterations: 1}
				journey:
				  - request:
				      label: me
				      path: /me
				      basicAuth: {username: loadtest, password: "${env.FLUXBENCH_TEST_NEVER_SET}"}
				""");

		Outcome outcome = run(file);

		assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
		assertThat(outcome.errLines()).containsExactly("fluxbench: " + file + ":9: ${env.FLUXBENCH_TEST_NEVER_SET}"
				+ " refers to the environment variable FLUXBENCH_TEST_NEVER_SET, which is not set");
		assertNothingStarted(outcome);
	}

	@Test
	void scenarioFileWhenGoodShouldGetAsFarAsProbingTheTarget() throws IOException {
		Path file = write("""
				version: 1
				name: good
				load:
				  closed: {users: [1], iterations: 1}
				journey:
				  - request: {label: home, path: /}
				""");

		Outcome outcome = run(file);

		assertThat(outcome.code()).isEqualTo(ExitCode.ENVIRONMENT);
		assertThat(outcome.errLines()).singleElement().asString().contains("target a at http://127.0.0.1:1");
		assertNothingStarted(outcome);
	}

	private Path write(String yaml) throws IOException {
		return Files.writeString(this.directory.resolve("scenario.yaml"), yaml);
	}

	private Outcome run(Path file) {
		return RunCommandBadInputTests.execute("run", "--scenario-file", file.toString(), "--target", UNREACHABLE,
				"--out", this.directory.resolve("results").toString());
	}

	private void assertNothingStarted(Outcome outcome) {
		assertThat(outcome.out()).as("nothing started, nothing printed").isEmpty();
		assertThat(this.directory.resolve("results")).doesNotExist();
	}

}

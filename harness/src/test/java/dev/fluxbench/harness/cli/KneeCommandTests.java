package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.harness.scenario.Stack;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fluxbench knee}: its manual, and every bad command line ending before anything
 * starts with exit code 2 and one line that says why. The jars it sees are empty files.
 */
class KneeCommandTests {

	@TempDir
	Path projectRoot;

	@TempDir
	Path outParent;

	@BeforeEach
	void fakeJars() throws IOException {
		for (Stack stack : Stack.values()) {
			Files.createDirectories(this.projectRoot.resolve(stack.jar()).getParent());
			Files.writeString(this.projectRoot.resolve(stack.jar()), "not a jar");
		}
		Path downstream = this.projectRoot.resolve("downstream/target/fluxbench-downstream.jar");
		Files.createDirectories(downstream.getParent());
		Files.writeString(downstream, "not a jar");
	}

	@Test
	void kneeHelpShouldReadLikeAManPage() {
		RunCommandBadInputTests.Outcome outcome = RunCommandBadInputTests.execute("knee", "--help");
		assertThat(outcome.code()).isZero();
		assertThat(outcome.out()).contains("SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES", "SEE ALSO",
				"--slo=LIMITS", "(default: p99=500ms,", "errors=1%)", "--start-rate=RATE", "(default: 10)",
				"--max-rate=RATE", "--precision=PERCENT", "--margin=PERCENT", "--repeats=N", "--shortfall=PERCENT",
				"--step-hold=DURATION", "(default: 30s)", "--step-ramp=DURATION", "--scenario-file=FILE",
				"--target=NAME=URL", "--trials=N", "--scale=F", "Universal Scalability Law", "results: DIR",
				"docs/knee.md");
		assertThat(RunCommandBadInputTests.execute("--help").out()).contains("knee");
	}

	@Test
	void kneeWhenTheSloIsBadShouldBeBadUsage() {
		RunCommandBadInputTests.expect(knee("--slo", "p99=fast"))
			.isUsageError("--slo p99 takes a duration such as 500ms or 1.5s, not 'fast'");
		RunCommandBadInputTests.expect(knee("--slo", "p98=500ms")).isUsageError("--slo: unknown aspect 'p98'");
		RunCommandBadInputTests.expect(knee("--slo", "errors=1"))
			.isUsageError("--slo errors takes a percentage such as 1% or 0.5%");
	}

	@Test
	void kneeWhenRatesAreOutOfOrderShouldBeBadUsage() {
		RunCommandBadInputTests.expect(knee("--start-rate", "0"))
			.isUsageError("--start-rate must be at least 1, not 0");
		RunCommandBadInputTests.expect(knee("--start-rate", "100", "--max-rate", "50"))
			.isUsageError("--max-rate 50 is below --start-rate 100");
		RunCommandBadInputTests.expect(knee("--growth", "1"))
			.isUsageError("--growth must be a number above 1, not 1.0");
		RunCommandBadInputTests.expect(knee("--start-rate", "lots")).isUsageError("'lots' is not an int");
	}

	@Test
	void kneeWhenSharesAreOutOfRangeShouldBeBadUsage() {
		RunCommandBadInputTests.expect(knee("--precision", "0%"))
			.isUsageError("--precision must be above 0% and below 100%, not 0%");
		RunCommandBadInputTests.expect(knee("--precision", "tight"))
			.isUsageError("--precision must be a share such as 10% or 0.1, not 'tight'");
		RunCommandBadInputTests.expect(knee("--margin", "150%"))
			.isUsageError("--margin must be at least 0% and below 100%, not 150%");
		RunCommandBadInputTests.expect(knee("--shortfall", "-5%"))
			.isUsageError("--shortfall must be at least 0% and below 100%");
		RunCommandBadInputTests.expect(knee("--repeats", "0")).isUsageError("--repeats must be at least 1, not 0");
	}

	@Test
	void kneeWhenDurationsScalesOrCountsAreBadShouldBeBadUsage() {
		RunCommandBadInputTests.expect(knee("--step-hold", "0s")).isUsageError("--step-hold must be longer than 0s");
		RunCommandBadInputTests.expect(knee("--step-ramp", "soon")).isUsageError("'soon' is not a duration");
		RunCommandBadInputTests.expect(knee("--scale", "0")).isUsageError("--scale must be a positive number, not 0.0");
		RunCommandBadInputTests.expect(knee("--trials", "0")).isUsageError("--trials must be at least 1, not 0");
		RunCommandBadInputTests.expect(knee("--max-threads", "0"))
			.isUsageError("--max-threads must be at least 1, not 0");
	}

	@Test
	void kneeShouldCheckTargetsAndScenariosAsRunDoes() {
		RunCommandBadInputTests.expect(knee("--scenario", "nope")).isUsageError("unknown scenario 'nope'");
		RunCommandBadInputTests.expect(knee("--stacks", "mvc,struts")).isUsageError("unknown stack 'struts'");
		RunCommandBadInputTests.expect(knee("--stacks", "mvc", "--target", "a=http://127.0.0.1:1"))
			.isUsageError("--stacks and --target exclude each other");
		RunCommandBadInputTests.expect(knee("--target", "a=ftp://host"))
			.isUsageError("'ftp://host' is not an http(s) URL");
		RunCommandBadInputTests.expect(knee("--scenario", "quick", "--scenario-file", "my.yaml"))
			.isUsageError("--scenario and --scenario-file exclude each other");
	}

	@Test
	void kneeWhenAJarIsMissingShouldBeAnEnvironmentProblemAndStartNothing() throws IOException {
		Files.delete(this.projectRoot.resolve(Stack.WEBFLUX.jar()));
		RunCommandBadInputTests.expect(knee("--stacks", "mvc,webflux"))
			.isEnvironmentError("fluxbench-webflux.jar is missing");
	}

	@Test
	void kneeWhenScaledShouldScaleTheSearchSettingsButNotTheRates() {
		KneeCommand command = new KneeCommand();
		picocli.CommandLine commandLine = new picocli.CommandLine(command);
		commandLine.parseArgs("--scale", "0.2", "--start-rate", "20", "--step-hold", "30s", "--step-ramp", "5s");
		assertThat(command.settings()).satisfies((settings) -> {
			assertThat(settings.startRate()).isEqualTo(20);
			assertThat(settings.stepHold()).hasSeconds(6);
			assertThat(settings.stepRamp()).hasSeconds(1);
			assertThat(settings.precision()).isEqualTo(0.1);
		});
	}

	private RunCommandBadInputTests.Outcome knee(String... args) {
		List<String> all = new ArrayList<>(List.of("knee", "--project-root", this.projectRoot.toString(), "--out",
				this.outParent.resolve("results").toString()));
		all.addAll(List.of(args));
		return RunCommandBadInputTests.execute(all.toArray(String[]::new));
	}

}

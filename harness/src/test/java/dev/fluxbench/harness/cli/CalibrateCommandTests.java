package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.cli.RunCommandBadInputTests.Outcome;
import dev.fluxbench.harness.results.CalibrationJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every bad calibrate command line ends before anything starts, with exit code 2 and one
 * line that says why. wrk is looked up on a PATH the test chooses: an empty directory, or
 * one with a stand-in that is never run because usage fails first.
 */
class CalibrateCommandTests {

	@TempDir
	Path outParent;

	@TempDir
	Path bin;

	@Test
	void calibrateWhenWrkIsMissingShouldBeBadUsageNamingDebiansPackage() {
		Outcome outcome = calibrate(this.bin.toString());
		assertBadUsage(outcome, "wrk is not on the PATH: install Debian's package (apt-get install wrk)");
		assertThat(this.outParent.resolve("results")).doesNotExist();
	}

	@Test
	void calibrateWhenConnectionsAreZeroShouldBeBadUsage() throws IOException {
		assertBadUsage(calibrate(fakeWrk(), "--connections", "10,0"), "--connections must each be 1 to 10000, not 0");
	}

	@Test
	void calibrateWhenAConnectionCountIsListedTwiceShouldBeBadUsage() throws IOException {
		assertBadUsage(calibrate(fakeWrk(), "--connections", "10,10"), "--connections lists 10 twice");
	}

	@Test
	void calibrateWhenTheDurationIsBelowASecondShouldBeBadUsage() throws IOException {
		assertBadUsage(calibrate(fakeWrk(), "--duration", "500ms"), "--duration must be whole seconds, at least 1s");
	}

	@Test
	void calibrateWhenTheAppWarmupIsNotWholeSecondsShouldBeBadUsage() throws IOException {
		assertBadUsage(calibrate(fakeWrk(), "--app-warmup", "1500ms"), "--app-warmup must be whole seconds, or 0s");
	}

	@Test
	void calibrateWhenGivenATargetAndAStackShouldBeBadUsage() throws IOException {
		assertBadUsage(calibrate(fakeWrk(), "--target", "http://127.0.0.1:8080/", "--stack", "mvc"),
				"--target excludes --stack and --path");
	}

	@Test
	void calibrateWhenTheTargetIsNotHttpShouldBeBadUsage() throws IOException {
		assertBadUsage(calibrate(fakeWrk(), "--target", "ftp://127.0.0.1/"), "is not an http(s) URL");
	}

	@Test
	void calibrateWhenTheStackIsUnknownShouldBeBadUsage() throws IOException {
		assertBadUsage(calibrate(fakeWrk(), "--stack", "struts"), "unknown stack 'struts'; known: mvc, mvc-vt");
	}

	@Test
	void runWhenTheCalibrationIsNoFileShouldBeBadUsage() {
		Outcome outcome = RunCommandBadInputTests.execute("run", "--calibration",
				this.outParent.resolve("nothing.json").toString(), "--out", this.outParent.resolve("r").toString());
		assertBadUsage(outcome, "--calibration " + this.outParent.resolve("nothing.json") + " is not a file");
	}

	@Test
	void runWhenTheCalibrationIsNotJsonShouldBeBadUsage() throws IOException {
		Path file = Files.writeString(this.outParent.resolve("calibration.json"), "wrk 4.1.0\n");
		Outcome outcome = RunCommandBadInputTests.execute("run", "--calibration", file.toString(), "--out",
				this.outParent.resolve("r").toString());
		assertBadUsage(outcome, "is not a fluxbench calibration.json");
	}

	@Test
	void runWhenGivenACalibrationOfCalibrateShouldGoOnToCheckTheMachine() {
		CalibrationJson.Side side = CalibrationJson.Side.of(1000, 0, Duration.ofSeconds(1), Duration.ofMillis(100),
				Duration.ofMillis(1), Duration.ofMillis(2));
		Path file = this.outParent.resolve("calibration.json");
		new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.empty(), "http://127.0.0.1:8080/",
				Optional.of("mvc"), "", "wrk 4.1.0", Duration.ofSeconds(1), Duration.ZERO,
				List.of(CalibrationJson.Point.of(10, side, side)))
			.write(file);
		// Nothing listens on port 1: the probe of the target, after the usage checks,
		// fails.
		Outcome outcome = RunCommandBadInputTests.execute("run", "--calibration", file.toString(), "--target",
				"app=http://127.0.0.1:1", "--out", this.outParent.resolve("r").toString());
		assertThat(outcome.code()).as("exit code; stderr: %s", outcome.err()).isEqualTo(3);
		assertThat(outcome.err()).doesNotContain("--calibration");
	}

	private String fakeWrk() throws IOException {
		Path wrk = this.bin.resolve("wrk");
		Files.writeString(wrk, "#!/bin/sh\nexit 1\n");
		Files.setPosixFilePermissions(wrk, PosixFilePermissions.fromString("rwxr-xr-x"));
		return this.bin.toString();
	}

	private Outcome calibrate(String path, String... args) {
		List<String> all = new ArrayList<>(
				List.of("calibrate", "--project-root", this.outParent.resolve("no-project").toString(), "--out",
						this.outParent.resolve("results").toString()));
		all.addAll(List.of(args));
		return Outcome.of(CalibrateCommand.class, new CalibrateCommand(path), all);
	}

	private static void assertBadUsage(Outcome outcome, String reason) {
		assertThat(outcome.code()).as("exit code; stderr: %s", outcome.err()).isEqualTo(2);
		assertThat(outcome.errLines()).singleElement().asString().startsWith("fluxbench: ").contains(reason);
		assertThat(outcome.out()).as("nothing started, nothing printed").isEmpty();
	}

}

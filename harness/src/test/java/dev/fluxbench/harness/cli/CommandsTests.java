package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class CommandsTests {

	@Test
	void listShouldShowEveryScenarioAndStackWithItsSeed() {
		RunCommandBadInputTests.Outcome outcome = RunCommandBadInputTests.execute("list");
		assertThat(outcome.code()).isZero();
		assertThat(outcome.out()).contains("thesis-stress", "boot2-passthrough", "concerts-1000", "quick", "(default)")
			.contains("000_7f0aef5aecc896c0.txt", "001_9c0053dc7fc6618a.txt", "004_22a772f8fae86275.txt")
			.contains("mvc-vt", "webflux", "apps/mvc/target/fluxbench-mvc.jar");
		// Seed 002's scenario and its WebFlux variants, each with the seed it comes from.
		assertThat(outcome.out()).contains("ippon-operations", "stacks: mvc,mvc-vt,webflux,webflux-jdbc,"
				+ "webflux-jdbc-parallel,webflux-vt; seeds: 002_40e23d62534e9a56.txt");
		for (String variant : new String[] { "webflux-jdbc ", "webflux-jdbc-parallel ", "webflux-vt " }) {
			assertThat(outcome.out().lines().dropWhile((line) -> !line.startsWith("  " + variant)).skip(1).findFirst())
				.as(variant)
				.hasValueSatisfying((line) -> assertThat(line).contains("apps/webflux/target/fluxbench-webflux.jar",
						"seed: 002_40e23d62534e9a56.txt"));
		}
	}

	@Test
	void listShouldShowConcertsRelationsWithItsSeedAndItsReadingVariants() {
		RunCommandBadInputTests.Outcome outcome = RunCommandBadInputTests.execute("list");
		assertThat(outcome.code()).isZero();
		assertThat(outcome.out()).contains("concerts-relations",
				"stacks: mvc,mvc-per-relation,webflux,webflux-per-relation; seeds: 001_9c0053dc7fc6618a.txt");
		for (String variant : new String[] { "mvc-per-relation ", "webflux-per-relation " }) {
			assertThat(outcome.out().lines().dropWhile((line) -> !line.startsWith("  " + variant)).skip(1).findFirst())
				.as(variant)
				.hasValueSatisfying((line) -> assertThat(line).contains("seed: 001_9c0053dc7fc6618a.txt"));
		}
	}

	@Test
	void runHelpShouldReadLikeAManPage() {
		RunCommandBadInputTests.Outcome outcome = RunCommandBadInputTests.execute("run", "--help");
		assertThat(outcome.code()).isZero();
		assertThat(outcome.out()).contains("SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "--scenario",
				"--app-cpus", "results: DIR");
	}

	@Test
	void reportWhenTheDirectoryHasNoRunJsonShouldBeBadUsage(@TempDir Path empty) {
		RunCommandBadInputTests.Outcome outcome = RunCommandBadInputTests.execute("report", empty.toString());
		assertThat(outcome.code()).isEqualTo(2);
		assertThat(outcome.err()).contains("is not a results directory: it has no run.json");
	}

	@Test
	void reportWhenRunJsonIsNotJsonShouldBeBadUsageInOneLine(@TempDir Path results) throws IOException {
		Files.writeString(results.resolve("run.json"), "{\"scenario\": ");
		RunCommandBadInputTests.Outcome outcome = RunCommandBadInputTests.execute("report", results.toString());
		assertThat(outcome.code()).isEqualTo(2);
		assertThat(outcome.err().lines()).singleElement().asString().contains("is not a fluxbench run.json");
	}

	@Test
	void reportWhenTheSamplesAreNotOursShouldBeBadUsageInOneLine(@TempDir Path results) throws IOException {
		Files.writeString(results.resolve("run.json"), "{}");
		Path load = Files.createDirectories(results.resolve("trial-1/mvc/load-5"));
		Files.writeString(load.resolve("samples.csv"), "time,what\n1,2\n");
		RunCommandBadInputTests.Outcome outcome = RunCommandBadInputTests.execute("report", results.toString());
		assertThat(outcome.code()).isEqualTo(2);
		assertThat(outcome.err().lines()).singleElement().asString().contains("is not a fluxbench samples file");
		assertThat(results.resolve("report.html")).doesNotExist();
	}

}

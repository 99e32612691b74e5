package dev.fluxbench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.harness.knee.KneeJson;
import dev.fluxbench.harness.results.SamplesCsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fluxbench knee} as a user runs it ({@code java -jar}), against the packaged
 * webflux stack, with searches of a few short steps. The SLOs are chosen far from what
 * the stack does on any machine, so that the outcome does not hang on its speed: one that
 * every step meets, one that none can.
 */
class KneeIT {

	@TempDir
	Path temporary;

	@Test
	void kneeWhenTheStackMeetsTheSloAtEveryRateShouldBeAtLeastTheMaximum() throws Exception {
		Path out = this.temporary.resolve("met");
		Path console = this.temporary.resolve("met.txt");
		Process harness = knee(console, "--stacks", "webflux", "--start-rate", "5", "--max-rate", "20", "--slo",
				"p99=5s,errors=50%", "--step-ramp", "1s", "--step-hold", "3s", "--warmup", "2s", "--out",
				out.toString());
		assertThat(harness.waitFor(4, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		assertThat(lines).last().isEqualTo("results: " + out);
		assertThat(lines)
			.contains("webflux: knee at least 20 journeys/s (one trial: no interval); met the SLO even at"
					+ " the highest rate, 20 journeys/s")
			// A step that met the SLO while the JIT still compiled says so after "met".
			.anySatisfy((line) -> assertThat(line).startsWith("[quick-passthrough] webflux trial 1/1 step 3 at 20/s: ")
				.matches(".*: met(; JIT \\d+% of the app's CPU: not steady)?"));
		KneeJson knee = KneeJson.read(out.resolve(KneeJson.FILE));
		assertThat(knee.status()).isEqualTo(KneeJson.Status.FINISHED);
		assertThat(knee.steps()).extracting(KneeJson.StepEntry::rateAsked).containsExactly(5, 10, 20);
		assertThat(knee.steps()).allSatisfy((step) -> {
			assertThat(step.met()).isTrue();
			KneeJson.RunEntry run = step.runs().getFirst();
			assertThat(run.requests()).isPositive();
			assertThat(run.p99Ms()).isPositive();
			assertThat(SamplesCsv.read(out.resolve(run.directory()).resolve("samples.csv"))).isNotEmpty()
				.allSatisfy((sample) -> assertThat(sample.label()).isEqualTo("passthrough"));
			assertThat(out.resolve(run.directory()).resolve("metrics.csv")).content().contains(",app,");
		});
		assertThat(knee.results()).singleElement().satisfies((result) -> {
			assertThat(result.knee()).hasValueSatisfying((found) -> {
				assertThat(found.mean()).isEqualTo(20);
				assertThat(found.atLeast()).isTrue();
			});
			assertThat(result.usl().points()).isEqualTo(3);
		});
		assertThat(out.resolve("trial-1/webflux/info.json")).content().contains("\"fluxbench\"");
		assertThat(out.resolve("knee.html")).content().contains("<svg ", "knee ≥ 20").doesNotContain("<script");
		assertThat(out.resolve("knee.md")).content().contains("| webflux | ≥ 20 | one trial: no interval | 1 of 1 |");
	}

	@Test
	void kneeWhenTheStackFailsTheSloAtTheStartRateShouldSaySoAndExitWith1() throws Exception {
		Path out = this.temporary.resolve("missed");
		Path console = this.temporary.resolve("missed.txt");
		// The passthrough waits 100 ms for the downstream: no p99 can be under 20 ms.
		Process harness = knee(console, "--stacks", "webflux", "--start-rate", "5", "--slo", "p99=20ms", "--margin",
				"0%", "--step-ramp", "1s", "--step-hold", "2s", "--warmup", "0s", "--out", out.toString());
		assertThat(harness.waitFor(3, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isEqualTo(1);
		assertThat(lines).last().isEqualTo("results: " + out);
		assertThat(lines).contains("webflux: not met even at the lowest rate, 5 journeys/s");
		KneeJson knee = KneeJson.read(out.resolve(KneeJson.FILE));
		assertThat(knee.steps()).singleElement().satisfies((step) -> {
			assertThat(step.rateAsked()).isEqualTo(5);
			assertThat(step.met()).isFalse();
			// On a busy machine the generator may also miss the rate: the p99 is the
			// reason that must be there.
			assertThat(step.runs().getFirst().why())
				.anySatisfy((why) -> assertThat(why).startsWith("p99 ").endsWith(" > 20 ms"));
		});
		assertThat(knee.results()).singleElement().satisfies((result) -> {
			assertThat(result.knee()).isEmpty();
			assertThat(result.trials()).singleElement()
				.satisfies((trial) -> assertThat(trial.ending()).isEqualTo(KneeJson.Ending.NOT_MET_AT_START));
		});
		assertThat(out.resolve("knee.md")).content().contains("| webflux | none | - | 0 of 1 |");
	}

	private static Process knee(Path console, String... args) throws IOException {
		// The search is under test, not the layout: a JVM pinned to one core starts
		// slowly.
		List<String> command = new ArrayList<>(List.of("knee", "--no-pinning"));
		command.addAll(List.of(args));
		return PackagedHarness.start(console, PackagedHarness.fromAotCache(command.toArray(String[]::new)));
	}

}

package dev.fluxbench.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.harness.results.FaultsJson;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.MetricsCsv;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.SummaryJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 003's breaker through the packaged harness, against the packaged stacks: a fault
 * profile on the downstream opens and closes each stack's breaker during one load.
 */
class BreakerIT {

	@TempDir
	Path temporary;

	/**
	 * Seed 003's breaker in every stack, as the harness sees it: the downstream fails
	 * every answer for 8 s in the middle of a steady load, and the scraped Resilience4j
	 * series must show each stack's breaker open during that phase and closed again after
	 * it. The apps run their own breaker settings (Hystrix's: a 10 s window, 20 calls, 5
	 * s open), so the phases leave room for them.
	 */
	@Test
	void breakerWhenThePhaseFailsShouldOpenInEveryStackAndCloseAfterIt() throws Exception {
		Path scenario = Files.writeString(this.temporary.resolve("breaker.yaml"), """
				version: 1
				name: breaker
				load:
				  open:
				    stages: [{rate: 20, hold: 26s}]
				    maxThreads: 200
				journey:
				  - request:
				      label: chain
				      path: /chain/${__Random(1,1000)}?depth=1&delay=10
				      checks: [{jsonPath: $.id}]
				faults:
				  - {hold: 4s}
				  - {hold: 8s, status: 503}
				  - {hold: 14s}
				""");
		Path out = this.temporary.resolve("breaker");
		Path console = this.temporary.resolve("breaker-console.txt");
		Process harness = PackagedHarness.start(console,
				PackagedHarness.fromAotCache("run", "--scenario-file", scenario.toString(), "--stacks",
						"mvc,mvc-vt,webflux", "--warmup", "2s", "--no-pinning", "--out", out.toString()));
		assertThat(harness.waitFor(8, TimeUnit.MINUTES)).as("harness finished in time").isTrue();
		List<String> lines = Files.readAllLines(console);
		assertThat(harness.exitValue()).as("exit code; output:%n%s", String.join("\n", lines)).isZero();
		ResultsDirectory results = new ResultsDirectory(out);
		for (String stack : List.of("mvc", "mvc-vt", "webflux")) {
			LoadKey key = new LoadKey("breaker", 20, stack, 1);
			Instant started = FaultsJson.read(results.faultsJson(key)).orElseThrow().started().orElseThrow();
			Instant failingFrom = started.plusSeconds(4);
			Instant failingTo = started.plusSeconds(12);
			List<MetricsCsv.Line> states = MetricsCsv.read(results.metricsCsv(key))
				.stream()
				.filter((line) -> line.metric().equals("resilience4j_circuitbreaker_state") && line.value() == 1)
				.toList();
			assertThat(states).as("%s's breaker open while the downstream failed", stack).anySatisfy((line) -> {
				assertThat(line.tags()).contains("state=\"open\"");
				assertThat(line.at()).isBetween(failingFrom, failingTo.plusSeconds(1));
			});
			Instant lastOpen = states.stream()
				.filter((line) -> line.tags().contains("state=\"open\""))
				.map(MetricsCsv.Line::at)
				.max(Instant::compareTo)
				.orElseThrow();
			assertThat(states).as("%s's breaker closed after the failing phase", stack).anySatisfy((line) -> {
				assertThat(line.tags()).contains("state=\"closed\"");
				assertThat(line.at()).isAfter(lastOpen).isAfter(failingTo);
			});
			// Every request was answered, whole or degraded: the stack itself failed
			// none.
			assertThat(SamplesCsv.read(results.samplesCsv(key))).as("samples of %s", stack)
				.isNotEmpty()
				.allSatisfy((sample) -> assertThat(sample.success()).as("%s", sample).isTrue());
		}
		SummaryJson summary = SummaryJson.read(out.resolve("summary.json"));
		assertThat(summary.faults().orElseThrow().breakers()).hasSize(3).allSatisfy((breaker) -> {
			assertThat(breaker.phases()).extracting(SummaryJson.BreakerPhase::outcome).containsExactly("opened");
			assertThat(breaker.recovery()).map(SummaryJson.BreakerRecovery::outcome).hasValue("closed");
		});
	}

}

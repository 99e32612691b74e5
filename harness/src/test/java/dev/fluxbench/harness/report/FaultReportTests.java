package dev.fluxbench.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;

import com.fasterxml.jackson.databind.node.NullNode;
import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.harness.results.FaultsJson;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.MetricsCsv;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.SummaryJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report of a run under faults, from a results directory made up as the harness
 * writes one: two targets at 20 users, one load each of 46 s, under healthy 10 s, 503 for
 * every request 10 s, stall 2 s for 10 s, healthy 20 s. mvc's breaker opens 3 s into the
 * 503s and closes 3 s after the stall; webflux's lets the 503s through and, once open in
 * the stall, never closes.
 */
class FaultReportTests {

	private static final Instant STARTED = Instant.parse("2026-11-24T10:00:00Z");

	private static final int SECONDS = 46;

	private static final List<FaultPhase> PHASES = List.of(FaultPhase.healthy(Duration.ofSeconds(10)),
			new FaultPhase(Duration.ofSeconds(10), 503, null, null),
			new FaultPhase(Duration.ofSeconds(10), null, null, Duration.ofSeconds(2)),
			FaultPhase.healthy(Duration.ofSeconds(20)));

	@Test
	void reportShouldStateWhereABreakerNeverOpenedOrNeverClosed(@TempDir Path directory) {
		Report.Written written = Report.write(write(directory, true, true));
		String markdown = read(written.markdown());
		String webflux = "webflux trial 1 at 20 users: the circuit breaker 'downstream'";
		assertThat(markdown).contains("## Faults and circuit breakers\n\n**Findings**\n\n- " + webflux
				+ " never opened in phase 2 (503 for every request, 10 s to 20 s)\n- " + webflux
				+ " never closed after phase 3 (stall 2s, 20 s to 30 s): it was still not closed when the load ended,"
				+ " 16 s later\n")
			.contains("### Fault profile\n\n| Phase | From | To | The downstream does | Failing |\n"
					+ "|---|---|---|---|---|\n| 1 | 0 s | 10 s | healthy | no |\n"
					+ "| 2 | 10 s | 20 s | 503 for every request | yes |\n| 3 | 20 s | 30 s | stall 2s | yes |\n"
					+ "| 4 | 30 s | 50 s | healthy | no |\n")
			.contains("| 20 users | mvc | 1 | downstream | in phase 2 (503 for every request, 10 s to 20 s) |"
					+ " opened 3 s after the phase began |")
			.contains("| 20 users | mvc | 1 | downstream | in phase 3 (stall 2s, 20 s to 30 s) |"
					+ " was already open when the phase began, and stayed open |")
			.contains("| 20 users | mvc | 1 | downstream | after phase 3, which ended at 30 s |"
					+ " closed again 3 s after the last failing phase ended |")
			.contains("| 20 users | webflux | 1 | downstream | after phase 3, which ended at 30 s | never closed:");
		assertThat(markdown).as("the summary says it too")
			.contains("The downstream ran a fault profile of 4 phase(s), 50 s in all, from the start of every"
					+ " measured load (see Faults and circuit breakers). " + webflux + " never opened in phase 2");
	}

	@Test
	void summaryJsonShouldHoldTheProfileTheFindingsAndEachBreakersOutcomes(@TempDir Path directory) {
		SummaryJson summary = SummaryJson.read(Report.write(write(directory, true, true)).summaryJson());
		SummaryJson.Faults faults = summary.faults().orElseThrow();
		assertThat(faults.phases()).isEqualTo(PHASES);
		assertThat(faults.findings()).hasSize(2);
		assertThat(faults.breakers()).extracting(SummaryJson.BreakerLoad::stack).containsExactly("mvc", "webflux");
		SummaryJson.BreakerLoad mvc = faults.breakers().getFirst();
		assertThat(mvc.phases()).extracting(SummaryJson.BreakerPhase::outcome)
			.containsExactly("opened", "already_open");
		assertThat(mvc.phases().getFirst().afterSeconds()).hasValue(3.0);
		assertThat(mvc.recovery()).hasValueSatisfying((recovery) -> {
			assertThat(recovery.afterPhase()).isEqualTo(3);
			assertThat(recovery.outcome()).isEqualTo("closed");
			assertThat(recovery.afterSeconds()).hasValue(3.0);
		});
		SummaryJson.BreakerLoad webflux = faults.breakers().get(1);
		assertThat(webflux.phases()).extracting(SummaryJson.BreakerPhase::outcome)
			.containsExactly("never_opened", "opened");
		assertThat(webflux.recovery()).map(SummaryJson.BreakerRecovery::outcome).hasValue("never_closed");
	}

	@Test
	void chartsShouldGetThePhasesAsBandsAndEachTargetOnTheSchedulesClock(@TempDir Path directory) {
		Report report = Report.of(RunResults.read(write(directory, true, true)));
		@SuppressWarnings("unchecked")
		Map<String, Object> faults = (Map<String, Object>) HtmlReport.chartData(report).get("faults");
		assertThat(faults).containsEntry("loads", List.of(20)).containsEntry("breakers", true);
		@SuppressWarnings("unchecked")
		Map<String, Object> atLoad = (Map<String, Object>) ((Map<String, Object>) faults.get("perLoad")).get("20");
		assertThat(atLoad).containsEntry("breaker", "downstream");
		assertThat((List<?>) atLoad.get("bands")).hasSize(4)
			.first()
			.isEqualTo(Map.of("from", 0.0, "to", 10.0, "label", "1: healthy", "failing", false));
		@SuppressWarnings("unchecked")
		Map<String, List<List<Object>>> mvc = (Map<String, List<List<Object>>>) ((Map<String, Object>) atLoad
			.get("stacks")).get("mvc");
		assertThat(mvc.get("state").get(12)).containsExactly(12.0, 0.0);
		assertThat(mvc.get("state").get(13)).containsExactly(13.0, 2.0);
		assertThat(mvc.get("state").get(32)).containsExactly(32.0, 1.0);
		assertThat(HtmlReport.render(report)).contains("<section id=\"faults\"><h2>Faults and circuit breakers</h2>",
				"data-chart=\"faults-20\"", "data-chart=\"breaker-20\"", "data-chart=\"breaker-calls-20\"",
				"<ul class=\"findings\">");
	}

	@Test
	void faultsWhenThereIsNoBreakerShouldBeDrawnAndSaidButNotJudged(@TempDir Path directory) {
		Report report = Report.of(RunResults.read(write(directory, true, false)));
		assertThat(report.faults().findings()).isEmpty();
		assertThat(report.faults().breakerTable()).isEmpty();
		assertThat(report.faults().profileTable()).isPresent();
		assertThat(report.narrative()).last()
			.asString()
			.endsWith("No target exposed a circuit breaker (resilience4j_circuitbreaker_*), so this report cannot say"
					+ " how one behaved.");
		assertThat(HtmlReport.render(report)).contains("data-chart=\"faults-20\"")
			.doesNotContain("data-chart=\"breaker-20\"");
	}

	@Test
	void breakerWhenThereAreNoFaultsShouldBeDrawnOnTheLoadsClockWithoutFindings(@TempDir Path directory) {
		Report report = Report.of(RunResults.read(write(directory, false, true)));
		assertThat(report.faults().present()).isTrue();
		assertThat(report.faults().phases()).isEmpty();
		assertThat(report.faults().findings()).isEmpty();
		assertThat(report.narrative()).noneMatch((paragraph) -> paragraph.contains("fault profile"));
		assertThat(MarkdownReport.render(report)).contains("## Faults and circuit breakers\n\n"
				+ "No fault schedule: the breakers' state over each load is drawn in report.html.\n");
	}

	private static String read(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The run, with or without the fault schedule, with or without the apps' breaker
	 * series.
	 */
	static Path write(Path directory, boolean faults, boolean breakers) {
		ResultsDirectory files = new ResultsDirectory(directory);
		List<RunJson.TargetRun> targetRuns = new ArrayList<>();
		for (String stack : List.of("mvc", "webflux")) {
			LoadKey key = new LoadKey("chain", 20, stack, 1);
			try (SamplesCsv samples = SamplesCsv.create(files.samplesCsv(key))) {
				for (int second = 0; second < SECONDS; second++) {
					for (int user = 0; user < 20; user++) {
						samples.write(new Sample(STARTED.plusMillis(second * 1000L + user * 40L), "chain",
								Duration.ofMillis(30), Duration.ofMillis(30), Duration.ZERO, 64, "200", true, ""));
					}
				}
			}
			IntFunction<String> state = stack.equals("mvc")
					? (t) -> (t < 13) ? "closed" : (t < 32) ? "open" : (t < 33) ? "half_open" : "closed"
					: (t) -> (t < 23) ? "closed" : "open";
			List<MetricsCsv.Line> lines = new ArrayList<>();
			for (int t = 0; t < SECONDS; t++) {
				Instant at = STARTED.plusSeconds(t);
				lines.add(new MetricsCsv.Line(at, "app", "cpu_time_seconds", "", 10 + t * 0.1));
				if (breakers) {
					for (String name : List.of("closed", "open", "half_open", "forced_open")) {
						lines.add(new MetricsCsv.Line(at, "app", "resilience4j_circuitbreaker_state",
								"application=\"" + stack + "\",name=\"downstream\",state=\"" + name + "\"",
								name.equals(state.apply(t)) ? 1 : 0));
					}
					lines.add(new MetricsCsv.Line(at, "app", "resilience4j_circuitbreaker_failure_rate",
							"name=\"downstream\"", (t < 5) ? -1 : 40));
					lines.add(new MetricsCsv.Line(at, "app", "resilience4j_circuitbreaker_not_permitted_calls_total",
							"kind=\"not_permitted\",name=\"downstream\"", t * 3));
				}
			}
			try (MetricsCsv metrics = MetricsCsv.create(files.metricsCsv(key))) {
				metrics.write(lines);
			}
			if (faults) {
				FaultsJson.started(FaultSchedule.of(PHASES), STARTED)
					.clearedAt(STARTED.plusSeconds(SECONDS))
					.write(files.faultsJson(key));
			}
			targetRuns.add(RunJson.TargetRun.starting(1, stack)
				.launched(1000, 8080, List.of(), Duration.ofSeconds(5), NullNode.getInstance())
				.withLoad(new RunJson.LoadRun(20, Optional.of(STARTED), Optional.of(STARTED.plusSeconds(SECONDS)),
						20 * SECONDS, 0, "ok", Optional.empty()))
				.stoppedAt(STARTED.plusSeconds(SECONDS + 1)));
		}
		RunJson.Scenario scenario = new RunJson.Scenario("chain", "a call chain behind a breaker", "chain.yaml",
				List.of(), "closed (loads are users)", List.of(20), Duration.ZERO, "held 46 s",
				List.of(new RunJson.Level(20, Duration.ZERO, "held 46 s")), "PT0S..PT0S",
				List.of(new RunJson.Request("chain", "GET", "/chain/1", 200, Duration.ZERO, List.of(), 0, List.of(),
						Optional.empty(), false)),
				List.of(new RunJson.JourneyStep.Send("chain")), Optional.empty(), List.of(), List.of(), List.of(),
				Optional.empty(), Optional.empty(), Optional.empty());
		new RunJson(RunJson.FORMAT_VERSION, "test", List.of("run"), RunJson.Status.FINISHED, Optional.empty(),
				Optional.of(STARTED), Optional.of(STARTED.plusSeconds(60)), null, null, 2, null, List.of(), Map.of(),
				null, scenario, 1.0, 1, Optional.of(Duration.ZERO), List.of("mvc", "webflux"), List.of(),
				Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), targetRuns, List.of())
			.withFaults(faults ? Optional.of(new RunJson.Faults(PHASES, Optional.empty())) : Optional.empty())
			.write(files.runJson());
		return directory;
	}

}

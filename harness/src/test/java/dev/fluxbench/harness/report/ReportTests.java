package dev.fluxbench.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleBinaryOperator;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.harness.report.Verdict.Outcome;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.SummaryJson;
import dev.fluxbench.harness.results.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.within;

class ReportTests {

	/**
	 * Where the expected Markdown lives; {@code -Dfluxbench.updateGolden=true} rewrites
	 * it after a deliberate change.
	 */
	private static final Path GOLDEN = Paths.get("src/test/resources/report/fixture-report.md");

	@Test
	void markdownShouldMatchTheGoldenFile(@TempDir Path directory) throws IOException {
		Report.write(FixtureRun.write(directory, false));
		String markdown = Files.readString(directory.resolve(Report.MARKDOWN), StandardCharsets.UTF_8);
		if (Boolean.getBoolean("fluxbench.updateGolden")) {
			Files.writeString(GOLDEN, markdown, StandardCharsets.UTF_8);
		}
		assertThat(markdown).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
	}

	@Test
	void decisionWhenEveryLoadRanWhileTheJitCompiledShouldSaySoAndRankNoStack(@TempDir Path directory)
			throws IOException {
		FixtureRun.write(directory, false);
		ResultsDirectory files = new ResultsDirectory(directory);
		for (int load : FixtureRun.LOADS) {
			for (String stack : FixtureRun.STACKS) {
				for (int trial = 1; trial <= FixtureRun.TRIALS; trial++) {
					addJitCpu(files.metricsCsv(new LoadKey(FixtureRun.SCENARIO, load, stack, trial)),
							(seconds, cpu) -> Math.max(cpu - 10, seconds) / 2);
				}
			}
		}
		Report report = Report.of(RunResults.read(directory));
		assertThat(report.decision()).containsExactly(Decision.UNSTEADY);
		assertThat(report.narrative())
			.anySatisfy((paragraph) -> assertThat(paragraph).startsWith("No stack can be ranked")
				.endsWith("every load ran while the JIT was still compiling."));
		assertThat(report.narrative()).noneMatch((paragraph) -> paragraph.contains("within the noise"));
	}

	@Test
	void loadWhenItsJitStillCompiledShouldBeMarkedAndKeptOutOfTheVerdictsAndANeverSteadyWarmupSaid(
			@TempDir Path directory) throws IOException {
		FixtureRun.write(directory, false);
		ResultsDirectory files = new ResultsDirectory(directory);
		// The JIT's threads took a third of the CPU the app used during this load, or of
		// a
		// core when the app used less.
		addJitCpu(files.metricsCsv(new LoadKey(FixtureRun.SCENARIO, 10, "mvc", 1)),
				(seconds, cpu) -> Math.max(cpu - 10, seconds) / 3);
		RunJson run = RunJson.read(files.runJson());
		List<RunJson.TargetRun> warmed = run.targetRuns()
			.stream()
			.map((target) -> target.warmedUp(new Warmup(Duration.ofSeconds(60), 50, Duration.ofSeconds(5), 0.05, 0.1,
					false, target.target().equals("webflux") ? Duration.ofSeconds(61) : Duration.ofSeconds(21),
					target.target().equals("webflux") ? Optional.empty() : Optional.of(Duration.ofSeconds(20)),
					Optional.of(target.target().equals("webflux") ? 0.3 : 0.01), Optional.of(0.05),
					target.target().equals("webflux") ? 0 : 2,
					target.target().equals("webflux") ? Optional.empty() : Optional.of(0.1), 9000, 0)))
			.toList();
		run.withProgress(run.status(), run.failure(), run.ended(), warmed, run.failedAssertions())
			.write(files.runJson());

		Report report = Report.of(RunResults.read(directory));
		LoadResult compiling = report.results().at(10, "mvc").getFirst();
		assertThat(compiling.steady()).isFalse();
		assertThat(compiling.efficiency().jitShare().value()).isCloseTo(1 / 3.0, within(0.01));
		assertThat(compiling.trialLabel()).isEqualTo("1 (not steady)");
		// Kept out of the verdicts: mvc at 10 users rests on its two other trials.
		assertThat(compiling.counted()).isFalse();
		assertThat(report.results().at(10, "mvc")).filteredOn(LoadResult::counted)
			.extracting((result) -> result.key().trial())
			.containsExactly(2, 3);
		assertThat(report.efficiencyTable().rows()).anyMatch((row) -> row.contains("33.3 (not steady)"));
		Table warmup = report.warmupTable().orElseThrow();
		assertThat(warmup.rows()).hasSize(FixtureRun.TRIALS * FixtureRun.STACKS.size())
			.anyMatch((row) -> row.get(0).equals("webflux") && row.get(3).equals("50")
					&& row.get(4).equals("never steady"))
			.anyMatch((row) -> row.get(0).equals("mvc") && row.get(4).equals("20 s") && row.get(7).equals("2 (0.10 s)"))
			.anyMatch((row) -> row.get(0).equals("webflux") && row.get(7).equals("0"));
		assertThat(warmup.note()).contains("never became steady was measured anyway");
	}

	@Test
	void runJsonWhenAnOlderHarnessWroteItShouldGiveTheSameReportWithoutTheJourneysItDidNotCount(@TempDir Path directory)
			throws IOException {
		Report.write(FixtureRun.writeAsOlderHarness(directory, false));
		String golden = Files.readString(GOLDEN, StandardCharsets.UTF_8);
		int journeys = golden.indexOf("## Journeys\n");
		assertThat(journeys).isPositive();
		String withoutJourneys = golden.substring(0, journeys) + golden.substring(golden.indexOf("## ", journeys + 1));
		assertThat(directory.resolve(Report.MARKDOWN)).content(StandardCharsets.UTF_8).isEqualTo(withoutJourneys);
	}

	@Test
	void runWhenKilledUnderAnOlderHarnessShouldBeReportedAsPartial(@TempDir Path directory) throws IOException {
		Report.Written written = Report.write(FixtureRun.writeAsOlderHarness(directory, true));
		assertThat(written.markdown()).content(StandardCharsets.UTF_8)
			.contains("INTERRUPTED (KILLED: RUN.JSON STILL SAYS RUNNING), PARTIAL RESULTS")
			// No end: the kill left none.
			.doesNotContain("UTC to ")
			.contains("| webflux | 3 (unfinished) | all |");
		Report report = Report.of(RunResults.read(directory));
		assertThat(report.verdict(20, "passthrough", Aspect.P99).orElseThrow().estimates().get("webflux").values())
			.hasSize(2);
	}

	@Test
	void runJsonWhenItHoldsLittleShouldStillGiveAReport(@TempDir Path directory) throws IOException {
		FixtureRun.write(directory, true);
		// What the first harness wrote, requests as text, cut short of most keys by a
		// kill.
		Files.writeString(directory.resolve("run.json"), """
				{"status": "running", "started": "2026-11-22T06:00:00Z",
				 "scenario": {"name": "fixture", "model": "closed (loads are users)", "loads": [10, 20],
				   "requests": ["passthrough: POST /passthrough/message -> 200"]},
				 "stacks": ["mvc", "webflux"],
				 "stackRuns": [{"stack": "mvc", "trial": 1,
				   "loads": [{"load": 10, "started": "2026-11-22T06:00:00Z", "finished": "2026-11-22T06:00:08Z"}]}]}
				""", StandardCharsets.UTF_8);
		Report.Written written = Report.write(directory);
		assertThat(written.markdown()).content(StandardCharsets.UTF_8)
			.contains("# fluxbench report: fixture", "Status: INTERRUPTED (KILLED: RUN.JSON STILL SAYS RUNNING)",
					"2026-11-22 06:00:00 UTC · ", "| Requests | passthrough: POST /passthrough/message -> 200 |",
					"| mvc | 1 | all |", "| mvc | 2 (unfinished) | all |", "| Commit | unknown |");
		assertThat(SummaryJson.read(written.summaryJson()).complete()).isFalse();
	}

	@Test
	void verdictsShouldFollowTheFixture(@TempDir Path directory) {
		Report report = Report.of(RunResults.read(FixtureRun.write(directory, false)));
		assertThat(report.verdict(20, "passthrough", Aspect.P99).orElseThrow()).satisfies((verdict) -> {
			assertThat(verdict.outcome()).isEqualTo(Outcome.BETTER);
			assertThat(verdict.best()).contains("webflux");
		});
		assertThat(report.verdict(20, "passthrough", Aspect.ERRORS).orElseThrow().best()).contains("webflux");
		assertThat(report.verdict(20, Summary.ALL, Aspect.CPU).orElseThrow().best()).contains("webflux");
		assertThat(report.verdict(10, "passthrough", Aspect.ERRORS).orElseThrow().outcome()).isEqualTo(Outcome.EQUAL);
		assertThat(report.narrative()).anyMatch((paragraph) -> paragraph.startsWith("Failed requests: mvc "))
			.anyMatch((paragraph) -> paragraph.contains("With 3 trials per stack"));
	}

	@Test
	void runWhenKilledShouldBeReportedWithItsUnfinishedLoadMarkedAndLeftOutOfTheVerdicts(@TempDir Path directory)
			throws IOException {
		Report.Written written = Report.write(FixtureRun.write(directory, true));
		String markdown = Files.readString(written.markdown(), StandardCharsets.UTF_8);
		assertThat(markdown).contains("INTERRUPTED (KILLED: RUN.JSON STILL SAYS RUNNING), PARTIAL RESULTS")
			.contains("| webflux | 3 (unfinished) | all |")
			.contains("The run did not finish (status: running)");
		Report report = Report.of(RunResults.read(directory));
		assertThat(report.verdict(20, "passthrough", Aspect.P99).orElseThrow().estimates().get("webflux").values())
			.hasSize(2);
		assertThat(report.verdict(10, "passthrough", Aspect.P99).orElseThrow().estimates().get("webflux").values())
			.hasSize(3);
		assertThat(Files.readString(written.html(), StandardCharsets.UTF_8)).contains("subtitle partial");
	}

	@Test
	void runWhenKilledMidLoadBeforeAScrapeOrALoadStartedShouldBeReportedFromTheLoadsItFinished(@TempDir Path directory)
			throws IOException {
		// What a kill -9 of the harness leaves: run.json still says running, the last
		// load has samples, a torn line and no end, the kill came before its first
		// scrape, and the next trial's directory was made but holds nothing yet.
		FixtureRun.write(directory, true);
		ResultsDirectory files = new ResultsDirectory(directory);
		Files.delete(files.metricsCsv(new LoadKey(FixtureRun.SCENARIO, 20, "webflux", FixtureRun.TRIALS)));
		Files
			.createDirectories(files.loadDirectory(new LoadKey(FixtureRun.SCENARIO, 10, "mvc", FixtureRun.TRIALS + 1)));

		Report.Written written = Report.write(directory);

		assertThat(written.markdown()).content(StandardCharsets.UTF_8)
			.contains("INTERRUPTED (KILLED: RUN.JSON STILL SAYS RUNNING), PARTIAL RESULTS")
			.contains("| webflux | 3 (unfinished) | all |")
			.doesNotContain("| mvc | 4")
			// Its costs cannot be known, and the efficiency table says why.
			.contains("| 20 | webflux | 3 | not scraped | not scraped | not scraped | not scraped | not scraped "
					+ "| not scraped | not scraped |")
			.contains("Where a figure is not known, the cell says why: ");
		SummaryJson summary = SummaryJson.read(written.summaryJson());
		assertThat(summary.complete()).isFalse();
		assertThat(summary.loads())
			.filteredOn(
					(load) -> load.load() == 20 && load.stack().equals("webflux") && load.trial() == FixtureRun.TRIALS)
			.singleElement()
			.satisfies((load) -> {
				assertThat(load.efficiency().gcPauses()).isEmpty();
				assertThat(load.efficiency().unknown()).containsEntry("gcPauses", "not scraped")
					.containsEntry("appCpuSecondsPer1000", "not scraped");
			});
		Report report = Report.of(RunResults.read(directory));
		assertThat(report.verdict(10, "passthrough", Aspect.P99).orElseThrow().estimates().get("webflux").values())
			.hasSize(FixtureRun.TRIALS);
		assertThat(report.verdict(20, "passthrough", Aspect.P99).orElseThrow().estimates().get("webflux").values())
			.hasSize(FixtureRun.TRIALS - 1);
		assertThat(report.verdict(20, Summary.ALL, Aspect.CPU)).isPresent();
	}

	@Test
	void openModelRunShouldSayWhereTheGeneratorFellBehind(@TempDir Path directory) {
		Report report = Report.of(RunResults.read(FixtureRun.write(directory, false, true)));
		assertThat(report.narrative()).anySatisfy((paragraph) -> assertThat(paragraph)
			.startsWith("The generator fell behind its target: mvc trial 1 at 20 req/s got ")
			.contains("all 15 generator threads busy")
			.doesNotContain("at 10 req/s")
			.endsWith("(coordinated omission)."));
	}

	@Test
	void closedModelRunShouldSayNothingOfGeneratorLag(@TempDir Path directory) {
		Report report = Report.of(RunResults.read(FixtureRun.write(directory, false)));
		assertThat(report.narrative()).noneMatch((paragraph) -> paragraph.contains("generator"));
	}

	@Test
	void summaryJsonShouldHoldEveryLoadAndVerdictAsNumbers(@TempDir Path directory) throws IOException {
		Report.Written written = Report.write(FixtureRun.write(directory, false));
		SummaryJson summary = SummaryJson.read(written.summaryJson());
		assertThat(summary.formatVersion()).isEqualTo(SummaryJson.FORMAT_VERSION);
		assertThat(summary.complete()).isTrue();
		assertThat(summary.loads()).hasSize(FixtureRun.STACKS.size() * FixtureRun.LOADS.size() * FixtureRun.TRIALS);
		assertThat(summary.verdicts()).hasSize(FixtureRun.LOADS.size() * Aspect.values().length);
		SummaryJson.Load first = summary.loads().getFirst();
		assertThat(first.summaries().getFirst().label()).isEqualTo("*");
		assertThat(first.summaries().getFirst().p99Ms()).isPositive();
		assertThat(first.efficiency().littlesLawLimitRps()).hasValue(100.0);
		assertThat(first.efficiency().ofLittlesLawLimit())
			.hasValueSatisfying((share) -> assertThat(share).isBetween(0.5, 1.0));
		assertThat(summary.verdicts().getFirst().estimates()).containsOnlyKeys(FixtureRun.STACKS);
		assertThat(Files.readString(written.summaryJson(), StandardCharsets.UTF_8)).contains("\"complete\": true")
			.contains("\"p99Ms\": ");
	}

	@Test
	void htmlShouldBeSelfContainedWithAChartPlaceholderPerFigure(@TempDir Path directory) throws IOException {
		Report.Written written = Report.write(FixtureRun.write(directory, false));
		String html = Files.readString(written.html(), StandardCharsets.UTF_8);
		assertThat(html).doesNotContain("<script src", "<link rel=\"stylesheet\"", "https://cdn")
			.contains("echarts", "id=\"fluxbench-data\"")
			.contains("data-chart=\"response-times-10\"", "data-chart=\"response-times-20\"", "data-chart=\"errors\"",
					"data-chart=\"throughput-time\"", "data-chart=\"p99-time\"", "data-chart=\"inflight-time\"",
					"data-chart=\"threads-time\"", "data-chart=\"memory-time\"", "data-chart=\"cpu-time\"",
					"data-chart=\"gc-pauses\"", "data-chart=\"percentiles-20\"");
		int dataStart = html.indexOf("id=\"fluxbench-data\">") + "id=\"fluxbench-data\">".length();
		String data = html.substring(dataStart, html.indexOf("</script>", dataStart)).replace("<\\/", "</");
		Map<?, ?> chartData = new ObjectMapper().readValue(data, Map.class);
		assertThat(chartData.get("stacks")).isEqualTo(FixtureRun.STACKS);
		assertThat(chartData.get("colours")).isEqualTo(Map.of("mvc", "#3b6fb6", "webflux", "#d1563b"));
	}

	@Test
	void targetWhenItLostUsersShouldBeWarnedOfInTheDecisionBeforeItsComparisons(@TempDir Path directory) {
		Report report = Report.of(RunResults.read(FixtureRun.writeSeed002(directory)));
		assertThat(report.decision().getFirst()).isEqualTo("Warning, 50 users: webflux-jdbc lost users. 6 of the 50 "
				+ "journeys its users started did not complete (5 stopped by a failed request, 1 ended otherwise), so the "
				+ "rest of its load ran with fewer users: its times here were measured under less than 50 users and look "
				+ "better than they are.");
		assertThat(report.decision()).filteredOn((line) -> line.startsWith("Warning")).hasSize(1);
		assertThat(report.decision()).anyMatch((line) -> line.startsWith("50 users, authentication: "));
	}

	@Test
	void journeysAndPasswordChecksShouldHaveATableEachInTheMarkdownAndTheHtml(@TempDir Path directory)
			throws IOException {
		Report.Written written = Report.write(FixtureRun.writeSeed002(directory));
		assertThat(written.markdown()).content(StandardCharsets.UTF_8)
			.contains("| 50 | mvc-vt | 1 | 50 | 50 | 0 | 0 | 0 |", "| 50 | webflux-jdbc | 1 | 50 | 44 | 5 | 1 | 6 |")
			// 50 checks; mvc-vt's 5 s are wall time, an upper bound; a quarter of the
			// app's 20 CPU-seconds each.
			.contains("| 50 | mvc-vt | 1 | 50 | ≤ 5 | ≤ 0.100 | ≤ 25% |",
					"| 50 | webflux-jdbc | 1 | 50 | 5 | 0.100 | 25% |")
			.contains("≤ marks an upper bound: on virtual threads");
		assertThat(written.html()).content(StandardCharsets.UTF_8)
			.contains("<section id=\"journeys\">", "<section id=\"password-checks\">",
					"<li>Warning, 50 users: webflux-jdbc lost users.");
	}

	@Test
	void sqlStatementsShouldHaveATablePerRequestWhereTheAppsCountThem(@TempDir Path directory) throws IOException {
		Report.Written written = Report.write(FixtureRun.writeSeed002(directory.resolve("002")));
		assertThat(written.markdown()).content(StandardCharsets.UTF_8)
			.contains("## SQL statements per request")
			.contains("| 50 | mvc-vt | 1 | 300 | 150 | 2 |", "| 50 | webflux-jdbc | 1 | 143 | 143 | 1 |");
		assertThat(written.html()).content(StandardCharsets.UTF_8).contains("<section id=\"sql-statements\">");
		// Apps that count no statements get no table.
		Report.Written fixture = Report.write(FixtureRun.write(directory.resolve("fixture"), false));
		assertThat(fixture.markdown()).content(StandardCharsets.UTF_8).doesNotContain("SQL statements");
	}

	@Test
	void summaryJsonShouldHoldJourneysAndPasswordChecksWhereThereAreAny(@TempDir Path directory) throws IOException {
		SummaryJson seed002 = SummaryJson
			.read(Report.write(FixtureRun.writeSeed002(directory.resolve("002"))).summaryJson());
		assertThat(seed002.loads()).extracting(SummaryJson.Load::journeys)
			.containsExactly(Optional.of(new Journeys(50, 50, 0, 0)), Optional.of(new Journeys(50, 44, 5, 1)));
		assertThat(seed002.loads().getFirst().passwordChecks()).hasValueSatisfying((checks) -> {
			assertThat(checks.checks()).isEqualTo(50);
			assertThat(checks.cpuSeconds()).isEqualTo(5);
			assertThat(checks.wallSeconds()).isEqualTo(5);
			assertThat(checks.upperBound()).isTrue();
			assertThat(checks.cpuSecondsPerJourney()).hasValue(0.1);
			assertThat(checks.shareOfAppCpu()).hasValue(0.25);
		});
		assertThat(seed002.loads().getLast().passwordChecks())
			.hasValueSatisfying((checks) -> assertThat(checks.upperBound()).isFalse());
		// A run whose apps expose no password metric says nothing of them.
		Report.Written fixture = Report.write(FixtureRun.write(directory.resolve("fixture"), false));
		assertThat(SummaryJson.read(fixture.summaryJson()).loads())
			.allSatisfy((load) -> assertThat(load.passwordChecks()).isEmpty());
		assertThat(fixture.markdown()).content(StandardCharsets.UTF_8).doesNotContain("assword");
		assertThat(Files.readString(fixture.summaryJson(), StandardCharsets.UTF_8))
			.contains("\"passwordChecks\": null");
	}

	@Test
	void timesWhenTheEndpointIsFastShouldCarryTheirResolutionAndItsCostsSayWhatIsNotKnown(@TempDir Path directory)
			throws IOException {
		Report.Written written = Report.write(FixtureRun.writeFastEndpoint(directory));
		String markdown = Files.readString(written.markdown(), StandardCharsets.UTF_8);
		assertThat(markdown).contains("| mvc | 1 | all |", "| < 1 | ", " \u00b1 1 | ")
			.contains("- " + Resolution.NOTE + "\n")
			.contains("_req/s counts from the first request's start to the last one's end, ramp-up included. "
					+ Resolution.NOTE);
		// webflux's pause, whose series appeared mid-load, is counted; mvc's metrics
		// never answered, and the table says so.
		assertThat(markdown)
			.containsPattern("\\| 10 \\| webflux \\| 1 \\| [^|]+ \\| [^|]+ \\| 64 \\| 64 \\| 381 \\| 1 \\| 62 \\|")
			.containsPattern("\\| 10 \\| mvc \\| 1 \\| [^|]+ \\| [^|]+ \\| no metrics \\| no metrics \\| 381 "
					+ "\\| no metrics \\| no metrics \\|")
			.contains("Where a figure is not known, the cell says why: " + Figure.REASONS);
		String html = Files.readString(written.html(), StandardCharsets.UTF_8);
		assertThat(html).contains("\"min\": \"< 1 ms\"", "\"belowMillis\": 5.0");
	}

	@Test
	void runWhenAllTimesAreAboveAFewMillisecondsShouldHaveNoNoteOnTheirResolution(@TempDir Path directory) {
		Report.Written written = Report.write(FixtureRun.write(directory, false));
		assertThat(written.markdown()).content(StandardCharsets.UTF_8).doesNotContain("whole milliseconds");
	}

	@Test
	void directoryWhenItHasNoRunJsonShouldBeRefused(@TempDir Path directory) {
		assertThatExceptionOfType(RunResults.NotResultsException.class).isThrownBy(() -> RunResults.read(directory))
			.withMessageContaining("is not a results directory: it has no run.json");
	}

	/**
	 * Adds the JIT threads' CPU time to every app CPU reading of {@code metrics}, as
	 * {@code jit} of the app's CPU time so far.
	 */
	/**
	 * Adds the JIT's CPU time to a load's metrics.csv, one reading per reading of the
	 * app's CPU time.
	 * @param jit the JIT's CPU seconds from the seconds since the load's first reading
	 * and the app's CPU seconds then
	 */
	@Test
	void databaseTableWhenPostgresWasReadShouldGiveItsConnectionsAndRatesOverTheLoad(@TempDir Path directory)
			throws IOException {
		FixtureRun.write(directory, false);
		assertThat(Report.of(RunResults.read(directory)).databaseTable()).isEmpty();
		ResultsDirectory files = new ResultsDirectory(directory);
		addDatabase(files.metricsCsv(new LoadKey(FixtureRun.SCENARIO, 10, "mvc", 1)));
		Table table = Report.of(RunResults.read(directory)).databaseTable().orElseThrow();
		assertThat(table.headers()).containsExactly("Load", "Target", "Trial", "Connections (peak)", "Transactions/s",
				"Rows fetched/s", "Rows written/s", "Buffer hit %");
		// The reading connection is not the load's; 100 commits and 2 rollbacks a second
		// over the load's 8 s.
		assertThat(table.rows()).singleElement().satisfies((row) -> {
			assertThat(row.subList(0, 2)).containsExactly("10", "mvc");
			assertThat(row.subList(3, 8)).containsExactly("20", "102", "1000", "15", "99");
		});
		double generatorAlone = Report.of(RunResults.read(directory))
			.results()
			.at(10, "mvc")
			.getFirst()
			.efficiency()
			.generatorCpuPer1000()
			.value();
		assertThat(generatorAlone).isPositive();
		// In a mixed run the one database served every target: one row says so.
		RunJson.read(files.runJson())
			.withMixed(Optional.of(new RunJson.Mixed(FixtureRun.STACKS, "each target ran 1/2 of every load's users",
					"read from pg_stat_database")))
			.write(files.runJson());
		Report mixed = Report.of(RunResults.read(directory));
		// One generator sent both targets' requests: its CPU is shared over them all.
		LoadResult mvc = mixed.results().at(10, "mvc").getFirst();
		long both = mvc.all().samples() + mixed.results().at(10, "webflux").getFirst().all().samples();
		assertThat(mvc.efficiency().generatorCpuPer1000().value())
			.isCloseTo(generatorAlone * mvc.all().samples() / both, within(1e-9));
		assertThat(mixed.databaseTable().orElseThrow().rows()).singleElement()
			.satisfies((row) -> assertThat(row.get(1)).isEqualTo("mvc, webflux"));
		assertThat(mixed.environment().rows()).contains(List.of("Mixed run",
				"mvc, webflux under each load at the same"
						+ " time: each target ran 1/2 of every load's users; the database's own activity read from"
						+ " pg_stat_database"));
	}

	/**
	 * What {@code DatabaseActivity} reads each second of the load, beside the app's
	 * lines.
	 */
	private static void addDatabase(Path metrics) throws IOException {
		appendEachScrape(metrics, (at, second, cpu) -> {
			Map<String, Double> values = Map.of("numbackends", (second == 4) ? 21.0 : 11.0, "xact_commit_total",
					5000 + 100.0 * second, "xact_rollback_total", 2.0 * second, "tup_fetched_total", 1000.0 * second,
					"tup_inserted_total", 10.0 * second, "tup_updated_total", 5.0 * second, "tup_deleted_total", 0.0,
					"blks_hit_total", 990.0 * second, "blks_read_total", 10.0 * second);
			StringBuilder lines = new StringBuilder();
			values.forEach(
					(metric, value) -> lines.append(at + ",database,pg_stat_database_" + metric + ",," + value + "\n"));
			return lines.toString();
		});
	}

	private static void addJitCpu(Path metrics, DoubleBinaryOperator jit) throws IOException {
		appendEachScrape(metrics,
				(at, second, cpu) -> at + ",app,jit_cpu_seconds,," + jit.applyAsDouble(second, cpu) + "\n");
	}

	/**
	 * Appends to a fixture's metrics.csv what {@code lines} makes of each scrape: its
	 * time as written, its second since the first, and the app's CPU time then.
	 */
	private static void appendEachScrape(Path metrics, ScrapeLines lines) throws IOException {
		StringBuilder added = new StringBuilder();
		Instant first = null;
		for (String line : Files.readAllLines(metrics, StandardCharsets.UTF_8)) {
			String[] fields = line.split(",");
			if (fields.length == 5 && fields[1].equals("app") && fields[2].equals("cpu_time_seconds")) {
				Instant at = Instant.parse(fields[0]);
				first = (first != null) ? first : at;
				added.append(
						lines.of(fields[0], Duration.between(first, at).toSeconds(), Double.parseDouble(fields[4])));
			}
		}
		Files.writeString(metrics, added, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
	}

	@FunctionalInterface
	private interface ScrapeLines {

		String of(String at, long second, double appCpu);

	}

}

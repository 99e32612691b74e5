package dev.fluxbench.harness.report;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

import dev.fluxbench.harness.launch.DatabaseActivity;
import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.Warmup;

/**
 * The report of one results directory: its header, verdicts, tables and summary, computed
 * once and written three ways (HTML, Markdown, summary.json).
 *
 * @param results what the directory holds
 * @param verdicts one per load, label and aspect
 * @param decision what a tech lead reads first: a line per load and label
 * @param narrative the plain-language summary, a paragraph per entry
 * @param faults the downstream's fault profile and what the app's circuit breakers did
 * under it
 */
public record Report(RunResults results, List<Verdict> verdicts, List<String> decision, List<String> narrative,
		FaultReport faults) {

	public static final String HTML = "report.html";

	public static final String MARKDOWN = "report.md";

	public static final String SUMMARY_JSON = "summary.json";

	private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
		.withZone(ZoneOffset.UTC);

	public static Report of(RunResults results) {
		List<Verdict> verdicts = new ArrayList<>();
		for (int load : results.loadLevels()) {
			Map<String, List<LoadResult>> byStack = new LinkedHashMap<>();
			results.stacks().forEach((stack) -> byStack.put(stack, results.at(load, stack)));
			// Read when single trials are compared, and one load at a time: a long run's
			// samples would not all fit in memory at once.
			Map<LoadKey, Map<String, Measurements>> samples = new HashMap<>();
			BiFunction<LoadResult, String, Optional<Measurements>> ofLabel = (trial, label) -> Optional
				.ofNullable(samples.computeIfAbsent(trial.key(), (key) -> measurements(results, key)).get(label));
			// Label by label: over a mix of endpoints a slow one hides behind a fast one.
			for (String label : results.labels()) {
				for (Aspect aspect : Aspect.PER_LABEL) {
					verdicts.add(Verdict.of(load, label, aspect, byStack, ofLabel));
				}
			}
			for (Aspect aspect : Aspect.PER_LOAD) {
				verdicts.add(Verdict.of(load, Summary.ALL, aspect, byStack));
			}
		}
		FaultReport faults = FaultReport.of(results);
		List<String> narrative = new ArrayList<>(Narrative.of(results, verdicts));
		narrative.addAll(faults.narrative());
		return new Report(results, List.copyOf(verdicts), Decision.of(results, verdicts), List.copyOf(narrative),
				faults);
	}

	private static Map<String, Measurements> measurements(RunResults results, LoadKey key) {
		List<Sample> samples = RunResults.samples(new ResultsDirectory(results.directory()).samplesCsv(key));
		return samples.isEmpty() ? Map.of() : Measurements.byLabel(samples, results.run().rampUp(key.load()));
	}

	/** Reads a results directory and writes its report into it. */
	public static Written write(Path directory) {
		Report report = Report.of(RunResults.read(directory));
		Written files = new Written(directory.resolve(HTML), directory.resolve(MARKDOWN),
				directory.resolve(SUMMARY_JSON));
		ResultsDirectory.writeAtomically(files.markdown(), MarkdownReport.render(report));
		ReportSummary.of(report).write(files.summaryJson());
		ResultsDirectory.writeAtomically(files.html(), HtmlReport.render(report));
		return files;
	}

	RunRecord run() {
		return this.results.run();
	}

	String title() {
		return "fluxbench report: " + run().scenario();
	}

	/** One line under the title: state, time, trials, scale. */
	String subtitle() {
		String when = run().started().map(WHEN::format).orElse("start unknown")
				+ run().ended().map((end) -> " to " + WHEN.format(end)).orElse("");
		String trials = (this.results.trials() == 1) ? "1 trial per stack"
				: this.results.trials() + " trials per stack";
		return "Status: " + status() + " · " + when + " · " + trials + " · scale " + Aspect.number(run().scale());
	}

	/** "finished", or what went wrong, loud enough to notice. */
	String status() {
		if (run().isComplete() && !this.results.hasUnfinishedLoads()) {
			return "finished";
		}
		String status = run().status().equals("running") ? "interrupted (killed: run.json still says running)"
				: run().status();
		// Why a failed run stopped, as run.json has it: a stack that would not start, an
		// engine that died. An interrupted run stopped because it was asked to.
		String reason = run().status().equals("failed")
				? run().json().failure().map((failure) -> " (" + failure + ")").orElse("") : "";
		return status.toUpperCase(Locale.ROOT) + reason + ", PARTIAL RESULTS";
	}

	String description() {
		return "Compared " + String.join(", ", this.results.stacks()) + " on " + run().scenario() + ": "
				+ run().json().scenario().description() + "."
				+ (run().json().mixed().isPresent()
						? " All of them under each load at the same time, each with its share, on one database"
								+ " (a mixed run): their figures tell how they fare side by side, not alone."
						: "");
	}

	Table environment() {
		RunJson json = run().json();
		List<List<String>> rows = new ArrayList<>();
		rows.add(List.of("Scenario",
				run().scenario() + ", " + json.scenario().model() + "; loads "
						+ this.results.loadLevels().stream().map(String::valueOf).collect(Collectors.joining(", "))
						+ " " + run().loadUnit() + "; ramp-up " + seconds(run().rampUp()) + ", "
						+ json.scenario().termination() + ", " + thinkTime()));
		rows.add(List.of("Requests",
				run().requests()
					.stream()
					.map((request) -> describe(request)
							+ (request.floor().isZero() ? "" : " (downstream delay " + seconds(request.floor()) + ")"))
					.collect(Collectors.joining("; "))));
		rows.add(List.of("Seeds", String.join(", ", json.scenario().seeds())));
		rows.add(List.of("Trials, warm-up", run().trials() + " per stack, stacks in rotating order; warm-up "
				+ json.warmup().map(Report::seconds).orElse("unknown") + " per stack, not recorded"));
		rows.add(List.of("JDK", json.jdk().vendor() + " " + json.jdk().version() + " (" + json.jdk().vm() + ")"));
		rows.add(List.of("Machine", json.os().name() + " " + json.os().version() + " " + json.os().arch() + ", "
				+ json.cores() + " cores"));
		rows.add(List.of("CPU layout", cpuLayout(json.cpuLayout())));
		json.cluster()
			.ifPresent((cluster) -> rows.add(List.of("Nodes",
					cluster.nodes() + " of each stack behind " + cluster.balancer() + ": "
							+ cluster.settings()
								.entrySet()
								.stream()
								.map((setting) -> setting.getKey() + " " + setting.getValue())
								.collect(Collectors.joining(", ")))));
		json.mixed()
			.ifPresent((mixed) -> rows
				.add(List.of("Mixed run", String.join(", ", mixed.targets()) + " under each load at the same time: "
						+ mixed.split() + "; the database's own activity " + mixed.databaseActivity())));
		json.engines()
			.ifPresent((engines) -> rows.add(List.of("Load engines", "JMeter remote engines "
					+ String.join(", ", engines.addresses()) + ", RMI " + engines.rmi() + "; " + engines.split())));
		json.calibration().ifPresent((calibration) -> rows.add(List.of("Generator", calibration(calibration))));
		rows.add(List.of("App JVM flags", String.join(" ", run().appJvmFlags())));
		json.maxInFlight()
			.ifPresent((limit) -> rows
				.add(List.of("In-flight limit", limit + " requests per stack, then 503 overloaded")));
		rows.add(List.of("Database", json.database().orElse("")));
		rows.add(List.of("Libraries", libraries()));
		rows.add(List.of("Commit", shortCommit()));
		List<String> failed = run().failedAssertions();
		rows.add(List.of("Assertions", failed.isEmpty() ? assertions() : "FAILED: " + String.join("; ", failed)));
		return new Table("environment", "Setup", List.of("", ""), rows, "");
	}

	/**
	 * How far the generator was from wrk on this machine, as {@code fluxbench calibrate}
	 * measured it: "generator vs wrk: 2.9× CPU per 1000 requests at 10 connections, ...".
	 */
	static String calibration(CalibrationJson calibration) {
		String ratios = calibration.points()
			.stream()
			.map((point) -> point.cpuRatio().map((ratio) -> String.format(Locale.ROOT, "%.1f×", ratio)).orElse("n/a")
					+ " CPU per 1000 requests at " + point.connections() + " connections")
			.collect(Collectors.joining(", "));
		return "generator vs wrk: " + ratios;
	}

	private String thinkTime() {
		List<Duration> range = run().thinkTime();
		if (range.isEmpty()) {
			return "think time unknown";
		}
		if (range.get(0).isZero() && range.get(1).isZero()) {
			return "no think time";
		}
		return "think time " + seconds(range.get(0)) + " to " + seconds(range.get(1)) + ", uniform";
	}

	private static String cpuLayout(RunJson.CpuLayout layout) {
		if (!layout.pinned()) {
			return "not pinned: the generator and the app shared every core";
		}
		return "app on CPU " + layout.app() + " (ActiveProcessorCount=" + layout.appActiveProcessorCount()
				+ "); generator and downstream on CPU " + layout.generatorAndDownstream() + "; database "
				+ layout.database();
	}

	private String libraries() {
		return run().json()
			.libraries()
			.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " " + entry.getValue())
			.collect(Collectors.joining(", "));
	}

	private String shortCommit() {
		RunJson.Git git = run().json().git();
		if (git.commit().isEmpty()) {
			return "unknown";
		}
		return git.commit().substring(0, Math.min(12, git.commit().length()))
				+ (git.dirty().orElse(false) ? " with uncommitted changes" : "");
	}

	private String assertions() {
		List<String> declared = run().json().scenario().assertions();
		return declared.isEmpty() ? "none declared" : String.join(", ", declared) + ": all held";
	}

	/**
	 * A request as the setup table names it: its label, and its method and path where
	 * run.json has them.
	 */
	private static String describe(RunJson.Request request) {
		return request.method().isEmpty() ? request.label()
				: request.label() + ": " + request.method() + " " + request.path();
	}

	/**
	 * The verdicts, a row per load and label, a column per aspect; CPU and heap belong to
	 * the whole load, so they are on its first row only.
	 */
	Table verdictTable() {
		List<String> headers = new ArrayList<>(List.of("Load", "Label"));
		for (Aspect aspect : Aspect.values()) {
			headers.add(aspect.title());
		}
		List<List<String>> rows = new ArrayList<>();
		for (int load : this.results.loadLevels()) {
			boolean first = true;
			for (String label : this.results.labels()) {
				List<String> row = new ArrayList<>(List.of(load + " " + run().loadUnit(), labelName(label)));
				for (Aspect aspect : Aspect.values()) {
					String cell = (aspect.perLabel() || first)
							? verdict(load, aspect.perLabel() ? label : Summary.ALL, aspect).map(Verdict::sentence)
								.orElse("")
							: "";
					row.add(cell);
				}
				rows.add(row);
				first = false;
			}
		}
		String note = (this.results.trials() < 2) ? "One trial per target: each figure is a single measurement."
				: "Each figure is the median over trials; a target is better only when the bootstrap 95% confidence "
						+ "intervals of the medians do not overlap.";
		if (Resolution.appearsIn(this.verdicts)) {
			note += " " + Resolution.NOTE;
		}
		return new Table("verdicts", "Verdict by load and label", headers, rows, note);
	}

	/** Each target's median with its interval, per label and aspect, at one load. */
	Table estimateTable(int load) {
		List<String> headers = new ArrayList<>(List.of("Target", "Label"));
		for (Aspect aspect : Aspect.values()) {
			headers.add(aspect.title() + " (" + aspect.unit() + ")");
		}
		List<List<String>> rows = new ArrayList<>();
		boolean coarse = false;
		for (String stack : this.results.stacks()) {
			for (String label : this.results.labels()) {
				List<String> row = new ArrayList<>(List.of(stack, labelName(label)));
				for (Aspect aspect : Aspect.values()) {
					String key = aspect.perLabel() ? label : Summary.ALL;
					Verdict.Estimate estimate = verdict(load, key, aspect).map((v) -> v.estimates().get(stack))
						.orElse(null);
					if (estimate == null) {
						row.add(whyNoEstimate(load, stack, key, aspect));
						continue;
					}
					coarse |= aspect.wholeMillis() && Resolution.coarse(estimate.median());
					row.add(aspect.figure(estimate.median())
							+ ((estimate.values().size() < 2) ? "" : " [" + Aspect.number(estimate.interval().low())
									+ ", " + Aspect.number(estimate.interval().high()) + "]"));
				}
				rows.add(row);
			}
		}
		return new Table("estimates-" + load,
				"Medians over trials at " + load + " " + run().loadUnit() + ", with 95% confidence intervals", headers,
				rows, coarse ? Resolution.NOTE : "");
	}

	/** Why a target has no figure for an aspect at a load, in a few words. */
	private String whyNoEstimate(int load, String stack, String label, Aspect aspect) {
		List<LoadResult> all = this.results.at(load, stack);
		List<LoadResult> finished = all.stream().filter(LoadResult::counted).toList();
		if (finished.isEmpty()) {
			return all.isEmpty() ? "not run"
					: all.stream().anyMatch(LoadResult::finished) ? "JIT still compiling" : "unfinished";
		}
		return switch (aspect) {
			case CPU -> finished.getFirst().efficiency().appCpuPer1000().unknownBecause();
			case HEAP -> finished.getFirst().efficiency().heapUsedMeanMb().unknownBecause();
			default -> "no " + labelName(label) + " request";
		};
	}

	Optional<Verdict> verdict(int load, String label, Aspect aspect) {
		return this.verdicts.stream()
			.filter((v) -> v.load() == load && v.label().equals(label) && v.aspect() == aspect)
			.findFirst();
	}

	static String labelName(String label) {
		return label.equals(Summary.ALL) ? "all" : label;
	}

	/** Seed 001's summary columns plus percentiles, a row per stack, trial and label. */
	Table loadTable(int load) {
		List<String> headers = List.of("Stack", "Trial", "Label", "Samples", "Errors", "Error %", "Errors by cause",
				"Min ms", "Avg ms", "Max ms", "Std dev ms", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "p99.9 ms",
				"req/s");
		List<List<String>> rows = new ArrayList<>();
		boolean coarse = false;
		for (String stack : this.results.stacks()) {
			for (LoadResult result : this.results.at(load, stack)) {
				for (Summary summary : result.summaries()) {
					coarse |= Resolution.coarse(summary.min().toNanos() / 1e6);
					rows.add(List.of(stack, result.trialLabel(),
							summary.label().equals(Summary.ALL) ? "all" : summary.label(),
							Long.toString(summary.samples()), Long.toString(summary.errors()),
							Aspect.number(100.0 * summary.errors() / summary.samples()), causes(summary),
							measured(summary.min()), ms(summary.mean()), measured(summary.max()), ms(summary.stdDev()),
							measured(summary.p50()), measured(summary.p90()), measured(summary.p95()),
							measured(summary.p99()), measured(summary.p999()), Aspect.number(summary.throughput())));
				}
			}
		}
		return new Table("load-" + load, load + " " + run().loadUnit(), headers, rows,
				"req/s counts from the first request's start to the last one's end, ramp-up included."
						+ (coarse ? " " + Resolution.NOTE + " Means and deviations average many samples, whose rounding"
								+ " errors cancel out, and are finer." : ""));
	}

	/**
	 * One time as JMeter measured it, in whole milliseconds, or a percentile of such
	 * times: with its resolution when it is a few milliseconds ({@link Resolution}).
	 */
	static String measured(Duration duration) {
		return Resolution.millis(duration.toNanos() / 1e6);
	}

	/** Little's-law limit of a scenario without delays or think times. */
	private static final String NO_FLOOR = "no limit";

	/**
	 * CPU and memory per request, and how close the stacks came to what the clients could
	 * ask for.
	 */
	Table efficiencyTable() {
		List<String> headers = List.of("Load", "Stack", "Trial", "App CPU-s / 1000 req", "Generator CPU-s / 1000 req",
				"Heap used mean MB", "Heap used max MB", "RSS max MB", "GC pauses", "GC pause ms", "JIT % of app CPU",
				"Peak in flight", "Plateau req/s", "Little's-law limit req/s", "Of limit");
		List<List<String>> rows = new ArrayList<>();
		boolean unknown = false;
		for (int load : this.results.loadLevels()) {
			for (String stack : this.results.stacks()) {
				for (LoadResult result : this.results.at(load, stack)) {
					LoadResult.Efficiency efficiency = result.efficiency();
					List<Figure> figures = List.of(efficiency.appCpuPer1000(), efficiency.generatorCpuPer1000(),
							efficiency.heapUsedMeanMb(), efficiency.heapUsedMaxMb(), efficiency.rssMaxMb(),
							efficiency.gcPauses(), efficiency.gcPauseMillis());
					unknown |= figures.stream().anyMatch((figure) -> !figure.known());
					List<String> row = new ArrayList<>(
							List.of(Integer.toString(load), stack, Integer.toString(result.key().trial())));
					figures.forEach((figure) -> row.add(figure.text()));
					row.add(efficiency.jitShare().known() ? Aspect.number(efficiency.jitShare().value() * 100)
							+ (result.steady() ? "" : " (not steady)") : efficiency.jitShare().text());
					row.addAll(List.of(Aspect.number(result.peakInFlight()), Aspect.number(result.plateauThroughput()),
							efficiency.littlesLawLimit().map(Aspect::number).orElse(NO_FLOOR),
							result.ofLittlesLawLimit().map((share) -> Math.round(share * 100) + "%").orElse(NO_FLOOR)));
					rows.add(row);
				}
			}
		}
		return new Table("efficiency", "Efficiency", headers, rows,
				"CPU from /proc over the load, or from the target's own CPU counter when fluxbench did not start it; "
						+ "counters grow as Prometheus' increase() reads them, so a series that first appears during a "
						+ "load counts from 0 and a restart is not subtracted. The plateau is the time when every user "
						+ "had started and none had finished. Peak in flight: the most requests under way in any "
						+ "second. Little's-law limit: users x requests per round / (downstream delays + think times "
						+ "per round); in the open model, the target rate; \"" + NO_FLOOR + "\": the scenario has no "
						+ "delay or think time, so the clients set no limit."
						+ (run().json().mixed().isPresent() ? " In a mixed run one generator sent every target's "
								+ "requests at once: its CPU is per 1000 requests of them all." : "")
						+ (unknown ? " Where a figure is not known, the cell says why: " + Figure.REASONS : ""));
	}

	/**
	 * How the balancer spread each load over a stack's nodes ({@code --nodes}): the
	 * requests each node's own metrics counted; none when no stack ran on several nodes.
	 */
	Optional<Table> nodeTable() {
		List<String> headers = List.of("Load", "Stack", "Trial", "Requests per node", "Total", "Spread");
		List<List<String>> rows = new ArrayList<>();
		for (int load : this.results.loadLevels()) {
			for (String stack : this.results.stacks()) {
				for (LoadResult result : this.results.at(load, stack)) {
					// The harness' own scrapes and probes are no part of the load.
					Map<String, Double> served = Counters.increaseByTag(result.scrapes(),
							"http_server_requests_seconds_count", "node",
							(tags) -> !Scrape.tag(tags, "uri").orElse("").startsWith("/actuator"));
					if (served.size() < 2) {
						continue;
					}
					double total = served.values().stream().mapToDouble(Double::doubleValue).sum();
					List<String> split = new ArrayList<>();
					served.forEach((node, requests) -> split.add("node " + node + ": " + Math.round(requests) + " ("
							+ Aspect.number(100 * requests / total) + " %)"));
					rows.add(List.of(Integer.toString(load), stack, result.trialLabel(), String.join(", ", split),
							Long.toString(Math.round(total)), NodeSpread.of(served.values()).describe()));
				}
			}
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Table("nodes", "Nodes behind the balancer", headers, rows,
				"Requests each node served during the load, from its own http_server_requests counter, nginx "
						+ "spreading them round-robin. " + NodeSpread.RULE));
	}

	/**
	 * How many journeys each target's users started, completed, and had stopped, per load
	 * and trial; none when run.json counted none (an older harness).
	 */
	Optional<Table> journeyTable() {
		List<String> headers = List.of("Load", "Target", "Trial", "Journeys started", "Completed",
				"Stopped by a failed request", "Unfinished", "Users lost");
		List<List<String>> rows = new ArrayList<>();
		for (int load : this.results.loadLevels()) {
			boolean held = run().isHeld(load);
			for (String stack : this.results.stacks()) {
				for (LoadResult result : this.results.at(load, stack)) {
					result.journeys()
						.ifPresent((journeys) -> rows.add(List.of(Integer.toString(load), stack, result.trialLabel(),
								Long.toString(journeys.started()), Long.toString(journeys.completed()),
								Long.toString(journeys.stopped()), Long.toString(journeys.unfinished()),
								Long.toString(journeys.lost(held)))));
				}
			}
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Table("journeys", "Journeys", headers, rows,
				"A journey is one user's pass through the scenario's steps, counted by the load generator. A user "
						+ "stopped by a failed stopOnFailure request does not come back, and in a load of iterations "
						+ "neither does one whose journey ended short: the rest of the load ran with fewer users, "
						+ "lighter, and the target's times look better than they would. Unfinished journeys of a held "
						+ "load were under way when its time ran out, and cost it no user."));
	}

	/**
	 * What checking passwords cost each target, per load and trial; none when no target
	 * exposed the metric, as with every scenario but seed 002's and most services of a
	 * user's own.
	 */
	Optional<Table> passwordTable() {
		List<String> headers = List.of("Load", "Target", "Trial", "Password checks", "CPU-s checking",
				"CPU-s per journey", "Share of app CPU");
		List<List<String>> rows = new ArrayList<>();
		boolean upperBounds = false;
		for (int load : this.results.loadLevels()) {
			for (String stack : this.results.stacks()) {
				for (LoadResult result : this.results.at(load, stack)) {
					if (result.passwordChecks().isEmpty()) {
						continue;
					}
					LoadResult.PasswordChecks checks = result.passwordChecks().get();
					String bound = checks.upperBound() ? "≤ " : "";
					upperBounds |= checks.upperBound();
					double share = checks.shareOfAppCpu();
					rows.add(List.of(Integer.toString(load), stack, Integer.toString(result.key().trial()),
							Aspect.number(checks.checks()), bound + Aspect.number(checks.seconds()),
							bound(bound, checks.secondsPerJourney(result.journeys())),
							Double.isNaN(share) ? "n/a" : bound + Aspect.number(100 * share) + "%"));
				}
			}
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		String note = "BCrypt is slow on purpose: this is the part of each target's CPU that went into checking "
				+ "passwords (POST /api/authenticate) rather than into the stack under test. The app measures each "
				+ "check's thread CPU time; the share is of its process CPU over the same load.";
		if (upperBounds) {
			note += " ≤ marks an upper bound: on virtual threads the JDK measures no thread CPU, so the app counted "
					+ "those checks' wall time, waits included.";
		}
		return Optional.of(new Table("password-checks", "Password checks", headers, rows, note));
	}

	/**
	 * The SQL statements each target executed per request, per load and trial, from the
	 * counter the apps keep around their database driver; none when no target exposes it,
	 * as with a service of the user's own.
	 */
	Optional<Table> sqlTable() {
		List<String> headers = List.of("Load", "Target", "Trial", "SQL statements", "Requests",
				"Statements per request");
		List<List<String>> rows = new ArrayList<>();
		for (int load : this.results.loadLevels()) {
			for (String stack : this.results.stacks()) {
				for (LoadResult result : this.results.at(load, stack)) {
					Figure statements = Counters.increase(result.scrapes(), Counter.SQL_STATEMENTS);
					if (!statements.known() || result.summaries().isEmpty()) {
						continue;
					}
					long requests = result.summaries().getFirst().samples();
					rows.add(List.of(Integer.toString(load), stack, result.trialLabel(),
							Aspect.number(statements.value()), Long.toString(requests),
							Aspect.number((requests > 0) ? statements.value() / requests : Double.NaN)));
				}
			}
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Table("sql-statements", "SQL statements per request", headers, rows,
				"Counted by the app around its database driver (datasource-proxy in mvc, r2dbc-proxy in webflux) "
						+ "from the first scrape of the load to the last, and divided by the requests the load "
						+ "generator finished in the load: a mean over every request of the journey, a batch "
						+ "counting once. webflux's jdbc and vt variants count their R2DBC statements only."));
	}

	/**
	 * The database's own view of each load, from {@code pg_stat_database}: its
	 * connections and transactions, and the rows it read and wrote, per second of the
	 * load. In a mixed run one database served every target at once, and one row per load
	 * and trial says so; none when the database was not read (H2, MariaDB, a service of
	 * the user's own).
	 */
	Optional<Table> databaseTable() {
		boolean mixed = run().json().mixed().isPresent();
		List<String> headers = List.of("Load", mixed ? "Targets" : "Target", "Trial", "Connections (peak)",
				"Transactions/s", "Rows fetched/s", "Rows written/s", "Buffer hit %");
		List<List<String>> rows = new ArrayList<>();
		for (int load : this.results.loadLevels()) {
			for (String stack : this.results.stacks()) {
				for (LoadResult result : this.results.at(load, stack)) {
					List<Scrape> scrapes = result.scrapes();
					double peak = scrapes.stream()
						.mapToDouble(Scrape::databaseConnections)
						.filter((connections) -> !Double.isNaN(connections))
						.max()
						.orElse(Double.NaN);
					if (Double.isNaN(peak) || scrapes.size() < 2) {
						continue;
					}
					double seconds = Duration.between(scrapes.getFirst().at(), scrapes.getLast().at()).toMillis()
							/ 1000.0;
					Figure transactions = Counters.increase(scrapes, Counter.database(DatabaseActivity.COMMITS))
						.plus(Counters.increase(scrapes, Counter.database(DatabaseActivity.ROLLBACKS)));
					Figure fetched = Counters.increase(scrapes, Counter.database("pg_stat_database_tup_fetched_total"));
					Figure written = Counters.increase(scrapes, Counter.database("pg_stat_database_tup_inserted_total"))
						.plus(Counters.increase(scrapes, Counter.database("pg_stat_database_tup_updated_total")))
						.plus(Counters.increase(scrapes, Counter.database("pg_stat_database_tup_deleted_total")));
					Figure hits = Counters.increase(scrapes, Counter.database("pg_stat_database_blks_hit_total"));
					Figure blocks = hits
						.plus(Counters.increase(scrapes, Counter.database("pg_stat_database_blks_read_total")));
					String hitShare = !blocks.known() ? blocks.unknownBecause()
							: (blocks.value() > 0) ? Aspect.number(100 * hits.value() / blocks.value()) : "no blocks";
					rows.add(List.of(Integer.toString(load),
							mixed ? String.join(", ", run().json().mixed().get().targets()) : stack,
							result.trialLabel(),
							// The reading connection is fluxbench's, not the load's.
							Aspect.number(peak - 1), perSecond(transactions, seconds), perSecond(fetched, seconds),
							perSecond(written, seconds), hitShare));
				}
			}
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Table("database", "Database", headers, rows,
				"Read by fluxbench from PostgreSQL's pg_stat_database every second of the load, over the whole "
						+ "database: every schema, every client. Connections leave out fluxbench's own reading one. "
						+ "PostgreSQL publishes a backend's counts when a transaction ends, at most about once a "
						+ "second, so a rate may lag the load by a second."
						+ (mixed ? " In a mixed run every target shared this one database at the same time." : "")));
	}

	private static String perSecond(Figure figure, double seconds) {
		return figure.map((value) -> value / seconds).text();
	}

	/**
	 * Seed 003's figures for every open load that ramped up long enough to read: the
	 * share under its line, throughput, KO %, mean, p99, and the rate at which response
	 * time broke down, with the median over trials and its interval when there are
	 * several. None for any other load.
	 */
	/**
	 * How each target's warm-up went, when the run recorded it: a target that never
	 * became steady was measured anyway, and says so here.
	 */
	Optional<Table> warmupTable() {
		List<String> headers = List.of("Target", "Trial", "Warm-up", "Users", "Steady after", "JIT % of app CPU",
				"Throughput spread", "Cool-downs (JIT CPU-s in the last)", "Samples");
		List<List<String>> rows = new ArrayList<>();
		boolean never = false;
		for (RunJson.TargetRun target : run().stackRuns()) {
			if (target.warmup().isEmpty()) {
				continue;
			}
			Warmup warmup = target.warmup().get();
			never |= !warmup.steady();
			rows.add(List.of(target.target(), Integer.toString(target.trial()),
					Aspect.number(warmup.ran().toMillis() / 1000.0) + " s of at most "
							+ Aspect.number(warmup.maximum().toMillis() / 1000.0) + " s",
					Integer.toString(warmup.users()),
					warmup.steadyAfter()
						.map((after) -> Aspect.number(after.toMillis() / 1000.0) + " s")
						.orElse("never steady"),
					warmup.compileShare().map((share) -> Aspect.number(share * 100)).orElse("not known"),
					warmup.spread().map((spread) -> Aspect.number(spread * 100) + "%").orElse("no full window"),
					(warmup.coolDowns() == 0) ? "0"
							: warmup.coolDowns() + " ("
									+ warmup.backlog()
										.map((seconds) -> String.format(Locale.ROOT, "%.2f s", seconds))
										.orElse("still compiling at the end")
									+ ")",
					Long.toString(warmup.samples())));
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		Warmup first = run().stackRuns()
			.stream()
			.flatMap((target) -> target.warmup().stream())
			.findFirst()
			.orElseThrow();
		return Optional.of(new Table("warmup", "Warm-up", headers, rows,
				"A target is steady once, over " + Aspect.number(first.window().toMillis() / 1000.0)
						+ " s, its JIT compiler threads used at most " + Aspect.number(first.maxCompileShare() * 100)
						+ "% of the app's CPU and its throughput varied by at" + " most "
						+ Aspect.number(first.maxSpread() * 100) + "% (standard deviation over mean); JIT and"
						+ " spread are those of the last window judged. Each time it was, the load cooled down to a"
						+ " quarter of its throughput until the JIT was quiet over a window: a saturated core starves"
						+ " the compiler threads, and what they compiled then had waited. It is steady once a cool-down"
						+ " finds no more than that share of one window's core."
						+ (first.fixed() ? " Every warm-up ran to its maximum (--fixed-warmup)." : "") + (never
								? " A target that never became steady was measured anyway: its first loads may describe"
										+ " its JIT more than its stack."
								: "")));
	}

	Optional<Table> rampTable() {
		List<String> headers = List.of("Load", "Target", "Trial", "Under 800 ms", "Throughput (req/s)", "KO",
				"Mean (ms)", "p99 (ms)", "Breaks down at (req/s)", "Mean before (ms)");
		List<List<String>> rows = new ArrayList<>();
		boolean coarse = false;
		for (int load : this.results.loadLevels()) {
			for (String stack : this.results.stacks()) {
				List<Double> rates = new ArrayList<>();
				for (LoadResult result : this.results.at(load, stack)) {
					if (result.ramp().isEmpty()) {
						continue;
					}
					RampBreakdown ramp = result.ramp().get();
					Summary all = result.all();
					coarse |= Resolution.coarse(all.p99().toNanos() / 1e6);
					ramp.breakdownRate().ifPresent(rates::add);
					rows.add(List.of(Integer.toString(load), stack, result.trialLabel(),
							Aspect.number(ramp.underLinePercent()) + "%", Aspect.number(all.throughput()),
							Aspect.number(result.errorPercent()) + "%", ms(all.mean()), measured(all.p99()),
							breakdown(ramp), Aspect.number(ramp.meanBeforeMillis())));
				}
				if (rates.size() > 1) {
					Statistics.Interval interval = Statistics.bootstrapMedian(Statistics.toArray(rates));
					rows.add(List.of(Integer.toString(load), stack, "median of " + rates.size(), "", "", "", "", "",
							Aspect.number(Statistics.median(Statistics.toArray(rates))) + " (95% CI "
									+ Aspect.number(interval.low()) + " to " + Aspect.number(interval.high()) + ")",
							""));
				}
			}
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Table("ramp", "Ramp (seed 003's figures)", headers, rows,
				"The load climbed while requests started at a rising rate. Requests are grouped by when they started, "
						+ "in windows of a sixtieth of the ramp; a window is broken when its mean response time is above "
						+ "800 ms or more than 10% of its requests failed, and response time breaks down at the rate "
						+ "of the first of two broken windows in a row. \"From the start\": no rate was served under "
						+ "the line. \"Never\": it held to the end. Under 800 ms counts successful answers only; a "
						+ "degraded answer from a circuit breaker's fallback is a success."
						+ (coarse ? " " + Resolution.NOTE : "")));
	}

	private static String breakdown(RampBreakdown ramp) {
		if (ramp.brokenFromStart()) {
			return "from the start";
		}
		return ramp.breakdownRate().map(Aspect::number).orElse("never");
	}

	private static String bound(String bound, double value) {
		return Double.isNaN(value) ? "n/a" : bound + Aspect.number(value);
	}

	private static String causes(Summary summary) {
		return summary.errorsByCause()
			.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " " + entry.getValue())
			.collect(Collectors.joining(", "));
	}

	private static String ms(Duration duration) {
		return Aspect.number(duration.toNanos() / 1e6);
	}

	private static String seconds(Duration duration) {
		return Aspect.number(duration.toMillis() / 1000.0) + " s";
	}

	static String instant(Instant instant) {
		return WHEN.format(instant);
	}

	/** Where the report went. */
	public record Written(Path html, Path markdown, Path summaryJson) {

	}

}

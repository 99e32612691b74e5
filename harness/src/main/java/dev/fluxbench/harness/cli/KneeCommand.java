package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

import dev.fluxbench.harness.knee.KneeJson;
import dev.fluxbench.harness.knee.KneeRun;
import dev.fluxbench.harness.knee.KneeSettings;
import dev.fluxbench.harness.knee.Slo;
import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.run.RunPlan;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Termination;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.Target;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "knee", mixinStandardHelpOptions = true, sortOptions = false,
		header = "Find the arrival rate at which each stack stops meeting an SLO, and fit the Universal Scalability Law.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = {
				"  For each trial, each stack in turn (the order rotates between trials) is started as its own JVM,"
						+ " warmed up, then driven with open loads: journeys of the scenario started at a fixed rate"
						+ " whatever the latency, one rate per step. The rate climbs from --start-rate by --growth"
						+ " until a step misses the SLO, then bisects between the last rate that met it and the first"
						+ " that did not until they are within --precision. The knee is the highest rate that met it.",
				"",
				"  A step is measured over its hold only, the ramp left out: it meets the SLO when every limit of"
						+ " --slo holds over all its requests and the generator achieved the asked rate (less"
						+ " --shortfall); a generator out of threads fails the step rather than pass it. A step with"
						+ " a figure within --margin of its limit is run --repeats times in all and meets the SLO when"
						+ " most of its runs do; a tie does not.",
				"",
				"  The knee of each stack is reported as the mean over --trials with a Student's t 95%% interval"
						+ " (one trial: no interval). A stack that misses the SLO even at --start-rate is reported as"
						+ " such, never as a knee of 0. The Universal Scalability Law X(N) = λN / (1 + σ(N−1) + κN(N−1))"
						+ " is fitted to every step's throughput X and concurrency N (Little's law) with"
						+ " Levenberg-Marquardt: σ is contention, κ coherency, and N* = √((1−σ)/κ) where throughput"
						+ " peaks.",
				"",
				"  The scenario's journey, timeouts, warm-up and stacks are used; its load section is replaced by"
						+ " the search. With --target NAME=URL it launches nothing and searches running services, as"
						+ " 'run' does. Every step's samples.csv and metrics.csv are written as 'run' writes them;"
						+ " knee.json is rewritten after every step, and knee.html and knee.md are written at the"
						+ " end. The last line of output is 'results: DIR'. docs/knee.md says more." },
		optionListHeading = "%nOPTIONS%n", footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  every stack got a knee in every trial",
				"  1  a stack missed the SLO even at --start-rate, or its search failed",
				"  2  bad usage or configuration; nothing was started",
				"  3  environment problem: port busy, database or target unreachable", "", "EXAMPLES",
				"  ./fluxbench knee", "      the passthrough (100 ms delay) on every stack; SLO p99 500 ms, 1%% errors",
				"  ./fluxbench knee --scenario quick-passthrough --stacks mvc,webflux --scale 0.2",
				"      the same on two stacks, with steps and warm-up a fifth as long",
				"  ./fluxbench knee --scenario-file my.yaml --slo p95=200ms,errors=0.1%% \\",
				"      --trials 3 --target before=http://127.0.0.1:8080 \\",
				"      --target after=http://127.0.0.1:9090",
				"  ./fluxbench knee --scenario boot2-passthrough-open --start-rate 100 \\",
				"      --max-rate 5000 --step-hold 60s", "", "SEE ALSO",
				"  docs/knee.md: the search rule, knee.json, and how to read the USL fit" })
final class KneeCommand implements Callable<Integer> {

	static final String DEFAULT_SCENARIO = "quick-passthrough";

	/**
	 * The generator's threads for a scenario that has no open model of its own to say how
	 * many.
	 */
	static final int DEFAULT_MAX_THREADS = 2_000;

	@Spec
	private CommandSpec spec;

	@Option(names = { "-s", "--scenario" }, paramLabel = "NAME",
			description = "a built-in scenario (default: " + DEFAULT_SCENARIO
					+ "); 'fluxbench list' shows them all. Its journey is searched; its load section is not used")
	private String scenario;

	@Option(names = { "-f", "--scenario-file" }, paramLabel = "FILE",
			description = "a scenario file of your own (docs/scenario-format.md), in place of --scenario")
	private Path scenarioFile;

	@Option(names = { "-t", "--target" }, paramLabel = "NAME=URL",
			description = "a running service to search instead of launching stacks, as before=http://host:8080;"
					+ " repeat for each one")
	private List<String> targets;

	@Option(names = "--metrics", paramLabel = "NAME=URL",
			description = "where a target's metrics are, as for 'run': a Prometheus endpoint or a Prometheus server"
					+ " and a label selector; recorded in each step's metrics.csv")
	private List<String> metrics;

	@Option(names = "--stacks", paramLabel = "STACK", split = ",",
			description = "the built-in stacks to launch and search, in the first trial's order (default: the"
					+ " scenario's)")
	private List<String> stacks;

	@Option(names = "--slo", paramLabel = "LIMITS", defaultValue = Slo.DEFAULT,
			description = "what a step must keep to: comma-separated limits on p50, p90, p95, p99, p999 or mean"
					+ " (500ms, 1.5s) and errors (a percentage: 1%%, 0.1%%) of the requests of its hold"
					+ " (default: ${DEFAULT-VALUE})")
	private String slo;

	@Option(names = "--start-rate", paramLabel = "RATE", defaultValue = "10",
			description = "the first rate, in journeys started per second; a stack that misses the SLO here has"
					+ " no knee (default: ${DEFAULT-VALUE})")
	private int startRate;

	@Option(names = "--max-rate", paramLabel = "RATE", defaultValue = "20000",
			description = "the highest rate tried; a stack that meets the SLO here has a knee of at least it"
					+ " (default: ${DEFAULT-VALUE})")
	private int maxRate;

	@Option(names = "--growth", paramLabel = "FACTOR", defaultValue = "2",
			description = "what the climb multiplies the rate by, step after step (default: ${DEFAULT-VALUE})")
	private double growth;

	@Option(names = "--precision", paramLabel = "PERCENT", defaultValue = "10%",
			description = "the bisection stops when the first rate that missed the SLO is within this of the last"
					+ " that met it (default: ${DEFAULT-VALUE})")
	private String precision;

	@Option(names = "--margin", paramLabel = "PERCENT", defaultValue = "10%",
			description = "a step with a figure this near its limit, either side, is run again; 0%% never repeats"
					+ " (default: ${DEFAULT-VALUE})")
	private String margin;

	@Option(names = "--repeats", paramLabel = "N", defaultValue = "3",
			description = "runs in all of a step near a limit; the majority decides, a tie is a miss"
					+ " (default: ${DEFAULT-VALUE})")
	private int repeats;

	@Option(names = "--shortfall", paramLabel = "PERCENT", defaultValue = "10%",
			description = "a step whose achieved rate falls more than this below the asked one fails: the"
					+ " generator could not start its journeys in time (default: ${DEFAULT-VALUE})")
	private String shortfall;

	@Option(names = "--step-ramp", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "5s",
			description = "how long each step takes to reach its rate; not measured; scaled (default: ${DEFAULT-VALUE})")
	private Duration stepRamp;

	@Option(names = "--step-hold", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "30s",
			description = "how long each step holds its rate, all of it measured: long enough for a steady state;"
					+ " scaled (default: ${DEFAULT-VALUE})")
	private Duration stepHold;

	@Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
			description = "warm each stack up until it is steady, at most this long, before its first step; not measured; 0s for none; not"
					+ " scaled (default: the scenario's warm-up, scaled)")
	private Duration warmup;

	@Mixin
	private SteadinessOptions steadiness;

	@Option(names = "--max-threads", paramLabel = "N",
			description = "the generator threads a step may use; a step that needs more falls short of its rate"
					+ " and fails (default: the scenario's open-model maxThreads, else " + DEFAULT_MAX_THREADS + ")")
	private Integer maxThreads;

	@Option(names = "--trials", paramLabel = "N",
			description = "search each stack N times, in rotating order; the knee's interval is over them (default:"
					+ " the scenario's)")
	private Integer trials;

	@Option(names = "--scale", paramLabel = "F", defaultValue = "1",
			description = "multiply the step ramp, step hold and warm-up by F, as 0.2; rates stay (default:"
					+ " ${DEFAULT-VALUE})")
	private double scale;

	@Option(names = "--db", paramLabel = "h2|postgres|mariadb|URL", defaultValue = "h2",
			description = "where the stacks keep their data, as for 'run' (default: ${DEFAULT-VALUE})")
	private String db;

	@Option(names = "--out", paramLabel = "DIR",
			description = "the results directory, which must not exist or be empty (default:"
					+ " results/TIMESTAMP-SCENARIO-knee)")
	private Path out;

	@Option(names = "--app-cpus", paramLabel = "LIST",
			description = "cores of the app under test, in taskset syntax (default: the first half; 0 on 2 cores)")
	private String appCpus;

	@Option(names = "--load-cpus", paramLabel = "LIST",
			description = "cores of the generator and the downstream (default: the other half; 1 on 2 cores)")
	private String loadCpus;

	@Option(names = "--no-pinning", description = "pin nothing, even where taskset exists")
	private boolean noPinning;

	@Option(names = "--aot-cache", description = RunCommand.AOT_CACHE_DESCRIPTION)
	private boolean aotCache;

	@Option(names = "--downstream-port", paramLabel = "PORT", defaultValue = "0",
			description = "the downstream's port (default: a free one)")
	private int downstreamPort;

	@Option(names = "--project-root", paramLabel = "DIR",
			description = "where the stack jars are built (default: the fluxbench.home property, else the current"
					+ " directory)")
	private Path projectRoot;

	@Override
	public Integer call() {
		KneeSettings settings = settings();
		RunPlan plan = plan(settings);
		PrintWriter out = this.spec.commandLine().getOut();
		out.printf("fluxbench knee: %s (%s) x %s, %d trial(s), SLO %s, %d to %d %s, steps of %ds ramp + %ds hold%s%n",
				plan.scenario().name(), plan.scenario().source(), plan.targets().stream().map(Target::id).toList(),
				plan.scenario().trials(), settings.slo(), settings.startRate(), settings.maxRate(), KneeJson.RATE_UNIT,
				settings.stepRamp().toSeconds(), settings.stepHold().toSeconds(), plan.launchesStacks()
						? ", " + plan.database().describe() + ", CPU " + plan.cpuLayout() : ", running services");
		KneeJson result;
		try {
			result = new KneeRun(plan, settings, out).run();
		}
		catch (EnvironmentException ex) {
			Main.failed(ex, this.spec.commandLine().getErr());
			out.println("results: " + plan.out());
			return ExitCode.ENVIRONMENT;
		}
		out.println("results: " + plan.out());
		return result.everyTargetHasAKnee() ? ExitCode.OK : ExitCode.ASSERTION_FAILED;
	}

	/** The search's settings, scaled; bad values are bad usage. */
	KneeSettings settings() {
		try {
			return new KneeSettings(Slo.parse(this.slo), this.startRate, this.maxRate, this.growth,
					share("--precision", this.precision), share("--margin", this.margin), this.repeats,
					share("--shortfall", this.shortfall), this.stepRamp, this.stepHold, 1)
				.scaled(this.scale);
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
	}

	/**
	 * Checks everything that can be checked before anything starts, usage first, then the
	 * machine.
	 */
	private RunPlan plan(KneeSettings settings) {
		Map<String, String> environment = System.getenv();
		Scenario chosen = RunCommand.scenario(
				(this.scenario != null || this.scenarioFile != null) ? this.scenario : DEFAULT_SCENARIO,
				this.scenarioFile, environment);
		List<Target> chosenTargets = RunCommand.targets(chosen, this.stacks, this.targets, this.metrics);
		if (this.trials != null && this.trials < 1) {
			throw new UsageException("--trials must be at least 1, not " + this.trials);
		}
		if (this.maxThreads != null && this.maxThreads < 1) {
			throw new UsageException("--max-threads must be at least 1, not " + this.maxThreads);
		}
		int threads = (this.maxThreads != null) ? this.maxThreads
				: (chosen.workload() instanceof Workload.Open open) ? open.maxThreads() : DEFAULT_MAX_THREADS;
		// The search's steps replace the scenario's load; the first one is what the
		// warm-up sizes itself by.
		Scenario searched = chosen
			.withWorkload(new Workload.Open(List.of(new Workload.Level(settings.startRate(), settings.stepRamp(),
					new Termination.Hold(settings.stepHold()))), threads))
			.withTrials((this.trials != null) ? this.trials : chosen.trials())
			.withWarmup((this.warmup != null) ? this.warmup : scaled(chosen.warmup()));
		Database database;
		CpuLayout layout;
		try {
			database = Database.parse(this.db);
			layout = RunCommand.cpuLayout(this.noPinning, this.appCpus, this.loadCpus);
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
		if (this.downstreamPort < 0 || this.downstreamPort > 65_535) {
			throw new UsageException("--downstream-port must be a TCP port (1-65535), not " + this.downstreamPort);
		}
		Path results = (this.out != null) ? this.out : RunCommand.defaultOut(chosen.name() + "-knee");
		RunCommand.checkOutIsUnused(results);
		Path root = RunCommand.projectRoot(this.projectRoot);
		RunCommand.checkAotCache(this.aotCache, chosenTargets);
		RunCommand.checkEnvironment(chosenTargets, searched, root, layout, database, this.downstreamPort);
		RunCommand.createOut(results);
		return new RunPlan(searched, chosenTargets, database, layout, results.toAbsolutePath().normalize(),
				this.downstreamPort, root, this.spec.commandLine().getParseResult().originalArgs(), environment,
				Optional.empty(), 0, Launcher.DEFAULT_HEAP, this.steadiness.steadiness(), Optional.empty(),
				Optional.empty(), Optional.empty(), 1, false, this.aotCache);
	}

	/**
	 * The scenario's warm-up times --scale, in whole seconds and at least one unless it
	 * is none.
	 */
	private Duration scaled(Duration warmup) {
		if (warmup.isZero()) {
			return warmup;
		}
		return Duration.ofSeconds(Math.max(1, Math.round(warmup.toMillis() * this.scale / 1000.0)));
	}

	/** A share as {@code 10%} or {@code 0.1}. */
	static double share(String option, String text) {
		String trimmed = text.trim();
		try {
			double value = trimmed.endsWith("%") ? Double.parseDouble(trimmed.substring(0, trimmed.length() - 1)) / 100
					: Double.parseDouble(trimmed);
			if (!Double.isFinite(value)) {
				throw new NumberFormatException();
			}
			return value;
		}
		catch (NumberFormatException ex) {
			throw new UsageException(option + " must be a share such as 10% or 0.1, not '" + text + "'");
		}
	}

}

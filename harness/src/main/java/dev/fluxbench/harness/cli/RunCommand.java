package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.harness.engines.Agent;
import dev.fluxbench.harness.engines.Engines;
import dev.fluxbench.harness.launch.Balancer;
import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.launch.Redis;
import dev.fluxbench.harness.prometheus.PrometheusSettings;
import dev.fluxbench.harness.results.AssertionOutcome;
import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.run.Benchmark;
import dev.fluxbench.harness.run.DownstreamFaults;
import dev.fluxbench.harness.run.RunPlan;
import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.ScenarioException;
import dev.fluxbench.harness.scenario.ScenarioReader;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.target.MetricsSource;
import dev.fluxbench.harness.target.Probe;
import dev.fluxbench.harness.target.Target;
import dev.fluxbench.launcher.BootJars;
import dev.fluxbench.launcher.FreePort;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
		header = "Drive built-in stacks or your own running services through a load scenario, and record everything.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = {
				"  Starts the downstream, then for each trial each stack in turn (the order rotates between"
						+ " trials: A B C, B C A, ...) as its own JVM with identical flags. Each stack is warmed up,"
						+ " then driven through every load level of the scenario. Samples, a metrics scrape per"
						+ " second and a summary per load are written as they happen, so a killed run keeps every"
						+ " finished load.",
				"",
				"  With --target NAME=URL (repeated) it launches nothing: it drives services that are already"
						+ " running, probes each first, and scrapes their metrics when --metrics says where. Trials rotate"
						+ " between targets as between stacks, and the report compares them label by label.",
				"", "  With no options: the quick scenario on H2, every stack, in about 4 minutes on 2 cores.",
				"  It ends by writing the report (report.html, report.md, summary.json) into the results"
						+ " directory; the last line of output is 'results: DIR'." },
		optionListHeading = "%nOPTIONS%n", footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  done, and every assertion held",
				"  1  an assertion of the scenario failed, or --baseline found a significant regression",
				"  2  bad usage or configuration; nothing was started",
				"  3  environment problem: port busy, database unreachable, jar missing, target or metrics unreachable",
				"", "EXAMPLES", "  ./fluxbench run --stacks mvc,webflux --users 10,100 --hold 30s",
				"  ./fluxbench run --scenario-file my.yaml --target before=http://127.0.0.1:8080"
						+ " --target after=http://127.0.0.1:9090",
				"  ./fluxbench run --scenario-file my.yaml --target app=$URL --junit junit.xml --baseline results/main",
				"  ./fluxbench run --scenario boot2-passthrough --db postgres --scale 0.2",
				"  ./fluxbench run --scenario thesis-normal --app-cpus 0 --load-cpus 1 --trials 3",
				"  ./fluxbench run --scenario-file chain.yaml --faults breaker-profile.yaml --scale 0.5",
				"  ./fluxbench run --scenario chain --stacks mvc,webflux --prometheus" })
final class RunCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Option(names = { "-s", "--scenario" }, paramLabel = "NAME", description = "a built-in scenario (default: "
			+ Catalogue.DEFAULT_SCENARIO + "); 'fluxbench list' shows them all and where their files are")
	private String scenario;

	@Option(names = { "-f", "--scenario-file" }, paramLabel = "FILE",
			description = "a scenario file of your own (docs/scenario-format.md); a bad one is refused with its line")
	private Path scenarioFile;

	@Option(names = { "-t", "--target" }, paramLabel = "NAME=URL",
			description = "a running service to measure instead of launching stacks, as before=http://host:8080;"
					+ " repeat for each one. Nothing is launched")
	private List<String> targets;

	@Option(names = "--metrics", paramLabel = "NAME=URL",
			description = "where a target's metrics are: its Prometheus endpoint (before=http://host:8080/actuator/"
					+ "prometheus) or a Prometheus server and a label selector (before=http://prom:9090{job=\"before\"});"
					+ " without one, the report has client-side figures only")
	private List<String> metrics;

	@Option(names = "--faults", paramLabel = "FILE",
			description = "the downstream's fault phases, a YAML list as the scenario's faults: holds, instead of the"
					+ " scenario's (docs/faults.md); set when each measured load starts, scaled with --scale")
	private Path faults;

	@Option(names = "--downstream", paramLabel = "URL",
			description = "with --target and faults: the fluxbench downstream your services call, where the fault"
					+ " schedule is set")
	private String downstream;

	@Option(names = "--stacks", paramLabel = "STACK", split = ",",
			description = "the built-in stacks or variants to launch and measure, in the first trial's order (default:"
					+ " the scenario's: mvc,mvc-vt,webflux, for the thesis scenarios"
					+ " mvc-redis,mvc,webflux,webflux-redis,mvc-vt, for ippon-operations"
					+ " mvc,mvc-vt,webflux,webflux-jdbc,webflux-jdbc-parallel,webflux-vt, for concerts-relations"
					+ " mvc,mvc-per-relation,webflux,webflux-per-relation)")
	private List<String> stacks;

	@Option(names = "--scale", paramLabel = "F", defaultValue = "1",
			description = "multiply users and ramp-up, hold and warm-up durations by F, as 0.1 or 2 (default: 1)")
	private double scale;

	@Option(names = "--trials", paramLabel = "N",
			description = "measure each stack N times, in rotating order (default: the scenario's)")
	private Integer trials;

	@Option(names = "--users", paramLabel = "N", split = ",",
			description = "replace the scenario's load levels (users, or requests/s in the open model); scaled too")
	private List<Integer> users;

	@Option(names = "--hold", paramLabel = "DURATION", converter = DurationConverter.class,
			description = "hold each load level this long instead of the scenario's iterations or hold time")
	private Duration hold;

	@Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
			description = "warm each stack up until it is steady, at most this long, before measuring; excluded"
					+ " from results; 0s for none (default: the scenario's)")
	private Duration warmup;

	@Mixin
	private SteadinessOptions steadiness;

	@Option(names = "--db", paramLabel = "h2|postgres|mariadb|URL", defaultValue = "h2",
			description = "where the stacks keep their data: each app's H2, PostgreSQL at 127.0.0.1:5432/test (as"
					+ " postgres), MariaDB at 127.0.0.1:3306/test (as root), or a jdbc:postgresql://host:port/db?user=U"
					+ " or jdbc:mariadb://host:port/db?user=U URL. Each stack has a PostgreSQL schema or a MariaDB"
					+ " database of its own (fluxbench_mvc, ...), reset before each trial"
					+ " (default: ${DEFAULT-VALUE})")
	private String db;

	@Option(names = "--max-in-flight", paramLabel = "N", defaultValue = "0",
			description = "launched stacks answer 503 overloaded past N requests in flight"
					+ " (fluxbench.server.max-in-flight; recorded in run.json); 0 for no limit, as the seeds ran"
					+ " (default: ${DEFAULT-VALUE})")
	private int maxInFlight;

	@Option(names = "--heap", paramLabel = "SIZE", defaultValue = Launcher.DEFAULT_HEAP,
			description = "each launched stack's fixed heap, as -Xms and -Xmx take it: 512m, 1g (recorded in"
					+ " run.json; default: ${DEFAULT-VALUE})")
	private String heap;

	/** Shared with {@code knee}, which starts stacks the same way. */
	static final String AOT_CACHE_DESCRIPTION = "start each launched stack from an AOT cache of its jar (JDK 25 or"
			+ " later), trained once per build beside the jar: starts take about half the CPU, but the cache holds"
			+ " the training's method profiles, so the stacks warm up otherwise than their users' would. For trying"
			+ " things out and for tests, not for a comparison to publish (recorded in run.json)";

	@Option(names = "--aot-cache", description = AOT_CACHE_DESCRIPTION)
	private boolean aotCache;

	@Option(names = "--out", paramLabel = "DIR",
			description = "the results directory, which must not exist or be empty (default: results/TIMESTAMP-SCENARIO)")
	private Path out;

	@Option(names = "--app-cpus", paramLabel = "LIST",
			description = "cores of the app under test, in taskset syntax (default: the first half; 0 on 2 cores)")
	private String appCpus;

	@Option(names = "--load-cpus", paramLabel = "LIST",
			description = "cores of the generator and the downstream (default: the other half; 1 on 2 cores)")
	private String loadCpus;

	@Option(names = "--no-pinning", description = "pin nothing, even where taskset exists")
	private boolean noPinning;

	@Option(names = "--downstream-port", paramLabel = "PORT", defaultValue = "0",
			description = "the downstream's port (default: a free one)")
	private int downstreamPort;

	@Option(names = "--junit", paramLabel = "FILE",
			description = "also write JUnit XML: a test case per assertion, target and load, for CI servers")
	private Path junit;

	@Option(names = "--baseline", paramLabel = "DIR",
			description = "compare with an earlier results directory; exit 1 on a significant regression only")
	private Path baseline;

	@Option(names = "--tolerance", paramLabel = "PERCENT", defaultValue = "10%",
			description = "with --baseline, the least change that counts as a regression (default: ${DEFAULT-VALUE})")
	private String tolerance;

	@Option(names = "--project-root", paramLabel = "DIR",
			description = "where the stack jars are built (default: the fluxbench.home property, else the current"
					+ " directory)")
	private Path projectRoot;

	@Option(names = "--calibration", paramLabel = "FILE",
			description = "a calibration.json of 'fluxbench calibrate', copied into run.json: the report then says"
					+ " how far the generator is from wrk on this machine")
	private Path calibration;

	@Option(names = "--prometheus",
			description = "also start a Prometheus of its own (Debian's 'prometheus', found on the PATH) that scrapes"
					+ " every service of the run, and keep its data in DIR/prometheus for Grafana; the scrapes it"
					+ " missed are counted in run.json (docs/prometheus-grafana.md)")
	private boolean prometheus;

	@Option(names = "--prometheus-interval", paramLabel = "DURATION", converter = DurationConverter.class,
			description = "with --prometheus, how often it scrapes, whole seconds from 1s to 1m (default: 5s)")
	private Duration prometheusInterval;

	@Option(names = "--nodes", paramLabel = "N", defaultValue = "1",
			description = "run N nodes of each launched stack behind nginx (Debian's), round-robin, as the thesis ran"
					+ " two behind a balancer; metrics are scraped per node (default: ${DEFAULT-VALUE}, no balancer)")
	private int nodes;

	@Option(names = "--mixed",
			description = "put every target under each load at the same time, each with an even share of its users"
					+ " or rate, on one shared database server, as seed 001's mixed run (docs/mixed.md)")
	private boolean mixed;

	@Option(names = "--engines", paramLabel = "HOST:PORT", split = ",",
			description = "split every measured load across these JMeter remote engines ('fluxbench agent'), each"
					+ " with an even share of its users or rate; warm-ups run here (docs/distributed.md)")
	private List<String> engines;

	@Option(names = "--rmi-keystore", paramLabel = "FILE",
			description = "with --engines, the keystore of RMI over SSL that every engine has too, as 'fluxbench"
					+ " agent --init-keystore' made it (default: rmi_keystore.jks)")
	private Path rmiKeystore;

	@Option(names = "--rmi-no-ssl",
			description = "with --engines, plain RMI without SSL: only on a network you trust, and only with agents"
					+ " started the same way")
	private boolean rmiNoSsl;

	/** The PATH Prometheus is looked up on; a test gives one without it. */
	private final String searchPath;

	RunCommand() {
		this(System.getenv("PATH"));
	}

	RunCommand(String searchPath) {
		this.searchPath = searchPath;
	}

	@Override
	public Integer call() {
		RunPlan plan = plan();
		PrintWriter out = this.spec.commandLine().getOut();
		out.printf("fluxbench run: %s (%s) x %s, %d trial(s), scale %s%s%n", plan.scenario().name(),
				plan.scenario().source(), plan.targets().stream().map(Target::id).toList(), plan.scenario().trials(),
				plan.scenario().scale(), plan.launchesStacks()
						? ", " + plan.database().describe() + ", CPU " + plan.cpuLayout() : ", running services");
		Benchmark benchmark = new Benchmark(plan, out);
		Instant started = Instant.now();
		List<AssertionOutcome> outcomes;
		try {
			outcomes = benchmark.run();
		}
		catch (EnvironmentException ex) {
			Main.failed(ex, this.spec.commandLine().getErr());
			// What finished stays measured: the report shows it, and why the run stopped.
			ReportCommand.writeReport(plan.out(), out, this.spec.commandLine().getErr());
			out.println("results: " + plan.out());
			return ExitCode.ENVIRONMENT;
		}
		catch (DownstreamFaults.Refused ex) {
			// The launched downstream's limits, which only it knows, are below the
			// scenario's faults.
			Main.failed(new UsageException(ex.getMessage()), this.spec.commandLine().getErr());
			out.println("results: " + plan.out());
			return ExitCode.USAGE;
		}
		List<String> failed = benchmark.failures();
		failed.forEach((failure) -> out.println("assertion failed: " + failure));
		ReportCommand.writeReport(plan.out(), out, this.spec.commandLine().getErr());
		boolean regressed = Gate.check(plan.out(), plan.scenario().name(), started, outcomes, this.junit, this.baseline,
				tolerance(), out);
		out.println("results: " + plan.out());
		return (failed.isEmpty() && !regressed) ? ExitCode.OK : ExitCode.ASSERTION_FAILED;
	}

	/**
	 * Checks everything that can be checked before anything starts, usage first, then the
	 * machine.
	 */
	RunPlan plan() {
		Map<String, String> environment = System.getenv();
		Scenario chosen = scenario(this.scenario, this.scenarioFile, environment);
		List<Target> chosenTargets = targets(chosen, this.stacks, this.targets, this.metrics);
		if (!(this.scale > 0) || Double.isInfinite(this.scale)) {
			throw new UsageException("--scale must be a positive number, not " + this.scale);
		}
		if (this.trials != null && this.trials < 1) {
			throw new UsageException("--trials must be at least 1, not " + this.trials);
		}
		if (this.users != null && this.users.stream().anyMatch((users) -> users < 1)) {
			throw new UsageException("--users must all be at least 1, not " + this.users);
		}
		if (this.nodes < 1) {
			throw new UsageException("--nodes must be at least 1, not " + this.nodes);
		}
		if (this.nodes > 1 && chosenTargets.stream().anyMatch((target) -> !(target instanceof Target.Launched))) {
			throw new UsageException("--nodes starts nodes of the stacks fluxbench launches; a --target is one"
					+ " service, or its own balancer");
		}
		checkMixed(chosenTargets);
		if (this.maxInFlight < 0) {
			throw new UsageException("--max-in-flight must be 0 (no limit) or more, not " + this.maxInFlight);
		}
		checkAotCache(this.aotCache, chosenTargets);
		if (!Launcher.isHeapSize(this.heap)) {
			throw new UsageException("--heap must be a size such as 512m or 1g, not '" + this.heap + "'");
		}
		if (this.hold != null && this.hold.isZero()) {
			throw new UsageException("--hold must be longer than 0s");
		}
		tolerance();
		Optional<Engines> chosenEngines = engines();
		Optional<CalibrationJson> calibrated = calibration();
		Optional<PrometheusSettings> prometheusSettings = prometheus();
		if (this.baseline != null && !ResultsDirectory.isResultsDirectory(this.baseline)) {
			throw new UsageException("--baseline " + this.baseline + " is not a results directory: it has no "
					+ ResultsDirectory.RUN_JSON);
		}
		if (this.faults != null) {
			chosen = chosen.withFaults(faults());
		}
		Optional<URI> userDownstream = downstream(chosen, chosenTargets);
		if (this.trials != null) {
			chosen = chosen.withTrials(this.trials);
		}
		if (this.users != null) {
			chosen = chosen.withLoads(this.users);
		}
		if (this.hold != null) {
			chosen = chosen.withHold(this.hold);
		}
		chosen = chosen.scaled(this.scale);
		if (chosenEngines.isPresent() && !chosen.isOpenModel()) {
			for (int load : chosen.loads()) {
				try {
					chosenEngines.get().users(load);
				}
				catch (IllegalArgumentException ex) {
					throw new UsageException(ex.getMessage());
				}
			}
		}
		if (this.mixed) {
			for (int load : chosen.loads()) {
				if (load % chosenTargets.size() != 0) {
					throw new UsageException("--mixed splits every load evenly over the " + chosenTargets.size()
							+ " targets: a load of " + load + " does not split so");
				}
			}
		}
		if (this.warmup != null) {
			// An explicit warm-up is meant as given, not scaled.
			chosen = chosen.withWarmup(this.warmup);
		}
		Database database;
		CpuLayout layout;
		try {
			database = Database.parse(this.db);
			layout = cpuLayout(this.noPinning, this.appCpus, this.loadCpus);
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
		if (this.downstreamPort < 0 || this.downstreamPort > 65_535) {
			throw new UsageException("--downstream-port must be a TCP port (1-65535), not " + this.downstreamPort);
		}
		Path results = (this.out != null) ? this.out : defaultOut(chosen.name());
		checkOutIsUnused(results);
		Path root = projectRoot(this.projectRoot);
		// The machine after the usage: a command line that is wrong anyway should say so
		// on a machine without nginx too.
		if (this.nodes > 1 && Balancer.executable(this.searchPath).isEmpty()) {
			throw new EnvironmentException("--nodes needs nginx, which is neither on the PATH nor at /usr/sbin/nginx:"
					+ " install Debian's 'nginx' package");
		}
		checkEnvironment(chosenTargets, chosen, root, layout, database, this.downstreamPort);
		chosenEngines.ifPresent(Engines::connect);
		if (userDownstream.isPresent()) {
			try {
				new DownstreamFaults(userDownstream.get(), chosen.faults()).check();
			}
			catch (DownstreamFaults.Refused ex) {
				throw new UsageException(ex.getMessage());
			}
		}
		createOut(results);
		return new RunPlan(chosen, chosenTargets, database, layout, results.toAbsolutePath().normalize(),
				this.downstreamPort, root, this.spec.commandLine().getParseResult().originalArgs(), environment,
				userDownstream, this.maxInFlight, this.heap, this.steadiness.steadiness(), calibrated,
				prometheusSettings, chosenEngines, this.nodes, this.mixed, this.aotCache);
	}

	/**
	 * What a mixed run needs: targets to mix, and, for launched stacks, a database server
	 * they can share.
	 */
	private void checkMixed(List<Target> chosenTargets) {
		if (!this.mixed) {
			return;
		}
		if (chosenTargets.size() < 2) {
			throw new UsageException("--mixed puts several targets under load at once, and this run has one");
		}
		if (this.nodes > 1 || this.engines != null) {
			throw new UsageException("--mixed runs every target's share in this harness, against one node each:"
					+ " it goes with neither --nodes nor --engines");
		}
		boolean launches = chosenTargets.stream().anyMatch(Target.Launched.class::isInstance);
		if (launches && this.db.equals("h2")) {
			throw new UsageException("--mixed shares one database server between the stacks, and h2 lives in each"
					+ " app's memory: give --db postgres (or mariadb, or a JDBC URL)");
		}
	}

	private Optional<Engines> engines() {
		if (this.engines == null) {
			if (this.rmiKeystore != null || this.rmiNoSsl) {
				throw new UsageException((this.rmiNoSsl ? "--rmi-no-ssl" : "--rmi-keystore") + " goes with --engines");
			}
			return Optional.empty();
		}
		if (this.rmiKeystore != null && this.rmiNoSsl) {
			throw new UsageException("--rmi-keystore and --rmi-no-ssl exclude each other");
		}
		Optional<Path> keystore = this.rmiNoSsl ? Optional.empty()
				: Optional.of((this.rmiKeystore != null) ? this.rmiKeystore : Path.of(Agent.KEYSTORE));
		try {
			return Optional.of(Engines.parse(this.engines, keystore));
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
	}

	private Optional<PrometheusSettings> prometheus() {
		if (!this.prometheus) {
			if (this.prometheusInterval != null) {
				throw new UsageException("--prometheus-interval goes with --prometheus");
			}
			return Optional.empty();
		}
		Path executable = PrometheusSettings.onPath(this.searchPath)
			.orElseThrow(() -> new UsageException(PrometheusSettings.MISSING));
		try {
			return Optional.of(new PrometheusSettings(executable, (this.prometheusInterval != null)
					? this.prometheusInterval : PrometheusSettings.DEFAULT_SCRAPE_INTERVAL));
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException("--prometheus-interval: " + ex.getMessage());
		}
	}

	private Optional<CalibrationJson> calibration() {
		if (this.calibration == null) {
			return Optional.empty();
		}
		if (!Files.isRegularFile(this.calibration)) {
			throw new UsageException("--calibration " + this.calibration + " is not a file");
		}
		try {
			CalibrationJson read = CalibrationJson.read(this.calibration);
			if (read.points().isEmpty()) {
				throw new UsageException("--calibration " + this.calibration + " holds no measurement");
			}
			return Optional.of(read);
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException("--calibration: " + ex.getMessage());
		}
	}

	/** {@code results/TIMESTAMP-NAME}, under the working directory. */
	static Path defaultOut(String name) {
		return Path.of("results",
				LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + name);
	}

	static Path projectRoot(Path given) {
		return (given != null) ? given : Path.of(System.getProperty("fluxbench.home", "")).toAbsolutePath();
	}

	/**
	 * What must be there before anything starts: the jars, Redis, the port, the database,
	 * the given targets.
	 */
	static void checkEnvironment(List<Target> chosenTargets, Scenario chosen, Path root, CpuLayout layout,
			Database database, int downstreamPort) {
		List<Stack> launched = chosenTargets.stream()
			.filter(Target.Launched.class::isInstance)
			.map((target) -> ((Target.Launched) target).stack())
			.toList();
		if (!launched.isEmpty()) {
			new Launcher(root, layout, database).checkJars(launched, chosen.needsDirectory());
			if (launched.stream().anyMatch((stack) -> stack.cache() == Stack.Cache.DISTRIBUTED)) {
				Redis.LOCAL.check();
			}
			if (downstreamPort != 0 && !FreePort.isFree(downstreamPort)) {
				throw new EnvironmentException("--downstream-port " + downstreamPort + " is already in use");
			}
			database.check();
		}
		chosenTargets.stream()
			.filter(Target.Given.class::isInstance)
			.forEach((target) -> Probe.check((Target.Given) target));
	}

	private List<FaultPhase> faults() {
		if (!Files.isRegularFile(this.faults)) {
			throw new UsageException("--faults " + this.faults + " is not a file");
		}
		try {
			return ScenarioReader.readFaults(this.faults);
		}
		catch (ScenarioException ex) {
			throw new UsageException(ex.getMessage());
		}
	}

	/**
	 * Where the schedule goes for services of the user's: fluxbench cannot know which
	 * downstream they call, so faults need {@code --downstream}; launched stacks call the
	 * one fluxbench starts.
	 */
	private Optional<URI> downstream(Scenario scenario, List<Target> targets) {
		boolean given = targets.stream().anyMatch(Target.Given.class::isInstance);
		if (this.downstream == null) {
			if (given && scenario.hasFaults()) {
				throw new UsageException("the scenario has faults, and with --target fluxbench sets them on the"
						+ " downstream your services call: give its URL with --downstream (or leave the faults out)");
			}
			return Optional.empty();
		}
		if (!given) {
			throw new UsageException(
					"--downstream goes with --target: launched stacks call the downstream fluxbench" + " starts");
		}
		if (!scenario.hasFaults()) {
			throw new UsageException("--downstream is where fluxbench sets the fault schedule, and the scenario has"
					+ " none: give --faults FILE, or leave --downstream out");
		}
		URI uri;
		try {
			uri = URI.create(this.downstream.trim());
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException("--downstream '" + this.downstream + "' is not a URL");
		}
		if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
			throw new UsageException("--downstream '" + this.downstream + "' is not an http(s) URL");
		}
		return Optional.of(uri);
	}

	static Scenario scenario(String builtIn, Path scenarioFile, Map<String, String> environment) {
		if (builtIn != null && scenarioFile != null) {
			throw new UsageException("--scenario and --scenario-file exclude each other: give one");
		}
		if (scenarioFile != null) {
			if (!Files.isRegularFile(scenarioFile)) {
				throw new UsageException("--scenario-file " + scenarioFile + " is not a file");
			}
			try {
				return ScenarioReader.read(scenarioFile, environment);
			}
			catch (ScenarioException ex) {
				throw new UsageException(ex.getMessage());
			}
		}
		String name = (builtIn != null) ? builtIn : Catalogue.DEFAULT_SCENARIO;
		return Catalogue.byName(name)
			.orElseThrow(() -> new UsageException("unknown scenario '" + name + "'; known: "
					+ String.join(", ", Catalogue.names()) + " (or give a file with --scenario-file)"));
	}

	/**
	 * The given services, or else the stacks to launch: one list of targets either way.
	 */
	static List<Target> targets(Scenario scenario, List<String> stacks, List<String> targets, List<String> metrics) {
		if (targets == null) {
			if (metrics != null) {
				throw new UsageException("--metrics goes with --target: launched stacks are scraped anyway");
			}
			List<Stack> chosen = (stacks != null) ? stacks(stacks) : scenario.stacks();
			return chosen.stream().map((stack) -> (Target) new Target.Launched(stack)).toList();
		}
		if (stacks != null) {
			throw new UsageException("--stacks and --target exclude each other: fluxbench launches stacks or"
					+ " drives running services, not both in one run");
		}
		Map<String, MetricsSource> metricsByName = new LinkedHashMap<>();
		for (String entry : (metrics != null) ? metrics : List.<String>of()) {
			String[] pair = pair("--metrics", entry);
			try {
				if (metricsByName.put(pair[0], MetricsSource.parse(pair[1])) != null) {
					throw new UsageException("--metrics names target '" + pair[0] + "' twice");
				}
			}
			catch (IllegalArgumentException ex) {
				throw new UsageException("--metrics " + entry + ": " + ex.getMessage());
			}
		}
		Map<String, Target> given = new LinkedHashMap<>();
		for (String entry : targets) {
			String[] pair = pair("--target", entry);
			URI uri;
			try {
				uri = URI.create(pair[1]);
			}
			catch (IllegalArgumentException ex) {
				throw new UsageException("--target " + entry + ": '" + pair[1] + "' is not a URL");
			}
			if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
				throw new UsageException("--target " + entry + ": '" + pair[1] + "' is not an http(s) URL");
			}
			if (given.put(pair[0],
					new Target.Given(pair[0], uri, Optional.ofNullable(metricsByName.get(pair[0])))) != null) {
				throw new UsageException("--target names '" + pair[0] + "' twice");
			}
		}
		metricsByName.keySet().stream().filter((name) -> !given.containsKey(name)).findFirst().ifPresent((name) -> {
			throw new UsageException("--metrics names '" + name + "', which no --target names");
		});
		return List.copyOf(given.values());
	}

	private static String[] pair(String option, String entry) {
		int equals = entry.indexOf('=');
		if (equals <= 0 || equals == entry.length() - 1) {
			throw new UsageException(option + " takes NAME=URL, not '" + entry + "'");
		}
		String name = entry.substring(0, equals).trim();
		if (!Target.ID.matcher(name).matches()) {
			throw new UsageException(option + " " + entry + ": a name is letters, digits, '.', '_' and '-'");
		}
		return new String[] { name, entry.substring(equals + 1).trim() };
	}

	/** The tolerance as a fraction: {@code 10%} or {@code 0.1}. */
	private double tolerance() {
		String text = this.tolerance.trim();
		try {
			double value = text.endsWith("%") ? Double.parseDouble(text.substring(0, text.length() - 1)) / 100
					: Double.parseDouble(text);
			if (!(value >= 0) || value > 10) {
				throw new NumberFormatException();
			}
			return value;
		}
		catch (NumberFormatException ex) {
			throw new UsageException("--tolerance must be a share such as 10% or 0.1, not '" + this.tolerance + "'");
		}
	}

	private static List<Stack> stacks(List<String> ids) {
		LinkedHashSet<Stack> chosen = new LinkedHashSet<>();
		for (String id : ids) {
			Stack stack = Stack.byId(id.trim())
				.orElseThrow(() -> new UsageException("unknown stack '" + id + "'; known: "
						+ String.join(", ", Stream.of(Stack.values()).map(Stack::id).toList())));
			if (!chosen.add(stack)) {
				throw new UsageException("stack '" + id + "' is listed twice in --stacks");
			}
		}
		if (chosen.isEmpty()) {
			throw new UsageException("--stacks names no stack");
		}
		return new ArrayList<>(chosen);
	}

	static CpuLayout cpuLayout(boolean noPinning, String appCpus, String loadCpus) {
		int cores = Runtime.getRuntime().availableProcessors();
		if (noPinning) {
			if (appCpus != null || loadCpus != null) {
				throw new IllegalArgumentException("--no-pinning contradicts --app-cpus/--load-cpus");
			}
			return CpuLayout.unpinned(cores);
		}
		if (appCpus == null && loadCpus == null) {
			return CpuLayout.defaults(cores);
		}
		if (appCpus == null || loadCpus == null) {
			throw new IllegalArgumentException("--app-cpus and --load-cpus go together");
		}
		return CpuLayout.of(appCpus, loadCpus, cores);
	}

	/**
	 * {@code --aot-cache} takes launched stacks, and a JDK that trains caches in one run.
	 */
	static void checkAotCache(boolean aotCache, List<Target> targets) {
		if (!aotCache) {
			return;
		}
		if (targets.stream().noneMatch((target) -> target instanceof Target.Launched)) {
			throw new UsageException(
					"--aot-cache starts the stacks fluxbench launches from a cache; a --target runs" + " already");
		}
		if (!Launcher.canUseAotCache()) {
			throw new EnvironmentException("--aot-cache needs JDK " + BootJars.AOT_CACHE_JDK
					+ " or later to train its caches; this is " + Runtime.version().feature());
		}
	}

	static void checkOutIsUnused(Path results) {
		if (Files.isRegularFile(results)) {
			throw new UsageException("--out " + results + " is a file, not a directory");
		}
		if (Files.isDirectory(results)) {
			try (Stream<Path> entries = Files.list(results)) {
				if (entries.findAny().isPresent()) {
					throw new UsageException("--out " + results + " already holds files: choose a new directory");
				}
			}
			catch (IOException ex) {
				throw new EnvironmentException("--out " + results + " cannot be read: " + ex.getMessage());
			}
		}
	}

	static void createOut(Path results) {
		try {
			Files.createDirectories(results);
			Path probe = Files.createTempFile(results, ".probe", "");
			Files.delete(probe);
		}
		catch (IOException ex) {
			throw new EnvironmentException("--out " + results + " cannot be written (" + ex.getClass().getSimpleName()
					+ ": " + ex.getMessage() + ")");
		}
	}

}

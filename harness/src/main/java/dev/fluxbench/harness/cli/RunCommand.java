package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.launch.Redis;
import dev.fluxbench.harness.load.Benchmark;
import dev.fluxbench.harness.load.RunPlan;
import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.launcher.FreePort;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
		header = "Drive every stack through a load scenario and record everything.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = {
				"  Starts the downstream, then for each trial each stack in turn (the order rotates between"
						+ " trials: A B C, B C A, ...) as its own JVM with identical flags. Each stack is warmed up,"
						+ " then driven through every load level of the scenario. Samples, a metrics scrape per"
						+ " second and a summary per load are written as they happen, so a killed run keeps every"
						+ " finished load.",
				"", "  With no options: the quick scenario on H2, every stack, in about 4 minutes on 2 cores.",
				"  It ends by writing the report (report.html, report.md, summary.json) into the results"
						+ " directory; the last line of output is 'results: DIR'." },
		optionListHeading = "%nOPTIONS%n",
		footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  done, and every assertion held", "  1  an assertion of the scenario failed",
				"  2  bad usage or configuration; nothing was started",
				"  3  environment problem: port busy, database unreachable, jar missing", "",
				"EXAMPLES", "  ./fluxbench run --stacks mvc,webflux --users 10,100 --hold 30s",
				"  ./fluxbench run --scenario boot2-passthrough --db postgres --scale 0.2",
				"  ./fluxbench run --scenario thesis-normal --app-cpus 0 --load-cpus 1 --trials 3" })
final class RunCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Option(names = { "-s", "--scenario" }, paramLabel = "NAME", defaultValue = Catalogue.DEFAULT_SCENARIO,
			description = "the scenario to run (default: ${DEFAULT-VALUE}); 'fluxbench list' shows them all")
	private String scenario;

	@Option(names = "--stacks", paramLabel = "STACK", split = ",",
			description = "the stacks or variants to measure, in the first trial's order (default: the scenario's:"
					+ " mvc,mvc-vt,webflux, and for the thesis scenarios mvc-redis,mvc,webflux,webflux-redis,mvc-vt)")
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
			description = "warm each stack up this long before measuring, excluded from results; 0s for none"
					+ " (default: the scenario's)")
	private Duration warmup;

	@Option(names = "--db", paramLabel = "h2|postgres|URL", defaultValue = "h2",
			description = "where the stacks keep artists: each app's H2, PostgreSQL at 127.0.0.1:5432/test, or a"
					+ " jdbc:postgresql://host:port/db?user=U URL. PostgreSQL schemas are reset before each trial"
					+ " (default: ${DEFAULT-VALUE})")
	private String db;

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

	@Option(names = "--project-root", paramLabel = "DIR",
			description = "where the stack jars are built (default: the fluxbench.home property, else the current"
					+ " directory)")
	private Path projectRoot;

	@Override
	public Integer call() {
		RunPlan plan = plan();
		PrintWriter out = this.spec.commandLine().getOut();
		out.printf("fluxbench run: %s x %s, %d trial(s), scale %s, %s, CPU %s%n", plan.scenario().name(),
				plan.stacks().stream().map(Stack::id).toList(), plan.scenario().trials(), plan.scenario().scale(),
				plan.database().describe(), plan.cpuLayout());
		List<String> failed;
		try {
			failed = new Benchmark(plan, out).run();
		}
		catch (EnvironmentException ex) {
			Main.failed(ex, this.spec.commandLine().getErr());
			out.println("results: " + plan.out());
			return ExitCode.ENVIRONMENT;
		}
		failed.forEach((failure) -> out.println("assertion failed: " + failure));
		ReportCommand.writeReport(plan.out(), out, this.spec.commandLine().getErr());
		out.println("results: " + plan.out());
		return failed.isEmpty() ? ExitCode.OK : ExitCode.ASSERTION_FAILED;
	}

	/** Checks everything that can be checked before anything starts, usage first, then the machine. */
	RunPlan plan() {
		Scenario chosen = Catalogue.byName(this.scenario)
			.orElseThrow(() -> new UsageException(
					"unknown scenario '" + this.scenario + "'; known: " + String.join(", ", Catalogue.names())));
		List<Stack> chosenStacks = (this.stacks != null) ? stacks() : chosen.stacks();
		if (!(this.scale > 0) || Double.isInfinite(this.scale)) {
			throw new UsageException("--scale must be a positive number, not " + this.scale);
		}
		if (this.trials != null && this.trials < 1) {
			throw new UsageException("--trials must be at least 1, not " + this.trials);
		}
		if (this.users != null && this.users.stream().anyMatch((users) -> users < 1)) {
			throw new UsageException("--users must all be at least 1, not " + this.users);
		}
		if (this.hold != null && this.hold.isZero()) {
			throw new UsageException("--hold must be longer than 0s");
		}
		if (this.trials != null) {
			chosen = chosen.trials(this.trials);
		}
		if (this.users != null) {
			chosen = chosen.loads(this.users.stream().mapToInt(Integer::intValue).toArray());
		}
		if (this.hold != null) {
			chosen = chosen.holdFor(this.hold);
		}
		chosen = chosen.scaled(this.scale);
		Duration chosenWarmup = (this.warmup != null) ? this.warmup : chosen.warmup();
		Database database;
		CpuLayout layout;
		try {
			database = Database.parse(this.db);
			layout = cpuLayout();
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
		if (this.downstreamPort < 0 || this.downstreamPort > 65_535) {
			throw new UsageException("--downstream-port must be a TCP port (1-65535), not " + this.downstreamPort);
		}
		Path results = (this.out != null) ? this.out
				: Path.of("results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
						+ chosen.name());
		checkOutIsUnused(results);
		Path root = (this.projectRoot != null) ? this.projectRoot
				: Path.of(System.getProperty("fluxbench.home", "")).toAbsolutePath();
		new Launcher(root, layout, database).checkJars(chosenStacks, chosen.needsDirectory());
		if (chosenStacks.stream().anyMatch((stack) -> stack.cache() == Stack.Cache.DISTRIBUTED)) {
			Redis.LOCAL.check();
		}
		if (this.downstreamPort != 0 && !FreePort.isFree(this.downstreamPort)) {
			throw new EnvironmentException("--downstream-port " + this.downstreamPort + " is already in use");
		}
		database.check();
		createOut(results);
		return new RunPlan(chosen, chosenStacks, database, layout, results.toAbsolutePath().normalize(), chosenWarmup,
				this.downstreamPort, root, this.spec.commandLine().getParseResult().originalArgs());
	}

	private List<Stack> stacks() {
		LinkedHashSet<Stack> chosen = new LinkedHashSet<>();
		for (String id : this.stacks) {
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

	private CpuLayout cpuLayout() {
		int cores = Runtime.getRuntime().availableProcessors();
		if (this.noPinning) {
			if (this.appCpus != null || this.loadCpus != null) {
				throw new IllegalArgumentException("--no-pinning contradicts --app-cpus/--load-cpus");
			}
			return CpuLayout.unpinned(cores);
		}
		if (this.appCpus == null && this.loadCpus == null) {
			return CpuLayout.defaults(cores);
		}
		if (this.appCpus == null || this.loadCpus == null) {
			throw new IllegalArgumentException("--app-cpus and --load-cpus go together");
		}
		return CpuLayout.of(this.appCpus, this.loadCpus, cores);
	}

	private static void checkOutIsUnused(Path results) {
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

	private static void createOut(Path results) {
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

package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import dev.fluxbench.harness.calibrate.Calibration;
import dev.fluxbench.harness.calibrate.Wrk;
import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.launch.Redis;
import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.target.MetricsSource;
import dev.fluxbench.harness.target.Probe;
import dev.fluxbench.harness.target.Target;
import dev.fluxbench.launcher.RunningService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
		header = "Compare the harness' load generator with wrk, a lean one, on this machine.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = {
				"  Drives one endpoint with the harness' generator (JMeter, with the samples.csv and metrics scrape"
						+ " of a run) and then with wrk (one thread), each with the same connections, each warmed up"
						+ " first, each on the generator's cores, after the app was warmed up until steady as 'run'"
						+ " warms a stack up. For each connection count it prints both"
						+ " generators' CPU per 1000 requests and their ratio, their p50 and p99, and their"
						+ " throughput; calibration.json keeps them, and 'run --calibration FILE' copies it into"
						+ " run.json for the report.",
				"",
				"  By default it launches a stack (and the downstream) as 'run' does, the app on its own cores,"
						+ " and drives a cheap GET of a built-in scenario. With --target URL it drives a running"
						+ " service at that URL instead. The last line of output is 'results: DIR'. docs/calibrate.md"
						+ " says more." },
		optionListHeading = "%nOPTIONS%n", footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  done", "  2  bad usage, or wrk is not installed (apt-get install wrk); nothing was started",
				"  3  environment problem: port busy, jar missing, target unreachable, wrk failed", "", "EXAMPLES",
				"  ./fluxbench calibrate", "      mvc, 10 then 50 connections, 20 s per side after 10 s of warm-up",
				"  ./fluxbench calibrate --connections 50 --duration 60s",
				"  ./fluxbench calibrate --target http://127.0.0.1:8080/api/units/1",
				"  ./fluxbench run --calibration results/DIR/calibration.json", "", "SEE ALSO",
				"  docs/calibrate.md: what is measured, and how to read the ratio" })
final class CalibrateCommand implements Callable<Integer> {

	static final String DEFAULT_STACK = "mvc";

	/** The artist list of the quick scenario: a GET, no downstream delay, a few ms. */
	static final String DEFAULT_PATH = "/concerts/data/artists?page=0&size=20";

	@Spec
	private CommandSpec spec;

	@Option(names = "--stack", paramLabel = "STACK",
			description = "the built-in stack to launch and drive (default: " + DEFAULT_STACK + ")")
	private String stack;

	@Option(names = "--path", paramLabel = "PATH",
			description = "the launched stack's path and query to GET (default: " + DEFAULT_PATH + ")")
	private String path;

	@Option(names = { "-t", "--target" }, paramLabel = "URL",
			description = "a running service's URL, path and query included, to GET instead of launching a stack")
	private String target;

	@Option(names = "--connections", paramLabel = "N", split = ",", defaultValue = "10,50",
			description = "the connection counts, each in turn; each generator keeps this many connections busy,"
					+ " one request at a time on each (default: ${DEFAULT-VALUE})")
	private List<Integer> connections;

	@Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "20s",
			description = "each side's measured time at each count, in whole seconds (default: ${DEFAULT-VALUE})")
	private Duration duration;

	@Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "10s",
			description = "each side's unmeasured drive before it, the harness' repeated (at most 12 times) until its"
					+ " JIT and a launched app's settle; 0s for none (default: ${DEFAULT-VALUE})")
	private Duration warmup;

	@Option(names = "--app-warmup", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "3m",
			description = "before each count, the longest the app is warmed up until steady, as 'run' warms a stack"
					+ " up; 0s for none (default: ${DEFAULT-VALUE})")
	private Duration appWarmup;

	@Option(names = "--out", paramLabel = "DIR",
			description = "the results directory, which must not exist or be empty (default:"
					+ " results/TIMESTAMP-calibrate)")
	private Path out;

	@Option(names = "--app-cpus", paramLabel = "LIST",
			description = "cores of the launched stack, in taskset syntax (default: the first half; 0 on 2 cores)")
	private String appCpus;

	@Option(names = "--load-cpus", paramLabel = "LIST",
			description = "cores of both generators and the downstream (default: the other half; 1 on 2 cores)")
	private String loadCpus;

	@Option(names = "--no-pinning", description = "pin nothing, even where taskset exists")
	private boolean noPinning;

	@Option(names = "--project-root", paramLabel = "DIR",
			description = "where the stack jars are built (default: the fluxbench.home property, else the current"
					+ " directory)")
	private Path projectRoot;

	/** The PATH wrk is looked up on; a test gives one without it. */
	private final String searchPath;

	CalibrateCommand() {
		this(System.getenv("PATH"));
	}

	CalibrateCommand(String searchPath) {
		this.searchPath = searchPath;
	}

	@Override
	public Integer call() {
		List<Integer> counts = counts();
		if (this.duration.toMillis() < 1000 || this.duration.toMillis() % 1000 != 0) {
			throw new UsageException("--duration must be whole seconds, at least 1s, not " + this.duration);
		}
		if (this.warmup.isNegative() || this.warmup.toMillis() % 1000 != 0) {
			throw new UsageException("--warmup must be whole seconds, or 0s, not " + this.warmup);
		}
		if (this.appWarmup.isNegative() || this.appWarmup.toMillis() % 1000 != 0) {
			throw new UsageException("--app-warmup must be whole seconds, or 0s, not " + this.appWarmup);
		}
		Optional<URI> given = given();
		Stack launched = given.isPresent() ? null : stack();
		CpuLayout layout;
		try {
			layout = RunCommand.cpuLayout(this.noPinning, this.appCpus, this.loadCpus);
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
		Wrk wrk = Wrk.onPath(this.searchPath).orElseThrow(() -> new UsageException(Wrk.MISSING));
		Path results = (this.out != null) ? this.out : RunCommand.defaultOut("calibrate");
		RunCommand.checkOutIsUnused(results);
		Path root = RunCommand.projectRoot(this.projectRoot);
		Launcher launcher = new Launcher(root, layout, Database.parse("h2"));
		if (launched != null) {
			launcher.checkJars(List.of(launched), false);
			if (launched.cache() == Stack.Cache.DISTRIBUTED) {
				Redis.LOCAL.check();
			}
		}
		else {
			Probe.check(new Target.Given("target", given.get(), Optional.empty()));
		}
		RunCommand.createOut(results);
		Path directory = results.toAbsolutePath().normalize();
		PrintWriter console = this.spec.commandLine().getOut();
		Calibration.Settings settings = new Calibration.Settings(counts, this.duration, this.warmup, this.appWarmup,
				layout.loadCpus(), layout.toString());
		console.printf(
				"fluxbench calibrate: %s, connections %s, %ds per side after %ds of warm-up and the app's, at most %ds,"
						+ " CPU %s%n",
				(launched != null) ? launched.id() + " " + pathOrDefault() : given.get(), counts,
				this.duration.toSeconds(), this.warmup.toSeconds(), this.appWarmup.toSeconds(), layout);
		CalibrationJson calibration;
		try {
			layout.pinGenerator();
			calibration = (launched != null) ? launchedAndCalibrated(launcher, launched, settings, wrk, directory)
					: new Calibration(new Calibration.Endpoint(given.get(), Optional.empty(), Optional.empty(),
							OptionalLong.empty(), Map.of()), settings, wrk, directory, console)
						.run();
		}
		catch (EnvironmentException ex) {
			Main.failed(ex, this.spec.commandLine().getErr());
			console.println("results: " + directory);
			return ExitCode.ENVIRONMENT;
		}
		Calibration.table(calibration).forEach(console::println);
		console.println("calibration: " + directory.resolve(Calibration.CALIBRATION_JSON));
		console.println("results: " + directory);
		return ExitCode.OK;
	}

	private CalibrationJson launchedAndCalibrated(Launcher launcher, Stack launched, Calibration.Settings settings,
			Wrk wrk, Path directory) {
		PrintWriter console = this.spec.commandLine().getOut();
		console.println("starting the downstream");
		try (RunningService downstream = launcher.startDownstream(0, directory.resolve("downstream.log"))) {
			console.println("starting " + launched.id());
			try (RunningService app = launcher.startStack(launched, downstream.baseUri(), Optional.empty(),
					directory.resolve("app.log"))) {
				Calibration.Endpoint endpoint = new Calibration.Endpoint(app.uri(pathOrDefault()),
						Optional.of(launched.id()),
						Optional.of(new MetricsSource.Endpoint(app.uri("/actuator/prometheus"))),
						OptionalLong.of(app.pid()), Map.of("downstream", downstream.pid()));
				return new Calibration(endpoint, settings, wrk, directory, console).run();
			}
		}
	}

	private String pathOrDefault() {
		return (this.path != null) ? this.path : DEFAULT_PATH;
	}

	private List<Integer> counts() {
		LinkedHashSet<Integer> counts = new LinkedHashSet<>();
		for (int count : this.connections) {
			if (count < 1 || count > 10_000) {
				throw new UsageException("--connections must each be 1 to 10000, not " + count);
			}
			if (!counts.add(count)) {
				throw new UsageException("--connections lists " + count + " twice");
			}
		}
		if (counts.isEmpty()) {
			throw new UsageException("--connections names no connection count");
		}
		return List.copyOf(counts);
	}

	private Optional<URI> given() {
		if (this.target == null) {
			if (this.path != null && !this.path.startsWith("/")) {
				throw new UsageException("--path must start with '/', not '" + this.path + "'");
			}
			return Optional.empty();
		}
		if (this.stack != null || this.path != null) {
			throw new UsageException("--target excludes --stack and --path: its URL says where to send the GETs");
		}
		URI uri;
		try {
			uri = URI.create(this.target.trim());
		}
		catch (IllegalArgumentException ex) {
			throw new UsageException("--target '" + this.target + "' is not a URL");
		}
		if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
			throw new UsageException("--target '" + this.target + "' is not an http(s) URL");
		}
		return Optional.of(uri);
	}

	private Stack stack() {
		String id = (this.stack != null) ? this.stack.trim() : DEFAULT_STACK;
		return Stack.byId(id)
			.orElseThrow(() -> new UsageException("unknown stack '" + id + "'; known: "
					+ String.join(", ", Stream.of(Stack.values()).map(Stack::id).toList())));
	}

}

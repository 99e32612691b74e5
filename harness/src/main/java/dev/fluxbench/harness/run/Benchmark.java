package dev.fluxbench.harness.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import dev.fluxbench.harness.launch.Balancer;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.metrics.MetricsRecorder;
import dev.fluxbench.harness.prometheus.RunPrometheus;
import dev.fluxbench.harness.results.AssertionOutcome;
import dev.fluxbench.harness.results.FaultsJson;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.PrometheusJson;
import dev.fluxbench.harness.results.ResultJson;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.SummaryCsv;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.scenario.Assertion;
import dev.fluxbench.harness.scenario.Durations;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.scenario.Termination;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.MetricsSource;
import dev.fluxbench.harness.target.Target;
import dev.fluxbench.launcher.RunningService;

/**
 * One {@code fluxbench run}: every trial of every target in rotating order, each load's
 * samples, metrics and summary written as soon as they exist. It flows one way: the
 * scenario goes in, files come out, and nothing reads them back but the summary step.
 * What run.json holds is {@link RunJson}'s business; this class only keeps it up to date.
 */
public final class Benchmark {

	private final RunPlan plan;

	private final Console console;

	private final ResultsDirectory results;

	private final LoadPlan load;

	private final List<AssertionOutcome> outcomes = new ArrayList<>();

	// What run.json says, guarded by this object's lock: the shutdown hook writes it from
	// its own thread.

	/** The setup, then the services the stacks lean on once they are started. */
	private RunJson run;

	private final List<RunJson.TargetRun> targetRuns = new ArrayList<>();

	private Optional<String> failure = Optional.empty();

	private Optional<Instant> ended = Optional.empty();

	private List<String> failedAssertions = List.of();

	/**
	 * Finished or failed: run.json has its final status and the shutdown hook must leave
	 * it.
	 */
	private volatile boolean over;

	/**
	 * Set by the shutdown hook: from then on, whatever the main thread still writes is an
	 * interrupted run.
	 */
	private volatile boolean interrupted;

	public Benchmark(RunPlan plan, PrintWriter out) {
		this.plan = plan;
		this.console = new Console(out);
		this.results = new ResultsDirectory(plan.out());
		this.load = new LoadPlan(plan.scenario(), plan.environment()).withWarmupUsers(plan.steadiness().warmupUsers())
			.withEngines(plan.engines());
		this.run = RunDescription.of(plan);
	}

	/** Runs everything; returns every assertion checked, passed or not. */
	public List<AssertionOutcome> run() {
		writeRunJson(RunJson.Status.RUNNING);
		Thread marker = Thread.ofPlatform().unstarted(() -> {
			if (!this.over) {
				this.interrupted = true;
				writeRunJson(RunJson.Status.INTERRUPTED);
			}
		});
		Runtime.getRuntime().addShutdownHook(marker);
		Launcher launcher = this.plan.launcher();
		this.plan.cpuLayout().pinGenerator();
		List<Stack> stacks = this.plan.targets()
			.stream()
			.filter(Target.Launched.class::isInstance)
			.map((target) -> ((Target.Launched) target).stack())
			.toList();
		try (RunPrometheus prometheus = startPrometheus();
				Services services = stacks.isEmpty() ? Services.none() : Services.start(launcher, this.plan.scenario(),
						stacks, this.plan.downstreamPort(), this.results, this.console.writer())) {
			synchronized (this) {
				this.run = services.describe(this.run).withPrometheus(prometheus.describe());
			}
			if (!stacks.isEmpty()) {
				prometheus.watchDownstream(services.downstreamUri());
			}
			Optional<DownstreamFaults> faults = faults(services);
			for (int trial = 1; trial <= this.plan.scenario().trials(); trial++) {
				if (this.plan.mixed()) {
					runTogether(launcher, services, prometheus, this.plan.order(trial), trial, faults);
					continue;
				}
				for (Target target : this.plan.order(trial)) {
					runTarget(launcher, services, prometheus, target, trial, faults);
				}
			}
			Optional<PrometheusJson> scraped = prometheus.finish();
			synchronized (this) {
				this.run = this.run.withPrometheus(scraped);
			}
		}
		catch (RuntimeException ex) {
			// A stack that would not start, say: what was measured so far stays, marked
			// as such. Ctrl-C stops the stacks under a running load too, which then
			// fails: that is no failure.
			synchronized (this) {
				this.failure = Optional.of(String.valueOf(ex.getMessage()).lines().findFirst().orElse(""));
			}
			this.over = true;
			writeRunJson(shuttingDown() ? RunJson.Status.INTERRUPTED : RunJson.Status.FAILED);
			throw ex;
		}
		this.over = true;
		synchronized (this) {
			this.failedAssertions = failures();
		}
		writeRunJson(RunJson.Status.FINISHED);
		try {
			Runtime.getRuntime().removeShutdownHook(marker);
		}
		catch (IllegalStateException ex) {
			// Already shutting down: the hook sees the run is over and leaves run.json
			// alone.
		}
		return List.copyOf(this.outcomes);
	}

	/** The failed assertions, one line each, as the console prints them. */
	public List<String> failures() {
		return this.outcomes.stream()
			.filter((outcome) -> !outcome.passed())
			.map((outcome) -> outcome.target() + " trial " + outcome.trial() + " load " + outcome.load() + ": "
					+ outcome.detail() + ((outcome.label().equals(Summary.ALL)) ? "" : " [" + outcome.label() + "]"))
			.toList();
	}

	private Running start(Launcher launcher, Services services, Target target, Path directory, int index) {
		return switch (target) {
			case Target.Launched launched -> {
				this.plan.database().reset(launched.stack());
				services.reset(launched.stack());
				Instant starting = Instant.now();
				List<RunningService> nodes = new ArrayList<>();
				try {
					for (int node = 1; node <= this.plan.nodes(); node++) {
						// The first node keeps the name a stack alone has.
						String log = (node == 1) ? "app.log" : "app-" + node + ".log";
						nodes.add(launcher.startStack(launched.stack(), services.downstreamUri(),
								services.directoryUrl(), directory.resolve(log)));
					}
				}
				catch (RuntimeException ex) {
					nodes.forEach(RunningService::close);
					throw ex;
				}
				RunningService app = nodes.getFirst();
				Duration startup = Duration.between(starting, Instant.now());
				String info = fetch(app.uri("/actuator/info"));
				ResultsDirectory.writeAtomically(directory.resolve("info.json"), info);
				updateTargetRun(index, (run) -> run.launched(app.pid(), app.port(), app.spec().args(), startup,
						ResultJson.tree(info)));
				List<MetricsRecorder.Node> recorded = nodes.stream()
					.map((node) -> new MetricsRecorder.Node(
							Optional.of(new MetricsSource.Endpoint(node.uri("/actuator/prometheus"))),
							OptionalLong.of(node.pid())))
					.toList();
				if (nodes.size() == 1) {
					yield new Running(app.baseUri(), OptionalLong.of(app.pid()), recorded.getFirst().metrics(),
							recorded, Map.of(), List.of(app));
				}
				Balancer balancer;
				try {
					balancer = Balancer.start(nodes.stream().map(RunningService::baseUri).toList(),
							directory.resolve("nginx"), this.plan.cpuLayout().loadCpus(),
							this.plan.scenario().responseTimeout(), "/actuator/health/readiness");
				}
				catch (RuntimeException ex) {
					nodes.forEach(RunningService::close);
					throw ex;
				}
				Map<String, Long> balancerPids = new LinkedHashMap<>();
				balancerPids.put("balancer", balancer.pid());
				balancer.workerPid().ifPresent((pid) -> balancerPids.put("balancer-worker", pid));
				List<AutoCloseable> closing = new ArrayList<>();
				closing.add(balancer);
				closing.addAll(nodes);
				// The warm-up and the JIT's steadiness read the first node: the balancer
				// warms every node alike. metrics.csv and Prometheus read every node.
				yield new Running(balancer.baseUri(), OptionalLong.of(app.pid()), recorded.getFirst().metrics(),
						recorded, balancerPids, closing);
			}
			case Target.Given given -> {
				updateTargetRun(index, (run) -> run.given(given.baseUri()));
				yield new Running(given.baseUri(), OptionalLong.empty(), given.metrics(),
						List.of(new MetricsRecorder.Node(given.metrics(), OptionalLong.empty())), Map.of(), List.of());
			}
		};
	}

	/**
	 * The scenario's fault schedule on the downstream the targets call: the user's
	 * {@code --downstream}, which the command line checked before anything started, or
	 * the one fluxbench launched, checked here before any target starts.
	 */
	private Optional<DownstreamFaults> faults(Services services) {
		Scenario scenario = this.plan.scenario();
		if (!scenario.hasFaults()) {
			return Optional.empty();
		}
		DownstreamFaults faults = new DownstreamFaults(this.plan.downstream().orElseGet(services::downstreamUri),
				scenario.faults());
		if (this.plan.downstream().isEmpty()) {
			faults.check();
		}
		this.console.writer()
			.printf("faults: %d phase(s) over %s on the downstream at %s, set when each measured load starts%n",
					scenario.faults().size(), Durations.format(faults.schedule().length()), faults.downstream());
		return Optional.of(faults);
	}

	/**
	 * The run's own Prometheus with {@code --prometheus}, on the generator's cores: it
	 * must not take the app's.
	 */
	private RunPrometheus startPrometheus() {
		if (this.plan.prometheus().isEmpty()) {
			return RunPrometheus.none();
		}
		return RunPrometheus.start(this.plan.prometheus().get(), this.plan.out(), this.plan.cpuLayout().loadCpus(),
				this.console.writer());
	}

	private void runTarget(Launcher launcher, Services services, RunPrometheus prometheus, Target target, int trial,
			Optional<DownstreamFaults> faults) {
		Scenario scenario = this.plan.scenario();
		Path directory = this.results.stackDirectory(trial, target.id());
		int index = addTargetRun(RunJson.TargetRun.starting(trial, target.id()));
		String name = "[" + scenario.name() + "] " + target.id() + " trial " + trial;
		this.console.starting(name, scenario.trials(), target);
		try (Running app = start(launcher, services, target, directory, index);
				RunPrometheus.Registration scraped = prometheus.watch(target.id(), trial, app.nodeMetrics())) {
			writeRunJson(RunJson.Status.RUNNING);
			if (!scenario.warmup().isZero()) {
				Warmup warmup = warmUp(name, app);
				updateTargetRun(index, (run) -> run.warmedUp(warmup));
			}
			for (Workload.Level level : scenario.levels()) {
				RunJson.LoadRun measured = runLoad(scenario, level,
						new LoadKey(scenario.name(), level.load(), target.id(), trial), app, services, faults);
				updateTargetRun(index, (run) -> run.withLoad(measured));
				writeRunJson(RunJson.Status.RUNNING);
			}
		}
		updateTargetRun(index, (run) -> run.stoppedAt(Instant.now()));
	}

	/**
	 * One trial of a mixed run: every target started and warmed up in turn, then each
	 * load on all of them at once, each with its share of the users or rate. The
	 * database, when fluxbench reads it, is read in the first target's metrics.csv: it is
	 * one for all of them.
	 */
	private void runTogether(Launcher launcher, Services services, RunPrometheus prometheus, List<Target> targets,
			int trial, Optional<DownstreamFaults> faults) {
		Scenario scenario = this.plan.scenario();
		List<Integer> indexes = new ArrayList<>();
		List<Running> apps = new ArrayList<>();
		List<AutoCloseable> started = new ArrayList<>();
		try {
			for (Target target : targets) {
				Path directory = this.results.stackDirectory(trial, target.id());
				int index = addTargetRun(RunJson.TargetRun.starting(trial, target.id()));
				indexes.add(index);
				this.console.starting("[" + scenario.name() + "] " + target.id() + " trial " + trial, scenario.trials(),
						target);
				Running app = start(launcher, services, target, directory, index);
				started.add(app);
				apps.add(app);
				started.add(prometheus.watch(target.id(), trial, app.nodeMetrics()));
				writeRunJson(RunJson.Status.RUNNING);
			}
			// Each warms up alone, the others idle: what it compiles is its own load's,
			// as in a run that takes turns.
			for (int i = 0; i < targets.size(); i++) {
				if (!scenario.warmup().isZero()) {
					Warmup warmup = warmUp("[" + scenario.name() + "] " + targets.get(i).id() + " trial " + trial,
							apps.get(i));
					updateTargetRun(indexes.get(i), (run) -> run.warmedUp(warmup));
				}
			}
			for (Workload.Level level : scenario.levels()) {
				List<RunJson.LoadRun> measured = runLoadTogether(scenario, this.plan.share(level), targets, trial, apps,
						services, faults);
				for (int i = 0; i < targets.size(); i++) {
					RunJson.LoadRun load = measured.get(i);
					updateTargetRun(indexes.get(i), (run) -> run.withLoad(load));
				}
				writeRunJson(RunJson.Status.RUNNING);
			}
		}
		finally {
			close(started.reversed());
		}
		indexes.forEach((index) -> updateTargetRun(index, (run) -> run.stoppedAt(Instant.now())));
	}

	private List<RunJson.LoadRun> runLoadTogether(Scenario scenario, Workload.Level share, List<Target> targets,
			int trial, List<Running> apps, Services services, Optional<DownstreamFaults> faults) {
		SampleSink.Progress progress = new SampleSink.Progress();
		Instant start = Instant.now();
		List<LoadKey> keys = targets.stream()
			.map((target) -> new LoadKey(scenario.name(), share.load(), target.id(), trial))
			.toList();
		String prefix = "[" + scenario.name() + "] " + targets.stream().map(Target::id).collect(Collectors.joining("+"))
				+ " trial " + trial + "/" + scenario.trials() + " load " + share.load() + " "
				+ scenario.workload().unit() + " each, together";
		List<SampleSink.Progress> counted = new ArrayList<>();
		List<AutoCloseable> files = new ArrayList<>();
		List<Journeys> journeys;
		try {
			List<Consumer<Sample>> consumers = new ArrayList<>();
			for (int i = 0; i < targets.size(); i++) {
				SamplesCsv samples = SamplesCsv.create(this.results.samplesCsv(keys.get(i)));
				files.add(samples);
				Running app = apps.get(i);
				files.add(MetricsRecorder.start(this.results.metricsCsv(keys.get(i)), app.nodes(),
						app.servicePids(services), Optional.empty(),
						(i == 0) ? this.plan.database().activity() : Optional.empty()));
				SampleSink.Progress own = new SampleSink.Progress();
				counted.add(own);
				consumers.add((sample) -> {
					own.record(sample.success());
					samples.write(sample);
				});
			}
			try (StatusLine status = this.console.status(prefix, scenario.estimatedLength(share), progress)) {
				Optional<FaultsJson> schedule = faults.map((downstream) -> startFaults(downstream, keys.getFirst()));
				try {
					journeys = this.load.runTogether(share, apps.stream().map(Running::baseUri).toList(), consumers,
							progress);
				}
				finally {
					schedule.ifPresent((set) -> clearFaults(faults.get(), set, keys.getFirst()));
				}
			}
		}
		finally {
			close(files);
		}
		if (shuttingDown()) {
			throw new IllegalStateException("interrupted during load " + share.load());
		}
		List<RunJson.LoadRun> measured = new ArrayList<>();
		for (int i = 0; i < targets.size(); i++) {
			measured.add(measured(scenario, share, keys.get(i), start, counted.get(i), journeys.get(i),
					"[" + scenario.name() + "] " + keys.get(i).stack() + " trial " + trial + "/" + scenario.trials()
							+ " load " + share.load() + " " + scenario.workload().unit() + " (mixed)"));
		}
		return measured;
	}

	/** Closes each in turn: one that fails to close must not keep the others open. */
	private static void close(List<? extends AutoCloseable> closeables) {
		for (AutoCloseable closeable : closeables) {
			try {
				closeable.close();
			}
			catch (Exception ex) {
				// The next is closed all the same.
			}
		}
	}

	private Warmup warmUp(String name, Running app) {
		SampleSink.Progress progress = new SampleSink.Progress();
		Duration maximum = this.plan.scenario().warmup();
		Warmup warmup;
		try (StatusLine status = this.console.status(name + " warm-up", maximum, progress)) {
			warmup = new SteadyWarmup(this.load, this.plan.steadiness()).run(app.baseUri(), maximum, app.metrics(),
					app.pid(), progress);
		}
		this.console.warmedUp(name, warmup);
		return warmup;
	}

	private RunJson.LoadRun runLoad(Scenario scenario, Workload.Level level, LoadKey key, Running app,
			Services services, Optional<DownstreamFaults> faults) {
		SampleSink.Progress progress = new SampleSink.Progress();
		Instant start = Instant.now();
		Journeys journeys;
		String prefix = "[" + scenario.name() + "] " + key.stack() + " trial " + key.trial() + "/" + scenario.trials()
				+ " load " + key.load() + " " + scenario.workload().unit();
		try (SamplesCsv samples = SamplesCsv.create(this.results.samplesCsv(key));
				MetricsRecorder metrics = MetricsRecorder.start(this.results.metricsCsv(key), app.nodes(),
						app.servicePids(services), this.plan.engines(),
						app.pid().isPresent() ? this.plan.database().activity() : Optional.empty());
				StatusLine status = this.console.status(prefix, scenario.estimatedLength(level), progress)) {
			// Set after the warm-up and as the load starts, so that every load meets its
			// phases at the same moments of its own; the metrics recorder is already
			// scraping the breaker.
			Optional<FaultsJson> schedule = faults.map((downstream) -> startFaults(downstream, key));
			try {
				journeys = this.load.run(level, app.baseUri(), samples::write, progress);
			}
			finally {
				schedule.ifPresent((set) -> clearFaults(faults.get(), set, key));
			}
		}
		if (shuttingDown()) {
			// The targets were stopped under this load: its figures would describe the
			// shutdown.
			throw new IllegalStateException("interrupted during load " + key.load());
		}
		return measured(scenario, level, key, start, progress, journeys, prefix);
	}

	/**
	 * A load's figures from its samples.csv, its assertions checked, its line in
	 * summary.csv and on the console.
	 */
	private RunJson.LoadRun measured(Scenario scenario, Workload.Level level, LoadKey key, Instant start,
			SampleSink.Progress progress, Journeys journeys, String prefix) {
		List<Summary> summaries = Summary.of(key, SamplesCsv.read(this.results.samplesCsv(key)));
		List<String> violations = check(scenario, key, summaries);
		String verdict = !violations.isEmpty() ? String.join("; ", violations)
				: scenario.assertions().isEmpty() ? "no assertions" : "ok";
		Optional<Double> target = scenario.isOpenModel() ? Optional.of((double) key.load()) : Optional.empty();
		SummaryCsv.append(this.results.summaryCsv(), summaries, target, verdict);
		this.console.measured(prefix, summaries, verdict);
		this.console.journeys(prefix, journeys, level.termination() instanceof Termination.Hold);
		return new RunJson.LoadRun(key.load(), Optional.of(start), Optional.of(Instant.now()), progress.samples(),
				progress.errors(), verdict, Optional.of(journeys));
	}

	private FaultsJson startFaults(DownstreamFaults faults, LoadKey key) {
		FaultsJson set = FaultsJson.started(faults.schedule(), faults.start());
		set.write(this.results.faultsJson(key));
		return set;
	}

	/*
	 * Quietly when the downstream is gone (Ctrl-C stops it with the targets): faults.json
	 * then has no time of clearing, and the next load sets its own schedule anyway.
	 */
	private void clearFaults(DownstreamFaults faults, FaultsJson set, LoadKey key) {
		try {
			faults.clear();
			set.clearedAt(Instant.now()).write(this.results.faultsJson(key));
		}
		catch (EnvironmentException ex) {
			// The load's own failure, if any, is the one to report.
		}
	}

	/** Checks every assertion against its label's summary, recording each outcome. */
	private List<String> check(Scenario scenario, LoadKey key, List<Summary> summaries) {
		List<String> violations = new ArrayList<>();
		for (Assertion assertion : scenario.assertions()) {
			// With one request in the journey, summary.csv keeps only the line over all
			// labels: the same figures.
			String label = (scenario.requests().size() == 1) ? Summary.ALL : assertion.summaryLabel();
			Optional<Summary> summary = Summary.forLabel(summaries, label);
			Optional<String> violation = summary.map(assertion::check).orElse(Optional.of("no samples"));
			violation
				.ifPresent((text) -> violations.add(text + assertion.label().map((l) -> " [" + l + "]").orElse("")));
			this.outcomes.add(new AssertionOutcome(assertion.toString(), assertion.summaryLabel(), key.stack(),
					key.load(), key.trial(), violation.isEmpty(),
					violation.orElseGet(() -> summary.map(assertion::measured).orElse(""))));
		}
		return violations;
	}

	static String fetch(URI uri) {
		try (HttpClient client = HttpClient.newHttpClient()) {
			return client
				.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
						BodyHandlers.ofString())
				.body();
		}
		catch (IOException ex) {
			return "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

	private synchronized int addTargetRun(RunJson.TargetRun run) {
		this.targetRuns.add(run);
		return this.targetRuns.size() - 1;
	}

	private synchronized void updateTargetRun(int index, UnaryOperator<RunJson.TargetRun> change) {
		this.targetRuns.set(index, change.apply(this.targetRuns.get(index)));
	}

	private synchronized void writeRunJson(RunJson.Status status) {
		if (status != RunJson.Status.RUNNING) {
			this.ended = Optional.of(Instant.now());
		}
		this.run
			.withProgress(this.interrupted ? RunJson.Status.INTERRUPTED : status, this.failure, this.ended,
					List.copyOf(this.targetRuns), this.failedAssertions)
			.write(this.results.runJson());
	}

	/** Whether the JVM is running its shutdown hooks: it then refuses new ones. */
	static boolean shuttingDown() {
		Thread probe = Thread.ofPlatform().unstarted(() -> {
		});
		try {
			Runtime.getRuntime().addShutdownHook(probe);
			Runtime.getRuntime().removeShutdownHook(probe);
			return false;
		}
		catch (IllegalStateException ex) {
			return true;
		}
	}

	/**
	 * A target as a trial sees it: where to send requests, and what to watch while they
	 * run.
	 *
	 * @param baseUri where requests go: the app, or the balancer in front of its nodes
	 * @param pid the app's process, the first node's behind a balancer
	 * @param metrics the app's metrics, the first node's behind a balancer
	 * @param nodes every node of the app, as metrics.csv records them
	 * @param balancerPids nginx's processes, when a balancer spreads the load
	 * @param processes what fluxbench started for it, stopped in this order
	 */
	private record Running(URI baseUri, OptionalLong pid, Optional<MetricsSource> metrics,
			List<MetricsRecorder.Node> nodes, Map<String, Long> balancerPids,
			List<AutoCloseable> processes) implements AutoCloseable {

		List<Optional<MetricsSource>> nodeMetrics() {
			return this.nodes.stream().map(MetricsRecorder.Node::metrics).toList();
		}

		Map<String, Long> servicePids(Services services) {
			Map<String, Long> pids = new LinkedHashMap<>(services.pids());
			pids.putAll(this.balancerPids);
			return pids;
		}

		@Override
		public void close() {
			Benchmark.close(this.processes);
		}

	}

}

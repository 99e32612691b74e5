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

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.metrics.MetricsRecorder;
import dev.fluxbench.harness.results.AssertionOutcome;
import dev.fluxbench.harness.results.Json;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.SummaryCsv;
import dev.fluxbench.harness.scenario.Assertion;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.MetricsSource;
import dev.fluxbench.harness.target.Target;
import dev.fluxbench.launcher.RunningService;

/**
 * One {@code fluxbench run}: every trial of every target in rotating order, each load's samples,
 * metrics and summary written as soon as they exist. It flows one way: the scenario goes in,
 * files come out, and nothing reads them back but the summary step.
 */
public final class Benchmark {

	private final RunPlan plan;

	private final PrintWriter out;

	private final ResultsDirectory results;

	private final LoadPlan load;

	private final Map<String, Object> run;

	private final List<Object> targetRuns = new ArrayList<>();

	private final List<AssertionOutcome> outcomes = new ArrayList<>();

	/** Finished or failed: run.json has its final status and the shutdown hook must leave it. */
	private volatile boolean over;

	/** Set by the shutdown hook: from then on, whatever the main thread still writes is an interrupted run. */
	private volatile boolean interrupted;

	public Benchmark(RunPlan plan, PrintWriter out) {
		this.plan = plan;
		this.out = out;
		this.results = new ResultsDirectory(plan.out());
		this.load = new LoadPlan(plan.scenario(), plan.environment());
		this.run = RunDescription.of(plan);
		this.run.put("targetRuns", this.targetRuns);
	}

	/** Runs everything; returns every assertion checked, passed or not. */
	public List<AssertionOutcome> run() {
		writeRunJson("running");
		Thread marker = Thread.ofPlatform().unstarted(() -> {
			if (!this.over) {
				this.interrupted = true;
				writeRunJson("interrupted");
			}
		});
		Runtime.getRuntime().addShutdownHook(marker);
		Launcher launcher = new Launcher(this.plan.projectRoot(), this.plan.cpuLayout(), this.plan.database());
		this.plan.cpuLayout().pinGenerator();
		List<Stack> stacks = this.plan.targets()
			.stream()
			.filter(Target.Launched.class::isInstance)
			.map((target) -> ((Target.Launched) target).stack())
			.toList();
		try (Services services = stacks.isEmpty() ? Services.none()
				: Services.start(launcher, this.plan.scenario(), stacks, this.plan.downstreamPort(), this.results,
						this.out)) {
			services.describe(this.run);
			for (int trial = 1; trial <= this.plan.scenario().trials(); trial++) {
				for (Target target : this.plan.order(trial)) {
					runTarget(launcher, services, target, trial);
				}
			}
		}
		catch (RuntimeException ex) {
			// A stack that would not start, say: what was measured so far stays, marked as such.
			// Ctrl-C stops the stacks under a running load too, which then fails: that is no failure.
			this.run.put("failure", String.valueOf(ex.getMessage()).lines().findFirst().orElse(""));
			this.over = true;
			writeRunJson(shuttingDown() ? "interrupted" : "failed");
			throw ex;
		}
		this.over = true;
		this.run.put("failedAssertions", failures());
		writeRunJson("finished");
		try {
			Runtime.getRuntime().removeShutdownHook(marker);
		}
		catch (IllegalStateException ex) {
			// Already shutting down: the hook sees the run is over and leaves run.json alone.
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

	/** A target as a trial sees it: where to send requests, and what to watch while they run. */
	private record Running(URI baseUri, OptionalLong pid, Optional<MetricsSource> metrics,
			Optional<RunningService> process) implements AutoCloseable {

		@Override
		public void close() {
			this.process.ifPresent(RunningService::close);
		}

	}

	private Running start(Launcher launcher, Services services, Target target, Path directory,
			Map<String, Object> record) {
		return switch (target) {
			case Target.Launched launched -> {
				this.plan.database().reset(launched.stack());
				services.reset(launched.stack());
				Instant starting = Instant.now();
				RunningService app = launcher.startStack(launched.stack(), services.downstreamUri(),
						services.directoryUrl(), directory.resolve("app.log"));
				record.put("pid", app.pid());
				record.put("port", app.port());
				record.put("args", app.spec().args());
				record.put("startup", Duration.between(starting, Instant.now()).toString());
				String info = fetch(app.uri("/actuator/info"));
				ResultsDirectory.writeAtomically(directory.resolve("info.json"), info);
				record.put("info", new Json.Raw(info.isBlank() ? "null" : info));
				yield new Running(app.baseUri(), OptionalLong.of(app.pid()),
						Optional.of(new MetricsSource.Endpoint(app.uri("/actuator/prometheus"))), Optional.of(app));
			}
			case Target.Given given -> {
				record.put("baseUri", given.baseUri().toString());
				yield new Running(given.baseUri(), OptionalLong.empty(), given.metrics(), Optional.empty());
			}
		};
	}

	private void runTarget(Launcher launcher, Services services, Target target, int trial) {
		Scenario scenario = this.plan.scenario();
		Path directory = this.results.stackDirectory(trial, target.id());
		Map<String, Object> record = new LinkedHashMap<>();
		record.put("trial", trial);
		record.put("target", target.id());
		this.targetRuns.add(record);
		String name = "[" + scenario.name() + "] " + target.id() + " trial " + trial;
		this.out.printf("%s/%d: %s%n", name, scenario.trials(),
				(target instanceof Target.Launched) ? "starting" : "driving " + ((Target.Given) target).baseUri());
		try (Running app = start(launcher, services, target, directory, record)) {
			writeRunJson("running");
			if (!scenario.warmup().isZero()) {
				SampleSink.Progress progress = new SampleSink.Progress();
				try (StatusLine status = new StatusLine(this.out, name + " warm-up", scenario.warmup(), progress)) {
					this.load.warmUp(scenario.warmup(), app.baseUri(), progress);
				}
				this.out.printf("%s warm-up: %d samples, %d errors (not recorded)%n", name, progress.samples(),
						progress.errors());
			}
			List<Object> loads = new ArrayList<>();
			record.put("loads", loads);
			for (Workload.Level level : scenario.levels()) {
				loads.add(runLoad(scenario, level, new LoadKey(scenario.name(), level.load(), target.id(), trial), app,
						services));
				writeRunJson("running");
			}
		}
		record.put("stopped", Instant.now().toString());
	}

	private Map<String, Object> runLoad(Scenario scenario, Workload.Level level, LoadKey key, Running app,
			Services services) {
		SampleSink.Progress progress = new SampleSink.Progress();
		Instant start = Instant.now();
		String prefix = "[" + scenario.name() + "] " + key.stack() + " trial " + key.trial() + "/" + scenario.trials()
				+ " load " + key.load() + " " + scenario.workload().unit();
		try (SamplesCsv samples = SamplesCsv.create(this.results.samplesCsv(key));
				MetricsRecorder metrics = MetricsRecorder.start(this.results.metricsCsv(key), app.metrics(), app.pid(),
						services.pids());
				StatusLine status = new StatusLine(this.out, prefix, scenario.estimatedLength(level), progress)) {
			this.load.run(level, app.baseUri(), samples::write, progress);
		}
		if (shuttingDown()) {
			// The targets were stopped under this load: its figures would describe the shutdown.
			throw new IllegalStateException("interrupted during load " + key.load());
		}
		List<Summary> summaries = Summary.of(key, SamplesCsv.read(this.results.samplesCsv(key)));
		List<String> violations = check(scenario, key, summaries);
		String verdict = !violations.isEmpty() ? String.join("; ", violations)
				: scenario.assertions().isEmpty() ? "no assertions" : "ok";
		Optional<Double> target = scenario.isOpenModel() ? Optional.of((double) key.load()) : Optional.empty();
		SummaryCsv.append(this.results.summaryCsv(), summaries, target, verdict);
		summaries.stream()
			.filter((summary) -> summary.label().equals(Summary.ALL))
			.findFirst()
			.ifPresent((all) -> this.out.printf("%s: %d samples, %d errors, p50 %d ms, p99 %d ms, %.0f rps [%s]%n",
					prefix, all.samples(), all.errors(), all.p50().toMillis(), all.p99().toMillis(), all.throughput(),
					verdict));
		Map<String, Object> load = new LinkedHashMap<>();
		load.put("load", key.load());
		load.put("started", start.toString());
		load.put("finished", Instant.now().toString());
		load.put("samples", progress.samples());
		load.put("errors", progress.errors());
		load.put("verdict", verdict);
		return load;
	}

	/** Checks every assertion against its label's summary, recording each outcome. */
	private List<String> check(Scenario scenario, LoadKey key, List<Summary> summaries) {
		List<String> violations = new ArrayList<>();
		for (Assertion assertion : scenario.assertions()) {
			// With one request in the journey, summary.csv keeps only the line over all labels: the same figures.
			String label = (scenario.requests().size() == 1) ? Summary.ALL : assertion.summaryLabel();
			Optional<Summary> summary = Summary.forLabel(summaries, label);
			Optional<String> violation = summary.map(assertion::check).orElse(Optional.of("no samples"));
			violation.ifPresent((text) -> violations.add(text + assertion.label().map((l) -> " [" + l + "]").orElse("")));
			this.outcomes.add(new AssertionOutcome(assertion.toString(), assertion.summaryLabel(), key.stack(),
					key.load(), key.trial(), violation.isEmpty(),
					violation.orElseGet(() -> summary.map(assertion::measured).orElse(""))));
		}
		return violations;
	}

	private static String fetch(URI uri) {
		try (HttpClient client = HttpClient.newHttpClient()) {
			return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
					BodyHandlers.ofString()).body();
		}
		catch (IOException ex) {
			return "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

	private synchronized void writeRunJson(String status) {
		this.run.put("status", this.interrupted ? "interrupted" : status);
		if (!status.equals("running")) {
			this.run.put("ended", Instant.now().toString());
		}
		ResultsDirectory.writeAtomically(this.results.runJson(), Json.write(this.run));
	}

	/** Whether the JVM is running its shutdown hooks: it then refuses new ones. */
	private static boolean shuttingDown() {
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

}

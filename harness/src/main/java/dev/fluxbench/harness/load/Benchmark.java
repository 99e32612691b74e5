package dev.fluxbench.harness.load;

import java.io.IOException;
import java.io.InputStream;
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
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.metrics.MetricsRecorder;
import dev.fluxbench.harness.results.Json;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.SummaryCsv;
import dev.fluxbench.harness.scenario.Assertion;
import dev.fluxbench.harness.scenario.Request;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.launcher.RunningService;

/**
 * One {@code fluxbench run}: downstream first, then every trial of every stack in rotating order,
 * each load's samples, metrics and summary written as soon as they exist. It flows one way: the
 * scenario goes in, files come out, and nothing reads them back but the summary step.
 */
public final class Benchmark {

	private final RunPlan plan;

	private final PrintWriter out;

	private final ResultsDirectory results;

	private final Map<String, Object> run = new LinkedHashMap<>();

	private final List<Object> trials = new ArrayList<>();

	private final List<String> failedAssertions = new ArrayList<>();

	/** Finished or failed: run.json has its final status and the shutdown hook must leave it. */
	private volatile boolean over;

	/** Set by the shutdown hook: from then on, whatever the main thread still writes is an interrupted run. */
	private volatile boolean interrupted;

	public Benchmark(RunPlan plan, PrintWriter out) {
		this.plan = plan;
		this.out = out;
		this.results = new ResultsDirectory(plan.out());
	}

	/** Runs everything; the list of failed assertions is empty when all held. */
	public List<String> run() {
		describeRun();
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
		this.out.println("starting the downstream");
		try (RunningService downstream = launcher.startDownstream(this.plan.downstreamPort(),
				this.results.downstreamLog())) {
			this.run.put("downstream", Map.of("port", downstream.port(), "jvmFlags", downstream.spec().jvmFlags()));
			try (Services services = Services.start(launcher, this.plan.scenario(), this.plan.stacks(),
					this.results.directoryLog(), this.out)) {
				services.describe(this.run);
				for (int trial = 1; trial <= this.plan.scenario().trials(); trial++) {
					for (Stack stack : this.plan.order(trial)) {
						runStack(launcher, downstream, services, stack, trial);
					}
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
		this.run.put("failedAssertions", List.copyOf(this.failedAssertions));
		writeRunJson("finished");
		try {
			Runtime.getRuntime().removeShutdownHook(marker);
		}
		catch (IllegalStateException ex) {
			// Already shutting down: the hook sees the run is over and leaves run.json alone.
		}
		return List.copyOf(this.failedAssertions);
	}

	private void runStack(Launcher launcher, RunningService downstream, Services services, Stack stack, int trial) {
		Scenario scenario = this.plan.scenario();
		Path stackDirectory = this.results.stackDirectory(trial, stack.id());
		Map<String, Object> record = new LinkedHashMap<>();
		record.put("trial", trial);
		record.put("stack", stack.id());
		this.trials.add(record);
		this.plan.database().reset(stack);
		services.reset(stack);
		this.out.printf("[%s] %s trial %d/%d: starting%n", scenario.name(), stack.id(), trial, scenario.trials());
		Instant starting = Instant.now();
		try (RunningService app = launcher.startStack(stack, downstream.baseUri(), services.directoryUrl(),
				stackDirectory.resolve("app.log"))) {
			record.put("pid", app.pid());
			record.put("port", app.port());
			record.put("args", app.spec().args());
			record.put("startup", Duration.between(starting, Instant.now()).toString());
			String info = fetch(app.uri("/actuator/info"));
			ResultsDirectory.writeAtomically(stackDirectory.resolve("info.json"), info);
			record.put("info", new Json.Raw(info.isBlank() ? "null" : info));
			writeRunJson("running");
			if (!this.plan.warmup().isZero()) {
				SampleSink.Progress progress = new SampleSink.Progress();
				try (StatusLine status = new StatusLine(this.out,
						"[" + scenario.name() + "] " + stack.id() + " trial " + trial + " warm-up", this.plan.warmup(),
						progress)) {
					LoadPlan.warmUp(scenario, this.plan.warmup(), app.baseUri(), progress);
				}
				this.out.printf("[%s] %s trial %d warm-up: %d samples, %d errors (not recorded)%n", scenario.name(),
						stack.id(), trial, progress.samples(), progress.errors());
			}
			List<Object> loads = new ArrayList<>();
			record.put("loads", loads);
			for (int load : scenario.loads()) {
				loads.add(runLoad(scenario, new LoadKey(scenario.name(), load, stack.id(), trial), app, downstream,
						services));
				writeRunJson("running");
			}
		}
		record.put("stopped", Instant.now().toString());
	}

	private Map<String, Object> runLoad(Scenario scenario, LoadKey key, RunningService app,
			RunningService downstream, Services services) {
		SampleSink.Progress progress = new SampleSink.Progress();
		Instant start = Instant.now();
		String prefix = "[" + scenario.name() + "] " + key.stack() + " trial " + key.trial() + "/" + scenario.trials()
				+ " load " + key.load() + (scenario.isOpenModel() ? " rps" : " users");
		try (SamplesCsv samples = SamplesCsv.create(this.results.samplesCsv(key));
				MetricsRecorder metrics = MetricsRecorder.start(this.results.metricsCsv(key),
						app.uri("/actuator/prometheus"), app.pid(), services.pids(downstream));
				StatusLine status = new StatusLine(this.out, prefix, scenario.estimatedLength(), progress)) {
			LoadPlan.run(scenario, key.load(), app.baseUri(), samples::write, progress);
		}
		if (shuttingDown()) {
			// The stacks were stopped under this load: its figures would describe the shutdown.
			throw new IllegalStateException("interrupted during load " + key.load());
		}
		List<Summary> summaries = Summary.of(key, SamplesCsv.read(this.results.samplesCsv(key)));
		List<String> violations = new ArrayList<>();
		summaries.stream().filter((summary) -> summary.label().equals(Summary.ALL)).findFirst().ifPresentOrElse(
				(all) -> scenario.assertions()
					.forEach((assertion) -> assertion.check(all.p99(), all.errors()).ifPresent(violations::add)),
				() -> violations.add("no samples"));
		String verdict = violations.isEmpty() ? "ok" : String.join("; ", violations);
		Optional<Double> target = scenario.isOpenModel() ? Optional.of((double) key.load()) : Optional.empty();
		SummaryCsv.append(this.results.summaryCsv(), summaries, target, verdict);
		violations.forEach((violation) -> this.failedAssertions
			.add(key.stack() + " trial " + key.trial() + " load " + key.load() + ": " + violation));
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

	private void describeRun() {
		Scenario scenario = this.plan.scenario();
		this.run.put("fluxbench", versions().getProperty("fluxbench", "unknown"));
		this.run.put("commandLine", this.plan.commandLine());
		this.run.put("started", Instant.now().toString());
		this.run.put("status", "running");
		this.run.put("jdk", Map.of("version", System.getProperty("java.version"), "vendor",
				System.getProperty("java.vendor"), "vm", System.getProperty("java.vm.name"), "home",
				System.getProperty("java.home")));
		this.run.put("os", Map.of("name", System.getProperty("os.name"), "version", System.getProperty("os.version"),
				"arch", System.getProperty("os.arch")));
		this.run.put("cores", Runtime.getRuntime().availableProcessors());
		Map<String, Object> layout = new LinkedHashMap<>();
		layout.put("pinned", this.plan.cpuLayout().pinned());
		layout.put("app", this.plan.cpuLayout().appCpus().orElse(""));
		layout.put("generatorAndDownstream", this.plan.cpuLayout().loadCpus().orElse(""));
		layout.put("database", "not pinned (not started by fluxbench)");
		layout.put("appActiveProcessorCount", this.plan.cpuLayout().appCoreCount());
		this.run.put("cpuLayout", layout);
		Launcher launcher = new Launcher(this.plan.projectRoot(), this.plan.cpuLayout(), this.plan.database());
		this.run.put("appJvmFlags", launcher.appJvmFlags());
		Map<String, Object> libraries = new LinkedHashMap<>();
		versions().stringPropertyNames().stream().sorted().forEach((name) -> libraries.put(name, versions().get(name)));
		this.run.put("libraries", libraries);
		this.run.put("git", git(this.plan.projectRoot()));
		Map<String, Object> described = new LinkedHashMap<>();
		described.put("name", scenario.name());
		described.put("description", scenario.description());
		described.put("seeds", scenario.seeds().stream().map((seed) -> seed.fileName()).toList());
		described.put("model", scenario.isOpenModel() ? "open (loads are target requests/s)" : "closed (loads are users)");
		described.put("loads", scenario.loads());
		described.put("rampUp", scenario.rampUp().toString());
		described.put("termination", scenario.termination().toString());
		described.put("thinkTime", scenario.thinkTimeMin() + ".." + scenario.thinkTimeMax());
		described.put("requests", scenario.requests().stream().map(Benchmark::describe).toList());
		described.put("assertions", scenario.assertions().stream().map(Assertion::toString).toList());
		if (scenario.isOpenModel()) {
			described.put("maxThreads", scenario.maxThreads());
		}
		described.put("connectTimeout", LoadPlan.CONNECT_TIMEOUT.toString());
		described.put("responseTimeout", scenario.responseTimeout().toString());
		this.run.put("scenario", described);
		this.run.put("scale", scenario.scale());
		this.run.put("trials", scenario.trials());
		this.run.put("warmup", this.plan.warmup().toString());
		this.run.put("stacks", this.plan.stacks().stream().map(Stack::id).toList());
		this.run.put("database", this.plan.database().describe());
		this.run.put("stackRuns", this.trials);
	}

	private static Map<String, Object> describe(Request request) {
		Map<String, Object> described = new LinkedHashMap<>();
		described.put("label", request.label());
		described.put("method", request.method());
		described.put("path", request.path());
		described.put("expectedStatus", request.expectedStatus());
		described.put("floor", request.floor().toString());
		// Header names only: the Authorization value is a credential.
		described.put("headers", List.copyOf(request.headers().keySet()));
		request.bodyPattern().ifPresent((pattern) -> described.put("bodyPattern", pattern));
		return described;
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

	private static Properties versions() {
		Properties properties = new Properties();
		try (InputStream in = Benchmark.class.getResourceAsStream("/fluxbench-versions.properties")) {
			if (in != null) {
				properties.load(in);
			}
		}
		catch (IOException ex) {
			// Versions are informative; a run without them is still a run.
		}
		properties.setProperty("jmeter", org.apache.jmeter.util.JMeterUtils.getJMeterVersion());
		return properties;
	}

	private static Map<String, Object> git(Path root) {
		Map<String, Object> git = new LinkedHashMap<>();
		git.put("commit", command(root, "git", "rev-parse", "HEAD").orElse("unknown"));
		command(root, "git", "status", "--porcelain", "--untracked-files=no")
			.ifPresent((changes) -> git.put("dirty", !changes.isBlank()));
		return git;
	}

	private static Optional<String> command(Path directory, String... command) {
		try {
			Process process = new ProcessBuilder(command).directory(directory.toFile())
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
			String output = new String(process.getInputStream().readAllBytes()).strip();
			return (process.waitFor(5, TimeUnit.SECONDS) && process.exitValue() == 0) ? Optional.of(output)
					: Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

}

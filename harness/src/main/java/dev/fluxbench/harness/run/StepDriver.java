package dev.fluxbench.harness.run;

import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.metrics.InFlight;
import dev.fluxbench.harness.metrics.MetricsRecorder;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.scenario.Termination;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.MetricsSource;
import dev.fluxbench.harness.target.Target;
import dev.fluxbench.launcher.RunningService;

/**
 * Drives targets one open load at a time, for a command that chooses each load from the
 * figures of the last ({@code fluxbench knee}) instead of from the scenario's list. It
 * starts what {@link Benchmark} starts, the same way (the downstream and what else the
 * launched stacks lean on, then each target fresh for each trial), and records each load
 * as a run does: every sample in a {@code samples.csv} and a scrape per second in a
 * {@code metrics.csv}, in a directory the caller names. Rates count whole journeys
 * started per second.
 */
public final class StepDriver implements AutoCloseable {

	private final RunPlan plan;

	private final Console console;

	private final LoadPlan load;

	private final Launcher launcher;

	private final Services services;

	private StepDriver(RunPlan plan, Console console, Launcher launcher, Services services) {
		this.plan = plan;
		this.console = console;
		this.load = new LoadPlan(plan.scenario(), plan.environment()).countingJourneys()
			.withWarmupUsers(plan.steadiness().warmupUsers());
		this.launcher = launcher;
		this.services = services;
	}

	/**
	 * Pins the generator and starts the services the plan's launched stacks need.
	 * @param plan a plan whose scenario has an open workload: its {@code maxThreads} caps
	 * every load
	 */
	public static StepDriver start(RunPlan plan, PrintWriter out) {
		if (!(plan.scenario().workload() instanceof Workload.Open)) {
			throw new IllegalArgumentException("Steps are open loads: the plan's scenario must have an open workload");
		}
		Launcher launcher = plan.launcher();
		plan.cpuLayout().pinGenerator();
		List<Stack> stacks = plan.targets()
			.stream()
			.filter(Target.Launched.class::isInstance)
			.map((target) -> ((Target.Launched) target).stack())
			.toList();
		Services services = stacks.isEmpty() ? Services.none() : Services.start(launcher, plan.scenario(), stacks,
				plan.downstreamPort(), new ResultsDirectory(plan.out()), out);
		return new StepDriver(plan, new Console(out), launcher, services);
	}

	/**
	 * A launched stack started afresh on a reset database, or a given service taken as it
	 * is.
	 * @param directory where the stack's {@code app.log} and {@code info.json} go
	 */
	public Session session(Target target, Path directory) {
		return switch (target) {
			case Target.Launched launched -> {
				this.plan.database().reset(launched.stack());
				this.services.reset(launched.stack());
				RunningService app = this.launcher.startStack(launched.stack(), this.services.downstreamUri(),
						this.services.directoryUrl(), directory.resolve("app.log"));
				ResultsDirectory.writeAtomically(directory.resolve("info.json"),
						Benchmark.fetch(app.uri("/actuator/info")));
				yield new Session(app.baseUri(), OptionalLong.of(app.pid()),
						Optional.of(new MetricsSource.Endpoint(app.uri("/actuator/prometheus"))), Optional.of(app));
			}
			case Target.Given given ->
				new Session(given.baseUri(), OptionalLong.empty(), given.metrics(), Optional.empty());
		};
	}

	/** The harness' version, as run.json records it. */
	public static String version() {
		return Provenance.versions().getProperty("fluxbench", "unknown");
	}

	/**
	 * Whether the JVM is shutting down (Ctrl-C): the targets are then being stopped under
	 * any load.
	 */
	public static boolean shuttingDown() {
		return Benchmark.shuttingDown();
	}

	@Override
	public void close() {
		this.services.close();
	}

	/** One target, running, for one trial. */
	public final class Session implements AutoCloseable {

		private final URI baseUri;

		private final OptionalLong pid;

		private final Optional<MetricsSource> metrics;

		private final Optional<RunningService> process;

		private Session(URI baseUri, OptionalLong pid, Optional<MetricsSource> metrics,
				Optional<RunningService> process) {
			this.baseUri = baseUri;
			this.pid = pid;
			this.metrics = metrics;
			this.process = process;
		}

		public URI baseUri() {
			return this.baseUri;
		}

		/**
		 * Drives the target with the journey, unrecorded, until it is steady or
		 * {@code maximum} has passed, as a run warms each target up.
		 */
		public Warmup warmUp(Duration maximum, String name) {
			SampleSink.Progress progress = new SampleSink.Progress();
			Warmup warmup;
			try (StatusLine status = StepDriver.this.console.status(name + " warm-up", maximum, progress)) {
				warmup = new SteadyWarmup(StepDriver.this.load, StepDriver.this.plan.steadiness()).run(this.baseUri,
						maximum, this.metrics, this.pid, progress);
			}
			StepDriver.this.console.warmedUp(name, warmup);
			return warmup;
		}

		/**
		 * One open load: {@code rate} journeys started per second, reached over
		 * {@code ramp} and held for {@code hold}.
		 * @param directory where its samples.csv and metrics.csv go
		 * @param prefix what its status lines start with
		 */
		public Load run(int rate, Duration ramp, Duration hold, Path directory, String prefix) {
			settle(prefix);
			Workload.Level level = new Workload.Level(rate, ramp, new Termination.Hold(hold));
			SampleSink.Progress progress = new SampleSink.Progress();
			Path samples = directory.resolve("samples.csv");
			Instant started = Instant.now();
			Journeys journeys;
			try (SamplesCsv csv = SamplesCsv.create(samples);
					MetricsRecorder recorder = MetricsRecorder.start(directory.resolve("metrics.csv"), this.metrics,
							this.pid, StepDriver.this.services.pids());
					StatusLine status = StepDriver.this.console.status(prefix, ramp.plus(hold), progress)) {
				journeys = StepDriver.this.load.run(level, this.baseUri, csv::write, progress);
			}
			if (shuttingDown()) {
				throw new IllegalStateException("interrupted during the load at " + rate + "/s");
			}
			return new Load(started, Instant.now(), samples, progress.samples(), progress.errors(), journeys);
		}

		/**
		 * Waits until the target serves none of the last load's requests, for at most the
		 * scenario's response timeout: a step after a jam would otherwise measure the
		 * jam.
		 */
		private void settle(String prefix) {
			if (this.metrics.isEmpty()) {
				return;
			}
			Duration maximum = StepDriver.this.plan.scenario().responseTimeout();
			Instant start = Instant.now();
			try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
				InFlight.Settled settled = new InFlight(this.metrics.get(), MetricsRecorder.INTERVAL).settle(client,
						maximum);
				if (settled.waited()) {
					StepDriver.this.console.settled(prefix, settled, Duration.between(start, Instant.now()));
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		@Override
		public void close() {
			this.process.ifPresent(RunningService::close);
		}

	}

	/**
	 * One load as it ran.
	 *
	 * @param started just before the generator started
	 * @param ended once the last request had ended
	 * @param samples its samples.csv
	 * @param count how many samples it recorded
	 * @param errors how many of them failed
	 * @param journeys how the journeys ended
	 */
	public record Load(Instant started, Instant ended, Path samples, long count, long errors, Journeys journeys) {

	}

}

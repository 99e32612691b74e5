package dev.fluxbench.harness.calibrate;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

import dev.fluxbench.harness.metrics.CompilerCpu;
import dev.fluxbench.harness.metrics.ProcessStats;
import dev.fluxbench.harness.report.Statistics;
import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.run.GeneratorLoad;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.scenario.Step;
import dev.fluxbench.harness.scenario.Termination;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.MetricsSource;

/**
 * One {@code fluxbench calibrate}: at each connection count, the harness' generator then
 * wrk, each warmed up first, against the same endpoint. Each side's CPU is its own
 * process' over its measured window; the endpoint's process is on other cores and is not
 * counted, but its JIT is watched: both sides must meet a steady app.
 */
public final class Calibration {

	public static final String CALIBRATION_JSON = "calibration.json";

	/** The JIT's share of the generator's CPU below which its warm-up ends. */
	static final double STEADY_JIT_SHARE = 0.05;

	/**
	 * Rounds enough for a launched app to compile its hot paths on the one core it gets
	 * on a 2-core machine, where its JIT competes with the requests it compiles for.
	 */
	static final int MAX_WARMUP_ROUNDS = 12;

	private final Endpoint endpoint;

	private final Settings settings;

	private final Wrk wrk;

	private final Path out;

	private final PrintWriter console;

	/** The app's compiler threads, when fluxbench knows its process. */
	private final Optional<CompilerCpu> appCompiler;

	public Calibration(Endpoint endpoint, Settings settings, Wrk wrk, Path out, PrintWriter console) {
		this.endpoint = endpoint;
		this.settings = settings;
		this.wrk = wrk;
		this.out = out;
		this.console = console;
		this.appCompiler = endpoint.appPid().isPresent() ? Optional.of(new CompilerCpu(endpoint.appPid().getAsLong()))
				: Optional.empty();
	}

	/** Runs both sides at every connection count; writes calibration.json as it goes. */
	public CalibrationJson run() {
		Instant started = Instant.now();
		String version = this.wrk.version();
		GeneratorLoad harness = new GeneratorLoad(scenario(this.endpoint.pathAndQuery()));
		List<CalibrationJson.Point> points = new ArrayList<>();
		CalibrationJson result = null;
		for (int connections : this.settings.connections()) {
			CompilerCpu compiler = new CompilerCpu(ProcessHandle.current().pid());
			Optional<Warmup> appWarmup = appWarmUp(harness, connections);
			if (!this.settings.warmup().isZero()) {
				warmUp(harness, connections, compiler);
			}
			HarnessSide generator = harnessSide(harness, connections, compiler);
			CalibrationJson.Side reference = wrkSide(connections);
			points.add(CalibrationJson.Point.of(connections, generator.figures(), reference, generator.jitShare())
				.withAppWarmup(appWarmup));
			result = new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.of(started),
					this.endpoint.url().toString(), this.endpoint.stack(), this.settings.cpuLayout(), version,
					this.settings.duration(), this.settings.warmup(), points);
			result.write(this.out.resolve(CALIBRATION_JSON));
		}
		return result;
	}

	private HarnessSide harnessSide(GeneratorLoad harness, int connections, CompilerCpu compiler) {
		this.console.printf("%d connections: harness for %ds%n", connections, this.settings.duration().toSeconds());
		Path directory = this.out.resolve("harness-c" + connections);
		Path samples = directory.resolve("samples.csv");
		AppJit app = appJit();
		OptionalDouble jitBefore = compiler.seconds();
		Duration cpuBefore = ProcessStats.ownCpuTime();
		long wallBefore = System.nanoTime();
		harness.run(connections, this.settings.duration(), this.endpoint.base(), samples,
				directory.resolve("metrics.csv"), this.endpoint.metrics(), this.endpoint.appPid(),
				this.endpoint.servicePids());
		Duration cpu = ProcessStats.ownCpuTime().minus(cpuBefore);
		Duration wall = Duration.ofNanos(System.nanoTime() - wallBefore);
		// Before samples.csv is read back: reading it makes the JIT compile a CSV reader
		// and a sort, no request's work, which the CPU above leaves out too.
		OptionalDouble jitAfter = compiler.seconds();
		Optional<Double> appShare = app.share(appJit());
		return new HarnessSide(harnessFigures(SamplesCsv.read(samples), cpu, wall).withAppJitShare(appShare),
				jitShare(jitBefore, jitAfter, cpu));
	}

	/**
	 * The share of {@code cpu} that the JIT's threads used, from their CPU seconds read
	 * at both ends of the same window; empty when either reading or the CPU is missing.
	 */
	static Optional<Double> jitShare(OptionalDouble jitBefore, OptionalDouble jitAfter, Duration cpu) {
		if (jitBefore.isEmpty() || jitAfter.isEmpty() || !cpu.isPositive()) {
			return Optional.empty();
		}
		return Optional.of((jitAfter.getAsDouble() - jitBefore.getAsDouble()) / (cpu.toNanos() / 1e9));
	}

	/**
	 * Warms the app up at this connection count as a run warms a stack up, cool-downs
	 * included, until it is steady or {@code --app-warmup} has passed. On one core the
	 * app's many busy threads leave its compiler threads little of it: warmed with a
	 * plain load, an app driven by tens of users was still compiling after minutes. Each
	 * count has its own, since the JIT compiles anew for a concurrency it has not seen.
	 */
	private Optional<Warmup> appWarmUp(GeneratorLoad harness, int connections) {
		if (this.settings.appWarmup().isZero()) {
			return Optional.empty();
		}
		this.console.printf("%d connections: app warm-up, at most %ds%n", connections,
				this.settings.appWarmup().toSeconds());
		Warmup warmup = harness.warmUpTarget(connections, this.settings.appWarmup(), this.endpoint.base(),
				this.endpoint.metrics(), this.endpoint.appPid());
		this.console.printf("%d connections: app %s%n", connections, warmup.describe());
		return Optional.of(warmup);
	}

	/**
	 * Runs the very load about to be measured, files and scrape included, in rounds of
	 * the warm-up's length until both JITs have settled, or {@link #MAX_WARMUP_ROUNDS}
	 * rounds. The harness' compiler threads belong to the generator's process: a window
	 * in which they still compile the load's hot paths would count that work as the cost
	 * of each request, which wrk, compiled ahead of time, never pays. The app's compiler
	 * shares the app's cores: while it still compiles, the app answers slowly, so the
	 * generator measured first would meet a slower app than the one after it, and send
	 * fewer requests at a higher cost each, since a generator that waits longer for every
	 * answer wakes up for each on its own. A busy machine slows both compilers down, so a
	 * fixed warm-up is not enough there.
	 */
	private void warmUp(GeneratorLoad harness, int connections, CompilerCpu compiler) {
		for (int round = 1; round <= MAX_WARMUP_ROUNDS; round++) {
			this.console.printf("%d connections: harness warm-up %ds%s%n", connections,
					this.settings.warmup().toSeconds(), (round == 1) ? "" : " (round " + round + ")");
			AppJit app = appJit();
			OptionalDouble jitBefore = compiler.seconds();
			Duration cpuBefore = ProcessStats.ownCpuTime();
			Path warmup = this.out.resolve("harness-warmup-c" + connections + "-" + round);
			harness.run(connections, this.settings.warmup(), this.endpoint.base(), warmup.resolve("samples.csv"),
					warmup.resolve("metrics.csv"), this.endpoint.metrics(), this.endpoint.appPid(),
					this.endpoint.servicePids());
			Optional<Double> own = jitShare(jitBefore, compiler.seconds(), ProcessStats.ownCpuTime().minus(cpuBefore));
			Optional<Double> target = app.share(appJit());
			if (settled(own, target)) {
				return;
			}
			this.console.printf("%d connections: the JIT took %s of the harness' CPU, %s of the app's%n", connections,
					percent(own), percent(target));
		}
	}

	/**
	 * Whether a warm-up round left both compilers quiet. A share that cannot be read does
	 * not hold the warm-up: a running service's process is not known, and a JVM without a
	 * JIT has no compiler threads.
	 */
	static boolean settled(Optional<Double> harnessShare, Optional<Double> appShare) {
		return harnessShare.orElse(0.0) <= STEADY_JIT_SHARE && appShare.orElse(0.0) <= Warmup.DEFAULT_MAX_COMPILE_SHARE;
	}

	private static String percent(Optional<Double> share) {
		return share.map((value) -> String.format(Locale.ROOT, "%.0f%%", value * 100)).orElse("an unknown share");
	}

	private CalibrationJson.Side wrkSide(int connections) {
		if (!this.settings.warmup().isZero()) {
			this.console.printf("%d connections: wrk warm-up %ds%n", connections, this.settings.warmup().toSeconds());
			this.wrk.run(this.endpoint.url(), connections, this.settings.warmup(), this.settings.generatorCpus(),
					this.out, "wrk-warmup-c" + connections);
		}
		this.console.printf("%d connections: wrk for %ds%n", connections, this.settings.duration().toSeconds());
		AppJit app = appJit();
		CalibrationJson.Side side = this.wrk.run(this.endpoint.url(), connections, this.settings.duration(),
				this.settings.generatorCpus(), this.out, "wrk-c" + connections);
		return side.withAppJitShare(app.share(appJit()));
	}

	/** The app's compiler and whole CPU seconds now; empty readings when unknown. */
	private AppJit appJit() {
		OptionalDouble jit = this.appCompiler.map(CompilerCpu::seconds).orElse(OptionalDouble.empty());
		OptionalLong pid = this.endpoint.appPid();
		OptionalDouble cpu = pid.isPresent() ? ProcessStats.cpuSeconds(pid.getAsLong()) : OptionalDouble.empty();
		return new AppJit(jit, cpu, System.nanoTime());
	}

	/**
	 * The harness' side from its samples: its percentiles are of the sampler's time,
	 * timed to the nanosecond where the samples have it (JMeter's own elapsed time is in
	 * whole milliseconds, too coarse beside wrk's microseconds). Throughput is over the
	 * samples' span; CPU is per request over the whole call, the engine's start and stop
	 * included, since a run pays for them too.
	 */
	static CalibrationJson.Side harnessFigures(List<Sample> samples, Duration cpu, Duration wall) {
		double[] nanos = samples.stream()
			.mapToDouble((sample) -> sample.samplerTime().orElse(sample.elapsed()).toNanos())
			.toArray();
		long errors = samples.stream().filter((sample) -> !sample.success()).count();
		Duration span = samples.isEmpty() ? wall
				: Duration.between(samples.stream().map(Sample::timestamp).min(Comparator.naturalOrder()).orElseThrow(),
						samples.stream()
							.map((sample) -> sample.timestamp().plus(sample.elapsed()))
							.max(Comparator.naturalOrder())
							.orElseThrow());
		return CalibrationJson.Side.of(samples.size(), errors, span, cpu, percentile(nanos, 50), percentile(nanos, 99));
	}

	/** The report's nearest-rank percentile, of nanoseconds; zero for none. */
	private static Duration percentile(double[] nanos, double percentile) {
		return (nanos.length == 0) ? Duration.ZERO
				: Duration.ofNanos(Math.round(Statistics.percentile(nanos, percentile)));
	}

	/** The console's table of a calibration, line by line. */
	public static List<String> table(CalibrationJson calibration) {
		return CalibrationTable.lines(calibration);
	}

	/** One GET, again and again, no think time: what wrk does. */
	static Scenario scenario(String pathAndQuery) {
		return new Scenario("calibrate", "the harness' generator against wrk", "fluxbench calibrate", List.of(),
				List.of(Stack.MVC), 1, Duration.ZERO, Scenario.DEFAULT_CONNECT_TIMEOUT, Duration.ofSeconds(10),
				new Workload.Closed(
						List.of(new Workload.Level(1, Duration.ZERO, new Termination.Hold(Duration.ofSeconds(1)))),
						Step.Pause.NONE),
				Map.of(), List.of(), List.of(Step.Request.get("calibrate", pathAndQuery)), List.of(), 1, List.of());
	}

	/**
	 * What is driven: a URL, and for a launched stack what metrics.csv watches as a run
	 * would.
	 *
	 * @param url the endpoint, with its path and query
	 * @param stack the launched stack, empty for a running service
	 * @param metrics the target's metrics, scraped as a run scrapes them
	 * @param appPid the target's process
	 * @param servicePids other processes a run records, by name
	 */
	public record Endpoint(URI url, Optional<String> stack, Optional<MetricsSource> metrics, OptionalLong appPid,
			Map<String, Long> servicePids) {

		public Endpoint {
			servicePids = Map.copyOf(servicePids);
		}

		/** Where JMeter connects: the URL without its path. */
		URI base() {
			return URI.create(this.url.getScheme() + "://" + this.url.getRawAuthority());
		}

		/** The path and query JMeter asks for. */
		String pathAndQuery() {
			String path = (this.url.getRawPath() == null || this.url.getRawPath().isEmpty()) ? "/"
					: this.url.getRawPath();
			return (this.url.getRawQuery() != null) ? path + "?" + this.url.getRawQuery() : path;
		}

	}

	/**
	 * How hard and how long.
	 *
	 * @param connections each count in turn
	 * @param duration each side's measured window
	 * @param warmup each side's unmeasured drive before it; zero for none
	 * @param appWarmup the longest the app is warmed up before each count; zero for none
	 * @param generatorCpus where the generators run, in taskset syntax; empty when
	 * nothing is pinned
	 * @param cpuLayout the layout in words, for calibration.json
	 */
	public record Settings(List<Integer> connections, Duration duration, Duration warmup, Duration appWarmup,
			Optional<String> generatorCpus, String cpuLayout) {

		public Settings {
			connections = List.copyOf(connections);
		}

	}

	/** The harness' figures at one connection count, and its JIT's share of their CPU. */
	private record HarnessSide(CalibrationJson.Side figures, Optional<Double> jitShare) {
	}

	/**
	 * A reading of the app's compiler threads' and whole process' CPU seconds, and when
	 * it was taken.
	 */
	record AppJit(OptionalDouble compilerSeconds, OptionalDouble cpuSeconds, long nanoTime) {

		/**
		 * The compiler's share of the app's CPU from this reading to {@code later}, as a
		 * run judges a steady target ({@link Warmup#jitShare}); empty when a reading is
		 * missing.
		 */
		Optional<Double> share(AppJit later) {
			if (this.compilerSeconds.isEmpty() || later.compilerSeconds.isEmpty() || this.cpuSeconds.isEmpty()
					|| later.cpuSeconds.isEmpty()) {
				return Optional.empty();
			}
			return Optional.of(Warmup.jitShare(later.compilerSeconds.getAsDouble() - this.compilerSeconds.getAsDouble(),
					later.cpuSeconds.getAsDouble() - this.cpuSeconds.getAsDouble(),
					(later.nanoTime - this.nanoTime) / 1e9));
		}

	}

}

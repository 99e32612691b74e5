package dev.fluxbench.harness.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.harness.metrics.CompilerCpu;
import dev.fluxbench.harness.metrics.MetricsRecorder;
import dev.fluxbench.harness.metrics.ProcessStats;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.target.MetricsSource;

/**
 * Drives a fresh target, unrecorded, until it is steady by {@link Steadiness} or its
 * warm-up's maximum has passed, whichever comes first. Once a second it scrapes the
 * target's metrics, as a measured load does, and reads how many samples the target
 * answered, and how much CPU time its JIT compiler and the whole app used: from /proc
 * when fluxbench started it ({@link CompilerCpu}), else from its metrics
 * ({@code jvm_compilation_time_ms_total}, which counts a compilation's waiting too, and
 * {@code process_cpu_time_ns_total}).
 */
final class SteadyWarmup {

	/**
	 * Shorter than the interval, so a stuck app costs a missed reading, not a pile-up.
	 */
	private static final Duration SCRAPE_TIMEOUT = Duration.ofMillis(900);

	/**
	 * A cool-down's share of the throughput the full load had: light enough that a core
	 * saturated by the full load has most of its time free for the compiler threads.
	 */
	private static final double COOL_DOWN = 0.25;

	private final LoadPlan load;

	private final Steadiness criteria;

	SteadyWarmup(LoadPlan load, Steadiness criteria) {
		this.load = load;
		this.criteria = criteria;
	}

	/**
	 * Warms the target up; returns how it went.
	 *
	 * <p>
	 * A saturated core is shared by the app's many busy threads and its few compiler
	 * threads, so under load the compiler falls behind, however large or small its share
	 * of the CPU looks. Stopping the load would not show what waits: HotSpot drops a
	 * queued compilation whose method has stopped running. So each time a window under
	 * the full load has been judged, the load cools down to {@link #COOL_DOWN} of the
	 * throughput it just had, which keeps the hot paths running and leaves the compiler
	 * most of the core, until the JIT is quiet over one window. What it compiled before
	 * that had waited. A target is steady once a window under the full load met the
	 * criteria and the cool-down after it found no more waiting than the criteria allow
	 * over one window; else the full load resumes and is judged afresh. Cooling down only
	 * after a window that met the criteria would never drain a compiler that keeps more
	 * than its share under load, as a Spring app's does on one core for minutes.
	 * @param maximum the longest the warm-up runs
	 * @param metrics where the target's compilation time can be read
	 * @param pid the target's process, when fluxbench started it
	 */
	Warmup run(URI target, Duration maximum, Optional<MetricsSource> metrics, OptionalLong pid,
			SampleSink.Progress progress) {
		AtomicReference<SteadyState> state = new AtomicReference<>(new SteadyState(this.criteria));
		AtomicReference<Optional<SteadyState.Judgement>> last = new AtomicReference<>(Optional.empty());
		AtomicReference<Duration> met = new AtomicReference<>();
		AtomicReference<Duration> firstMet = new AtomicReference<>();
		AtomicReference<Duration> firstJudged = new AtomicReference<>();
		AtomicReference<Timed> latest = new AtomicReference<>();
		AtomicReference<Quiet> cooling = new AtomicReference<>();
		Instant start = Instant.now();
		Instant deadline = start.plus(maximum);
		Duration steadyAfter = null;
		int coolDowns = 0;
		Optional<Double> backlog = Optional.empty();
		try (HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(SCRAPE_TIMEOUT)
			.build();
				ScheduledExecutorService watcher = Executors
					.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("warm-up-watch").factory())) {
			Supplier<Readings> gauges = readings(client, metrics, pid);
			watcher.scheduleAtFixedRate(() -> {
				Timed reading = new Timed(Instant.now(), gauges.get());
				latest.set(reading);
				Quiet quiet = cooling.get();
				if (quiet != null) {
					quiet.observe(reading);
					return;
				}
				state.get()
					.observe(new SteadyState.Observation(reading.at(), progress.samples(),
							reading.readings().compileSeconds(), reading.readings().cpuSeconds()));
				Optional<SteadyState.Judgement> judgement = state.get().judgement();
				last.set(judgement);
				if (judgement.isPresent()) {
					firstJudged.compareAndSet(null, Duration.between(start, reading.at()));
				}
				if (judgement.filter(SteadyState.Judgement::steady).isPresent()) {
					met.compareAndSet(null, Duration.between(start, reading.at()));
					firstMet.compareAndSet(null, Duration.between(start, reading.at()));
				}
			}, 0, MetricsRecorder.INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
			Duration left = maximum;
			while (left.isPositive()) {
				// Under the full load until a window met the criteria, or, when the
				// compiler can be read, until a second window was judged: the first may
				// hold the load's start.
				BooleanSupplier judgedEnough = () -> met.get() != null
						|| (firstJudged.get() != null && latest.get().readings().compileSeconds().isPresent()
								&& !Duration.between(start, Instant.now())
									.minus(firstJudged.get())
									.minus(this.criteria.window())
									.isNegative());
				this.load.warmUp(left, target, progress, () -> !this.criteria.fixed() && judgedEnough.getAsBoolean());
				if (this.criteria.fixed()) {
					steadyAfter = firstMet.get();
					break;
				}
				if (!judgedEnough.getAsBoolean()) {
					break;
				}
				boolean metUnderLoad = met.get() != null;
				if (latest.get().readings().compileSeconds().isEmpty()) {
					// Nothing tells what the compiler does: judged on the throughput
					// alone.
					steadyAfter = met.get();
					break;
				}
				left = Duration.between(Instant.now(), deadline);
				if (!left.isPositive()) {
					// Judged as the warm-up ran out: no time was left to cool down.
					break;
				}
				Quiet quiet = new Quiet(latest.get(), this.criteria);
				cooling.set(quiet);
				double rate = Math.max(1, COOL_DOWN * last.get().map(SteadyState.Judgement::throughput).orElse(0.0));
				this.load.coolDown(rate, left, target, progress, quiet::done);
				cooling.set(null);
				coolDowns++;
				backlog = quiet.backlog();
				if (backlog.isEmpty()) {
					break;
				}
				if (metUnderLoad
						&& backlog.get() <= this.criteria.maxCompileShare() * this.criteria.window().toNanos() / 1e9) {
					steadyAfter = Duration.between(start, Instant.now());
					break;
				}
				state.set(new SteadyState(this.criteria));
				met.set(null);
				firstJudged.set(null);
				left = Duration.between(Instant.now(), deadline);
			}
			watcher.shutdownNow();
		}
		Optional<SteadyState.Judgement> judged = last.get();
		return new Warmup(maximum, this.load.warmupUsers(), this.criteria.window(), this.criteria.maxCompileShare(),
				this.criteria.maxSpread(), this.criteria.fixed(), Duration.between(start, Instant.now()),
				Optional.ofNullable(steadyAfter), judged.flatMap((judgement) -> boxed(judgement.compileShare())),
				judged.map(SteadyState.Judgement::spread).filter(Double::isFinite), coolDowns, backlog,
				progress.samples(), progress.errors());
	}

	/**
	 * Where the readings come from: a launched app's /proc, which counts its compiler
	 * threads' CPU time exactly, or else the target's metrics. A reading that fails is a
	 * missing one: the judgement then waits for a window that has them.
	 *
	 * <p>
	 * The metrics are scraped once a second either way, as every measured load scrapes
	 * them: the app's scrape endpoint is code too, and left cold it would be compiled, at
	 * the app's expense, in the first load instead of here.
	 */
	private static Supplier<Readings> readings(HttpClient client, Optional<MetricsSource> metrics, OptionalLong pid) {
		if (pid.isPresent()) {
			CompilerCpu compiler = new CompilerCpu(pid.getAsLong());
			return () -> {
				scrape(client, metrics);
				return new Readings(compiler.seconds(), ProcessStats.cpuSeconds(pid.getAsLong()));
			};
		}
		return () -> {
			List<PrometheusText.Sample> samples = scrape(client, metrics);
			return new Readings(sum(samples, "jvm_compilation_time_ms_total", 1e-3),
					sum(samples, "process_cpu_time_ns_total", 1e-9));
		};
	}

	/** The target's metrics now; none when it has none or they did not come. */
	private static List<PrometheusText.Sample> scrape(HttpClient client, Optional<MetricsSource> metrics) {
		try {
			if (metrics.isPresent()) {
				return metrics.get().read(client, SCRAPE_TIMEOUT);
			}
		}
		catch (IOException | RuntimeException ex) {
			// Missing, as said.
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return List.of();
	}

	private static OptionalDouble sum(List<PrometheusText.Sample> samples, String name, double toSeconds) {
		List<PrometheusText.Sample> series = samples.stream().filter((sample) -> sample.name().equals(name)).toList();
		return series.isEmpty() ? OptionalDouble.empty()
				: OptionalDouble.of(series.stream().mapToDouble(PrometheusText.Sample::value).sum() * toSeconds);
	}

	private static Optional<Double> boxed(OptionalDouble value) {
		return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
	}

	/**
	 * Judges a cool-down: quiet once, over the last window, the JIT took at most the
	 * criteria's share of the app's CPU, the app counted as busy for at least one core.
	 */
	private static final class Quiet {

		private final Timed start;

		private final Steadiness criteria;

		/** The readings of the last window, oldest first. */
		private final Deque<Timed> window = new ArrayDeque<>();

		private volatile Optional<Double> backlog = Optional.empty();

		/**
		 * Creates the judge of a cool-down that starts from the given reading.
		 * @param start the last reading under the full load
		 */
		Quiet(Timed start, Steadiness criteria) {
			this.start = start;
			this.criteria = criteria;
			this.window.add(start);
		}

		synchronized void observe(Timed reading) {
			if (reading.readings().compileSeconds().isEmpty() || done()) {
				return;
			}
			this.window.addLast(reading);
			Instant from = reading.at().minus(this.criteria.window());
			while (this.window.size() > 2
					&& !this.window.stream().skip(1).findFirst().orElseThrow().at().isAfter(from)) {
				this.window.removeFirst();
			}
			Timed first = this.window.peekFirst();
			double seconds = Duration.between(first.at(), reading.at()).toNanos() / 1e9;
			if (seconds < this.criteria.window().toNanos() / 1e9) {
				return;
			}
			double compiled = compiled(first, reading);
			double cpu = (first.readings().cpuSeconds().isPresent() && reading.readings().cpuSeconds().isPresent())
					? reading.readings().cpuSeconds().getAsDouble() - first.readings().cpuSeconds().getAsDouble() : 0;
			if (Warmup.jitShare(compiled, cpu, seconds) <= this.criteria.maxCompileShare()) {
				this.backlog = Optional.of(compiled(this.start, first));
			}
		}

		/** Whether the JIT has gone quiet. */
		boolean done() {
			return this.backlog.isPresent();
		}

		/**
		 * The JIT's CPU seconds from the start of the cool-down to the window in which it
		 * went quiet; empty while it has not.
		 */
		Optional<Double> backlog() {
			return this.backlog;
		}

		private static double compiled(Timed from, Timed to) {
			return to.readings().compileSeconds().getAsDouble() - from.readings().compileSeconds().getAsDouble();
		}

	}

	private record Timed(Instant at, Readings readings) {
	}

	private record Readings(OptionalDouble compileSeconds, OptionalDouble cpuSeconds) {
	}

}

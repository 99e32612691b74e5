package dev.fluxbench.harness.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.harness.metrics.CompilerCpu;
import dev.fluxbench.harness.metrics.MetricsRecorder;
import dev.fluxbench.harness.metrics.ProcessStats;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.target.MetricsSource;

/**
 * Drives a fresh target, unrecorded, until it is steady by {@link Steadiness} or its
 * warm-up's maximum has passed, whichever comes first. Once a second it reads how many
 * samples the target answered, and how much CPU time its JIT compiler and the whole app
 * used: from /proc when fluxbench started it ({@link CompilerCpu}), else from its metrics
 * ({@code jvm_compilation_time_ms_total}, which counts a compilation's waiting too, and
 * {@code process_cpu_time_ns_total}).
 */
final class SteadyWarmup {

	/**
	 * Shorter than the interval, so a stuck app costs a missed reading, not a pile-up.
	 */
	private static final Duration SCRAPE_TIMEOUT = Duration.ofMillis(900);

	private final LoadPlan load;

	private final Steadiness criteria;

	SteadyWarmup(LoadPlan load, Steadiness criteria) {
		this.load = load;
		this.criteria = criteria;
	}

	/**
	 * Warms the target up; returns how it went.
	 * @param maximum the longest the warm-up runs
	 * @param metrics where the target's compilation time can be read
	 * @param pid the target's process, when fluxbench started it
	 */
	Warmup run(URI target, Duration maximum, Optional<MetricsSource> metrics, OptionalLong pid,
			SampleSink.Progress progress) {
		SteadyState state = new SteadyState(this.criteria);
		AtomicReference<Optional<SteadyState.Judgement>> last = new AtomicReference<>(Optional.empty());
		AtomicReference<Duration> steadyAfter = new AtomicReference<>();
		Instant start = Instant.now();
		try (HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(SCRAPE_TIMEOUT)
			.build();
				ScheduledExecutorService watcher = Executors
					.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("warm-up-watch").factory())) {
			Supplier<Readings> gauges = readings(client, metrics, pid);
			watcher.scheduleAtFixedRate(() -> {
				Instant now = Instant.now();
				Readings readings = gauges.get();
				state.observe(new SteadyState.Observation(now, progress.samples(), readings.compileSeconds(),
						readings.cpuSeconds()));
				Optional<SteadyState.Judgement> judgement = state.judgement();
				last.set(judgement);
				if (judgement.filter(SteadyState.Judgement::steady).isPresent()) {
					steadyAfter.compareAndSet(null, Duration.between(start, now));
				}
			}, 0, MetricsRecorder.INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
			this.load.warmUp(maximum, target, progress, () -> !this.criteria.fixed() && steadyAfter.get() != null);
			watcher.shutdownNow();
		}
		Optional<SteadyState.Judgement> judged = last.get();
		return new Warmup(maximum, this.criteria.window(), this.criteria.maxCompileShare(), this.criteria.maxSpread(),
				this.criteria.fixed(), Duration.between(start, Instant.now()), Optional.ofNullable(steadyAfter.get()),
				judged.flatMap((judgement) -> boxed(judgement.compileShare())),
				judged.map(SteadyState.Judgement::spread).filter(Double::isFinite), progress.samples(),
				progress.errors());
	}

	private record Readings(OptionalDouble compileSeconds, OptionalDouble cpuSeconds) {
	}

	/**
	 * Where the readings come from: a launched app's /proc, which counts its compiler
	 * threads' CPU time exactly, or else the target's metrics. A reading that fails is a
	 * missing one: the judgement then waits for a window that has them.
	 */
	private static Supplier<Readings> readings(HttpClient client, Optional<MetricsSource> metrics, OptionalLong pid) {
		if (pid.isPresent()) {
			CompilerCpu compiler = new CompilerCpu(pid.getAsLong());
			return () -> new Readings(compiler.seconds(),
					ProcessStats.of(pid.getAsLong())
						.map((stats) -> OptionalDouble.of(stats.cpuTime().toNanos() / 1e9))
						.orElse(OptionalDouble.empty()));
		}
		return () -> {
			List<PrometheusText.Sample> samples = List.of();
			try {
				if (metrics.isPresent()) {
					samples = metrics.get().read(client, SCRAPE_TIMEOUT);
				}
			}
			catch (IOException | RuntimeException ex) {
				// Missing, as said.
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return new Readings(sum(samples, "jvm_compilation_time_ms_total", 1e-3),
					sum(samples, "process_cpu_time_ns_total", 1e-9));
		};
	}

	private static OptionalDouble sum(List<PrometheusText.Sample> samples, String name, double toSeconds) {
		List<PrometheusText.Sample> series = samples.stream().filter((sample) -> sample.name().equals(name)).toList();
		return series.isEmpty() ? OptionalDouble.empty()
				: OptionalDouble.of(series.stream().mapToDouble(PrometheusText.Sample::value).sum() * toSeconds);
	}

	private static Optional<Double> boxed(OptionalDouble value) {
		return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
	}

}

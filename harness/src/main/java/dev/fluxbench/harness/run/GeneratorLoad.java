package dev.fluxbench.harness.run;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import dev.fluxbench.harness.metrics.MetricsRecorder;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.results.Warmup;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Termination;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.MetricsSource;

/**
 * The harness' load generator as {@code fluxbench run} drives a closed load, for
 * {@code fluxbench calibrate}: the same JMeter plan, the same samples.csv and the same
 * metrics scrape and /proc sampling. They all run in the generator's process, so leaving
 * any out would flatter the generator against the reference.
 */
public final class GeneratorLoad {

	private final LoadPlan plan;

	/**
	 * Creates a load whose users each repeat the scenario's journey.
	 * @param scenario a closed scenario whose journey is what each user repeats
	 */
	public GeneratorLoad(Scenario scenario) {
		this.plan = new LoadPlan(scenario, Map.of());
	}

	/**
	 * Runs {@code users} users, each on its own kept-alive connection and without think
	 * time, for {@code hold}, writing samples.csv and metrics.csv as a run's load does.
	 * @param appPid the target's process, whose CPU and memory metrics.csv records
	 * @param servicePids other processes metrics.csv records, by name
	 */
	public void run(int users, Duration hold, URI target, Path samplesCsv, Path metricsCsv,
			Optional<MetricsSource> metrics, OptionalLong appPid, Map<String, Long> servicePids) {
		Workload.Level level = new Workload.Level(users, Duration.ZERO, new Termination.Hold(hold));
		try (SamplesCsv samples = SamplesCsv.create(samplesCsv);
				MetricsRecorder recorder = MetricsRecorder.start(metricsCsv, metrics, appPid, servicePids)) {
			this.plan.run(level, target, samples::write, new SampleSink.Progress());
		}
	}

	/**
	 * Warms the target up as {@code fluxbench run} warms a stack before its first load
	 * ({@link Steadiness#DEFAULT}, cool-downs included), with {@code users} users and
	 * nothing recorded, until it is steady or {@code maximum} has passed.
	 * @param metrics where the target's compilation time can be read
	 * @param appPid the target's process, when fluxbench started it
	 * @return how the warm-up went
	 */
	public Warmup warmUpTarget(int users, Duration maximum, URI target, Optional<MetricsSource> metrics,
			OptionalLong appPid) {
		return new SteadyWarmup(this.plan.withWarmupUsers(users), Steadiness.DEFAULT).run(target, maximum, metrics,
				appPid, new SampleSink.Progress());
	}

}

package dev.fluxbench.harness.run;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import dev.fluxbench.harness.engines.Engines;
import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.prometheus.PrometheusSettings;
import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.Target;

/**
 * Everything a run was asked to do, validated: the CLI builds it, nothing has started
 * yet.
 *
 * @param scenario the scenario, already scaled and with the trial count and warm-up to
 * use
 * @param targets what is measured, in the first trial's order
 * @param database where the launched stacks keep their data
 * @param cpuLayout which cores the launched stacks and the rest use
 * @param out the results directory
 * @param downstreamPort the downstream's port, or 0 for a free one
 * @param projectRoot where the jars are built
 * @param commandLine the arguments as given, for run.json
 * @param environment where {@code ${env.NAME}} references are resolved; never written
 * anywhere
 * @param downstream the downstream that given targets call, where their scenario's fault
 * schedule is set; empty with launched stacks, whose downstream fluxbench starts
 * @param maxInFlight the launched stacks' {@code fluxbench.server.max-in-flight}; 0 for
 * none
 * @param heap the launched stacks' fixed heap, as {@code -Xmx} takes it
 * @param steadiness when a warming target counts as steady, which ends its warm-up
 * @param calibration how the generator compared with wrk on this machine, copied into
 * run.json; empty when not given
 * @param prometheus the Prometheus to start and scrape the run with
 * ({@code --prometheus}); empty for none
 * @param engines the JMeter remote engines that run the measured loads
 * ({@code --engines}); empty for the harness itself
 * @param nodes how many nodes of each launched stack run behind nginx ({@code --nodes});
 * 1 for a stack alone, without a balancer
 * @param mixed whether every target takes each load at the same time, each with an even
 * share of it ({@code --mixed}), instead of one after the other
 * @param aotCache whether the launched stacks start from AOT caches of their jars
 * ({@code --aot-cache})
 */
public record RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
		int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
		Optional<URI> downstream, int maxInFlight, String heap, Steadiness steadiness,
		Optional<CalibrationJson> calibration, Optional<PrometheusSettings> prometheus, Optional<Engines> engines,
		int nodes, boolean mixed, boolean aotCache) {

	public RunPlan {
		if (nodes < 1) {
			throw new IllegalArgumentException("a stack runs on at least one node, not " + nodes);
		}
		if (mixed) {
			for (Workload.Level level : scenario.levels()) {
				if (level.load() % targets.size() != 0) {
					throw new IllegalArgumentException("--mixed splits every load evenly over the " + targets.size()
							+ " targets, and a load of " + level.load() + " does not split so");
				}
			}
		}
		targets = List.copyOf(targets);
		commandLine = List.copyOf(commandLine);
		environment = Map.copyOf(environment);
	}

	/** A plan whose launched stacks start from their packaged jars. */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
			Optional<URI> downstream, int maxInFlight, String heap, Steadiness steadiness,
			Optional<CalibrationJson> calibration, Optional<PrometheusSettings> prometheus, Optional<Engines> engines,
			int nodes, boolean mixed) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				downstream, maxInFlight, heap, steadiness, calibration, prometheus, engines, nodes, mixed, false);
	}

	/** A plan whose targets take their loads one after the other. */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
			Optional<URI> downstream, int maxInFlight, String heap, Steadiness steadiness,
			Optional<CalibrationJson> calibration, Optional<PrometheusSettings> prometheus, Optional<Engines> engines,
			int nodes) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				downstream, maxInFlight, heap, steadiness, calibration, prometheus, engines, nodes, false);
	}

	/** A plan whose stacks run alone, without a balancer. */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
			Optional<URI> downstream, int maxInFlight, String heap, Steadiness steadiness,
			Optional<CalibrationJson> calibration, Optional<PrometheusSettings> prometheus, Optional<Engines> engines) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				downstream, maxInFlight, heap, steadiness, calibration, prometheus, engines, 1);
	}

	/** A plan whose loads the harness runs itself. */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
			Optional<URI> downstream, int maxInFlight, String heap, Steadiness steadiness,
			Optional<CalibrationJson> calibration, Optional<PrometheusSettings> prometheus) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				downstream, maxInFlight, heap, steadiness, calibration, prometheus, Optional.empty());
	}

	/** A plan without a Prometheus of its own. */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
			Optional<URI> downstream, int maxInFlight, String heap, Steadiness steadiness,
			Optional<CalibrationJson> calibration) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				downstream, maxInFlight, heap, steadiness, calibration, Optional.empty());
	}

	/** A plan without a calibration of the generator. */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
			Optional<URI> downstream, int maxInFlight, String heap, Steadiness steadiness) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				downstream, maxInFlight, heap, steadiness, Optional.empty());
	}

	/**
	 * A plan whose launched stacks have no limit on requests in flight and the default
	 * heap, as the seeds ran them.
	 */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment,
			Optional<URI> downstream) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				downstream, 0, Launcher.DEFAULT_HEAP, Steadiness.DEFAULT);
	}

	/** A plan without a downstream of the user's. */
	public RunPlan(Scenario scenario, List<Target> targets, Database database, CpuLayout cpuLayout, Path out,
			int downstreamPort, Path projectRoot, List<String> commandLine, Map<String, String> environment) {
		this(scenario, targets, database, cpuLayout, out, downstreamPort, projectRoot, commandLine, environment,
				Optional.empty());
	}

	/**
	 * A load level as each target of a mixed run takes it: its even share of the users or
	 * of the rate, with the level's ramp-up and end; the level itself otherwise.
	 */
	public Workload.Level share(Workload.Level level) {
		return this.mixed ? new Workload.Level(level.load() / this.targets.size(), level.rampUp(), level.termination())
				: level;
	}

	/**
	 * Trial {@code trial} (1-based) starts with a different target each time: A B C, B C
	 * A, C A B.
	 */
	public List<Target> order(int trial) {
		int shift = (trial - 1) % this.targets.size();
		return Stream
			.concat(this.targets.subList(shift, this.targets.size()).stream(), this.targets.subList(0, shift).stream())
			.toList();
	}

	/** Starts the launched stacks with this plan's settings. */
	public Launcher launcher() {
		return new Launcher(this.projectRoot, this.cpuLayout, this.database, this.maxInFlight, this.heap,
				this.aotCache);
	}

	/**
	 * Whether fluxbench starts anything itself: the downstream and friends serve launched
	 * stacks only.
	 */
	public boolean launchesStacks() {
		return this.targets.stream().anyMatch((target) -> target instanceof Target.Launched);
	}

	@Override
	public String toString() {
		// The environment may hold credentials.
		return "RunPlan[" + this.scenario.name() + " x " + this.targets.stream().map(Target::id).toList() + "]";
	}

}

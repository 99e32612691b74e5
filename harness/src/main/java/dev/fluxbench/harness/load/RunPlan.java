package dev.fluxbench.harness.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;

/**
 * Everything a run was asked to do, validated: the CLI builds it, nothing has started yet.
 *
 * @param scenario the scenario, already scaled and with the trial count to use
 * @param stacks the stacks, in the first trial's order
 * @param database where the stacks keep their data
 * @param cpuLayout which cores the app and the rest use
 * @param out the results directory
 * @param warmup how long each stack is warmed up after it starts
 * @param downstreamPort the downstream's port, or 0 for a free one
 * @param projectRoot where the jars are built
 * @param commandLine the arguments as given, for run.json
 */
public record RunPlan(Scenario scenario, List<Stack> stacks, Database database, CpuLayout cpuLayout, Path out,
		Duration warmup, int downstreamPort, Path projectRoot, List<String> commandLine) {

	public RunPlan {
		stacks = List.copyOf(stacks);
		commandLine = List.copyOf(commandLine);
	}

	/** Trial {@code trial} (1-based) starts with a different stack each time: A B C, B C A, C A B. */
	public List<Stack> order(int trial) {
		int shift = (trial - 1) % this.stacks.size();
		return java.util.stream.Stream
			.concat(this.stacks.subList(shift, this.stacks.size()).stream(), this.stacks.subList(0, shift).stream())
			.toList();
	}

}

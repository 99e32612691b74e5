package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Durations;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.scenario.Step;
import dev.fluxbench.harness.scenario.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "list", mixinStandardHelpOptions = true,
		header = "List the built-in scenarios, with their files, and the stacks fluxbench can launch.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = { "  Each built-in scenario is a file in the repository's scenarios/ directory, in the format"
				+ " of docs/scenario-format.md: copy one, edit it, and run it with --scenario-file. Seeds are named by"
				+ " the file name of the seed document they reproduce." },
		optionListHeading = "%nOPTIONS%n")
final class ListCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		PrintWriter out = this.spec.commandLine().getOut();
		out.println("SCENARIOS");
		for (Scenario scenario : Catalogue.scenarios()) {
			out.printf("  %-24s %s%s%n", scenario.name(), scenario.description(),
					scenario.name().equals(Catalogue.DEFAULT_SCENARIO) ? " (default)" : "");
			Workload.Level first = scenario.levels().getFirst();
			out.printf("  %-24s %s %s, ramp-up %s, %s, %s; %d trial(s)%n", "", scenario.workload().unit(),
					scenario.loads(), Durations.format(first.rampUp()), first.termination(),
					scenario.requests().stream().map(Step.Request::label).collect(Collectors.joining(" + ")),
					scenario.trials());
			out.printf("  %-24s file: %s; stacks: %s; seeds: %s%n", "", scenario.source(),
					scenario.stacks().stream().map(Stack::id).collect(Collectors.joining(",")),
					scenario.seeds().isEmpty() ? "none" : String.join(", ", scenario.seeds()));
		}
		out.println();
		out.println("STACKS");
		for (Stack stack : Stack.values()) {
			out.printf("  %-24s %s%n", stack.id(), stack.description());
			out.printf("  %-24s jar: %s; unit cache: %s; seed: %s%n", "", stack.jar(), stack.cache().mode(),
					stack.seed());
		}
		out.flush();
		return ExitCode.OK;
	}

}

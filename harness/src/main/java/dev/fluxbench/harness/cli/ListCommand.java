package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Seed;
import dev.fluxbench.harness.scenario.Stack;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "list", mixinStandardHelpOptions = true,
		header = "List the scenarios and stacks fluxbench knows, each with the seed document it comes from.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = { "  Seeds are files in " + "/work/shared/seeds" + "; the report cites them." },
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
			out.printf("  %-24s %s %s, ramp-up %d s, %s, %s; %d trial(s)%n", "",
					scenario.isOpenModel() ? "target rps" : "users", scenario.loads(), scenario.rampUp().toSeconds(),
					scenario.termination(),
					scenario.requests().stream().map((request) -> request.label()).collect(Collectors.joining(" + ")),
					scenario.trials());
			out.printf("  %-24s stacks: %s; seed: %s%n", "",
					scenario.stacks().stream().map(Stack::id).collect(Collectors.joining(",")),
					scenario.seeds().stream().map(Seed::toString).collect(Collectors.joining(", ")));
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

package dev.fluxbench.harness.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "fluxbench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		header = "Measure one Spring service as MVC, MVC on virtual threads and WebFlux, under the same load.",
		synopsisHeading = "%nSYNOPSIS%n  ", customSynopsis = "fluxbench [-hV] COMMAND [OPTIONS]",
		descriptionHeading = "%nDESCRIPTION%n",
		description = {
				"  fluxbench answers \"should this Spring MVC service move to WebFlux or to MVC on virtual threads?\""
						+ " with evidence. It starts the same reference application on each stack as a child JVM,"
						+ " pinned apart from the load generator, drives the seed documents' load scenarios at it"
						+ " with JMeter, and writes every sample and a metrics scrape per second to a results"
						+ " directory as it goes." },
		commandListHeading = "%nCOMMANDS%n", optionListHeading = "%nOPTIONS%n", footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  done, and every assertion held", "  1  an assertion of the scenario failed",
				"  2  bad usage or configuration; nothing was started",
				"  3  environment problem: port busy, database unreachable, jar missing", "", "EXAMPLES",
				"  ./fluxbench run", "      the quick profile on H2, every stack, in about 4 minutes",
				"  ./fluxbench run --scenario thesis-normal --db postgres --trials 3",
				"  ./fluxbench knee --stacks mvc,webflux",
				"      the rate at which each stack stops meeting p99 500 ms", "  ./fluxbench calibrate",
				"      the generator's CPU per 1000 requests against wrk's, at 10 and 50 connections",
				"  ./fluxbench list", "", "SEE ALSO", "  docs/results-layout.md for the files a run writes" },
		subcommands = { RunCommand.class, KneeCommand.class, CalibrateCommand.class, ListCommand.class,
				ReportCommand.class, DeriveCommand.class, AssessCommand.class, AgentCommand.class, HelpCommand.class })
final class FluxbenchCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Override
	public Integer call() {
		throw new UsageException(
				"a command is needed: run, knee, calibrate, list, report or derive (see: fluxbench --help)");
	}

}

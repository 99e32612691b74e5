package dev.fluxbench.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.fluxbench.harness.results.ResultsDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report", mixinStandardHelpOptions = true,
		header = "Build the report of a results directory (not implemented yet).",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = { "  Reads only the files of a results directory (see docs/results-layout.md), so it can"
				+ " report on a run that died half-way. Not implemented yet: see the report issue." },
		parameterListHeading = "%nARGUMENTS%n", optionListHeading = "%nOPTIONS%n")
final class ReportCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "DIR", description = "a results directory written by fluxbench run")
	private Path directory;

	@Override
	public Integer call() {
		if (!Files.isDirectory(this.directory)) {
			throw new UsageException("'" + this.directory + "' is not a directory");
		}
		if (!ResultsDirectory.isResultsDirectory(this.directory)) {
			throw new UsageException("'" + this.directory + "' is not a results directory: it has no "
					+ ResultsDirectory.RUN_JSON);
		}
		throw new UsageException("report is not implemented yet (see the report issue); '" + this.directory
				+ "' is a valid results directory");
	}

}

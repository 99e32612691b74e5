package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.fluxbench.harness.report.Report;
import dev.fluxbench.harness.report.RunResults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report", mixinStandardHelpOptions = true,
		header = "Write the report of a results directory: HTML, Markdown and summary.json.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = { "  Reads only the files of a results directory (see docs/results-layout.md) and writes into"
				+ " it report.html (self-contained, works offline), report.md (to paste into a pull request) and"
				+ " summary.json (for tools). A run that was interrupted or killed is reported too, its unfinished"
				+ " loads marked and kept out of the verdicts. 'fluxbench run' does this by itself at its end.", "",
				"  Verdicts compare the medians over trials, with bootstrap 95% confidence intervals: 'no"
						+ " significant difference' when the intervals overlap, 'indicative only' with one trial." },
		parameterListHeading = "%nARGUMENTS%n", optionListHeading = "%nOPTIONS%n", footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  the report was written",
				"  2  DIR is not a results directory, or its files are not fluxbench's", "", "EXAMPLES",
				"  ./fluxbench report results/20261122-075051-quick" })
final class ReportCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "DIR", description = "a results directory written by fluxbench run")
	private Path directory;

	@Override
	public Integer call() {
		Report.Written written;
		try {
			written = Report.write(this.directory);
		}
		catch (RunResults.NotResultsException | IllegalArgumentException ex) {
			throw new UsageException(ex.getMessage());
		}
		PrintWriter out = this.spec.commandLine().getOut();
		out.println("report: " + written.html());
		out.println("markdown: " + written.markdown());
		out.println("summary: " + written.summaryJson());
		return ExitCode.OK;
	}

	/**
	 * The end of a run: a report that cannot be written must not cost the run its exit
	 * code, since every result file is already safe and 'fluxbench report' can try again.
	 */
	static void writeReport(Path directory, PrintWriter out, PrintWriter err) {
		try {
			out.println("report: " + Report.write(directory).html());
		}
		catch (RunResults.NotResultsException | IllegalArgumentException | IllegalStateException
				| UncheckedIOException ex) {
			err.println("fluxbench: the report could not be written (" + ex.getMessage()
					+ "); the results are intact: try 'fluxbench report " + directory + "'");
		}
	}

}

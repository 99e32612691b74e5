package dev.fluxbench.harness.cli;

import java.io.PrintWriter;

import dev.fluxbench.harness.launch.EnvironmentException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code java -jar fluxbench-harness.jar ARGS}: the fluxbench command line. */
public final class Main {

	private Main() {
	}

	public static void main(String[] args) {
		int code = execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
		System.exit(code);
	}

	/**
	 * Runs a command line and returns its exit code; never throws, never prints a stack
	 * trace.
	 */
	public static int execute(PrintWriter out, PrintWriter err, String... args) {
		return execute(CommandLine.defaultFactory(), out, err, args);
	}

	/**
	 * The same, with the commands made by {@code factory}: a test gives one whose
	 * commands see another machine, as one without wrk.
	 */
	static int execute(CommandLine.IFactory factory, PrintWriter out, PrintWriter err, String... args) {
		CommandLine commandLine = new CommandLine(new FluxbenchCommand(), factory);
		commandLine.setOut(out);
		commandLine.setErr(err);
		commandLine.setCaseInsensitiveEnumValuesAllowed(true);
		commandLine.setParameterExceptionHandler(Main::badUsage);
		commandLine.setExecutionExceptionHandler((ex, cmd, parsed) -> failed(ex, cmd.getErr()));
		return commandLine.execute(args);
	}

	/**
	 * One line, the reason, then where to read more: a usage dump would bury the reason.
	 */
	private static int badUsage(ParameterException ex, String[] args) {
		CommandLine command = ex.getCommandLine();
		PrintWriter err = command.getErr();
		err.println("fluxbench: " + oneLine(ex.getMessage()) + " (see: fluxbench "
				+ (command.getCommandName().equals("fluxbench") ? "" : command.getCommandName() + " ") + "--help)");
		err.flush();
		return ExitCode.USAGE;
	}

	static int failed(Exception ex, PrintWriter err) {
		int code;
		String reason;
		if (ex instanceof UsageException) {
			code = ExitCode.USAGE;
			reason = ex.getMessage();
		}
		else if (ex instanceof EnvironmentException) {
			code = ExitCode.ENVIRONMENT;
			reason = ex.getMessage();
		}
		else {
			// A bug or an unforeseen failure: still one line; the environment is the
			// likeliest culprit.
			code = ExitCode.ENVIRONMENT;
			reason = "unexpected " + ex.getClass().getSimpleName() + ": " + ex.getMessage();
		}
		err.println("fluxbench: " + oneLine(reason));
		err.flush();
		return code;
	}

	private static String oneLine(String message) {
		return (message != null) ? message.lines().findFirst().orElse("").strip() : "no reason given";
	}

}

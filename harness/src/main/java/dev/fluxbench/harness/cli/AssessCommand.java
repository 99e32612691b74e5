package dev.fluxbench.harness.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.Callable;

import dev.fluxbench.assess.AssessOptions;
import dev.fluxbench.assess.Assessment;
import dev.fluxbench.assess.AssessmentReport;
import dev.fluxbench.assess.NotAMavenProjectException;
import dev.fluxbench.assess.Target;
import dev.fluxbench.assess.TargetSummary;
import dev.fluxbench.assess.project.ProjectReader;
import dev.fluxbench.assess.report.HtmlReport;
import dev.fluxbench.assess.report.JsonReport;
import dev.fluxbench.assess.report.MarkdownReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "assess", mixinStandardHelpOptions = true, sortOptions = false,
		header = "Tell what stands between a Maven project and WebFlux or virtual threads, and what to do first.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = {
				"  Reads the Maven project at PATH, multi-module included, without running its build: every"
						+ " module's effective POM and its dependency tree, resolved with the Maven resolver from the"
						+ " local repository and Maven Central (only from the local repository with --offline); its"
						+ " Java sources with JavaParser and its Kotlin sources with the Kotlin compiler's parser; and"
						+ " its application*.properties and application*.yaml. Nothing is compiled or run.",
				"",
				"  Each rule of the catalogue (docs/assess.md) gives findings with a severity (blocker, effort or"
						+ " note), the file and line or the dependency and its path in the tree, why it matters, what"
						+ " to do and an effort class. The WebFlux rules look for what blocks a thread: JDBC and JPA,"
						+ " blocking HTTP and SOAP clients, LDAP, caches, Flyway, the Servlet API and its security,"
						+ " per-thread context. The virtual-thread rules look for what pins or caps them: synchronized"
						+ " around blocking calls (below JDK 24 only), native frames, class initialisation, ThreadLocal"
						+ " caches, fixed pools, pool sizes, Tomcat's thread settings, and library versions with known"
						+ " pinning problems. Both get the Spring Boot and JDK versions.",
				"",
				"  The report opens with a summary per target (blockers, effort, the three things to do first) and"
						+ " a one-line recommendation, then says what is already reactive, and lists the findings by"
						+ " module and by rule, with links to each file and line. A dependency that cannot be resolved"
						+ " is a note in the report, never a failure." },
		parameterListHeading = "%nARGUMENTS%n", optionListHeading = "%nOPTIONS%n", footerHeading = "%nEXIT STATUS%n",
		footer = { "  0  assessed; findings or not", "  1  --fail-on blocker, and there are blockers",
				"  2  PATH is not a Maven project, or bad usage", "", "EXAMPLES", "  ./fluxbench assess apps/mvc",
				"      both targets, Markdown on the standard output",
				"  ./fluxbench assess ~/src/shop --target virtual-threads --jdk 25 --format html --out shop.html",
				"  ./fluxbench assess . --format json --out assess.json --fail-on blocker --offline",
				"      for CI: exit 1 while a blocker remains", "", "SEE ALSO",
				"  docs/assess.md: the rule catalogue, the known-pinning data and its sources" })
final class AssessCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "PATH", description = "the directory of a Maven project (its pom.xml)")
	private Path path;

	@Option(names = "--target", paramLabel = "webflux|virtual-threads|both", defaultValue = "both",
			description = "what to assess for (default: ${DEFAULT-VALUE})")
	private String target;

	@Option(names = "--jdk", paramLabel = "21|25", defaultValue = "21",
			description = "the JDK the service is to run on; below 24, synchronized pins virtual threads and is"
					+ " checked (default: ${DEFAULT-VALUE})")
	private int jdk;

	@Option(names = "--format", paramLabel = "md|html|json", defaultValue = "md",
			description = "Markdown, a self-contained HTML page, or JSON for tools (default: ${DEFAULT-VALUE})")
	private String format;

	@Option(names = "--out", paramLabel = "FILE",
			description = "write the report here rather than on the standard output")
	private Path out;

	@Option(names = "--fail-on", paramLabel = "blocker", description = "exit 1 when there is a finding of this"
			+ " severity for an assessed target; only 'blocker' is accepted")
	private String failOn;

	@Option(names = "--offline", description = "resolve from the local Maven repository only")
	private boolean offline;

	@Override
	public Integer call() {
		Set<Target> targets = targets();
		if (this.jdk < 21) {
			throw new UsageException("--jdk must be 21 or later, not " + this.jdk + ": virtual threads need 21");
		}
		if (!Set.of("md", "html", "json").contains(this.format)) {
			throw new UsageException("--format must be md, html or json, not '" + this.format + "'");
		}
		if (this.failOn != null && !this.failOn.equals("blocker")) {
			throw new UsageException("--fail-on takes 'blocker', not '" + this.failOn + "'");
		}
		if (!Files.isDirectory(this.path)) {
			throw new UsageException(this.path + " is not a directory");
		}
		AssessmentReport report;
		try {
			report = new Assessment(
					new AssessOptions(targets, this.jdk, this.offline, ProjectReader.defaultLocalRepository()))
				.assess(this.path);
		}
		catch (NotAMavenProjectException ex) {
			throw new UsageException(ex.getMessage());
		}
		String linkBase = linkBase();
		String text = switch (this.format) {
			case "html" -> HtmlReport.render(report, linkBase);
			case "json" -> JsonReport.render(report);
			default -> MarkdownReport.render(report, linkBase);
		};
		PrintWriter stdout = this.spec.commandLine().getOut();
		if (this.out != null) {
			write(text);
			stdout.println("assess: " + this.out);
			for (TargetSummary summary : report.summaries()) {
				stdout.println("  " + summary.target().label() + ": " + summary.blockers() + " blocker(s), "
						+ summary.efforts() + " effort, " + summary.notes() + " note(s)");
			}
			stdout.println("  " + report.recommendation());
		}
		else {
			stdout.print(text);
		}
		stdout.flush();
		boolean blocked = report.summaries().stream().anyMatch((summary) -> summary.blockers() > 0);
		return ("blocker".equals(this.failOn) && blocked) ? ExitCode.ASSERTION_FAILED : ExitCode.OK;
	}

	private Set<Target> targets() {
		return switch (this.target) {
			case "both" -> EnumSet.allOf(Target.class);
			case "webflux" -> EnumSet.of(Target.WEBFLUX);
			case "virtual-threads" -> EnumSet.of(Target.VIRTUAL_THREADS);
			default -> throw new UsageException(
					"--target must be webflux, virtual-threads or both, not '" + this.target + "'");
		};
	}

	/**
	 * The assessed directory as the report's links need it: from the report's own
	 * directory.
	 */
	private String linkBase() {
		if (this.out == null) {
			return this.path.toString();
		}
		Path from = this.out.toAbsolutePath().normalize().getParent();
		return from.relativize(this.path.toAbsolutePath().normalize()).toString().replace('\\', '/');
	}

	private void write(String text) {
		try {
			Path parent = this.out.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			Files.writeString(this.out, text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the report could not be written to " + this.out + ": " + ex.getMessage(),
					ex);
		}
	}

}

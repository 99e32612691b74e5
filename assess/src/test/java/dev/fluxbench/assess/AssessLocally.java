package dev.fluxbench.assess;

import java.nio.file.Path;
import java.util.EnumSet;

import dev.fluxbench.assess.project.ProjectReader;
import dev.fluxbench.assess.report.JsonReport;

/**
 * Assesses a project from the IDE or the command line, without building the harness:
 * {@code AssessLocally PATH [md|json|html]}. Prints the time it took on stderr.
 */
public final class AssessLocally {

	private AssessLocally() {
	}

	public static void main(String[] args) {
		long start = System.nanoTime();
		AssessmentReport report = new Assessment(new AssessOptions(EnumSet.allOf(Target.class),
				Integer.getInteger("jdk", 21), Boolean.getBoolean("offline"), ProjectReader.defaultLocalRepository()))
			.assess(Path.of(args[0]));
		String format = (args.length > 1) ? args[1] : "json";
		System.out.print(switch (format) {
			case "json" -> JsonReport.render(report);
			default -> throw new IllegalArgumentException(format);
		});
		System.err.printf("assessed %s in %.1f s%n", args[0], (System.nanoTime() - start) / 1e9);
	}

}

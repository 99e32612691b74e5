package dev.fluxbench.assess;

import java.util.List;

/**
 * Everything an assessment found, as the Markdown, HTML and JSON reports show it.
 *
 * @param formatVersion the JSON format's version
 * @param project the assessed directory, as given
 * @param targets the targets assessed for
 * @param jdk the JDK assessed for
 * @param modules the modules, with their resolved trees
 * @param summaries one per target
 * @param recommendation one line in the thesis' spirit
 * @param findings every finding, by module, severity and rule
 * @param recognitions what is already in the shape a target wants
 * @param notes what could not be read or resolved
 */
public record AssessmentReport(int formatVersion, String project, List<Target> targets, int jdk,
		List<ModuleReport> modules, List<TargetSummary> summaries, String recommendation, List<Finding> findings,
		List<Recognition> recognitions, List<String> notes) {

	public static final int FORMAT_VERSION = 1;

	public long blockers(Target target) {
		return this.findings.stream()
			.filter((finding) -> finding.concerns(target) && finding.severity() == Severity.BLOCKER)
			.count();
	}

}

package dev.fluxbench.assess.report;

import java.util.List;
import java.util.Map;

import dev.fluxbench.assess.AssessmentReport;
import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.ModuleReport;
import dev.fluxbench.assess.Target;
import dev.fluxbench.assess.TargetSummary;
import dev.fluxbench.assess.rule.RuleInfo;

/** The report to paste into a pull request or an issue. */
public final class MarkdownReport {

	private MarkdownReport() {
	}

	/**
	 * Renders the report as Markdown.
	 * @param linkBase the assessed directory as seen from where the report is written,
	 * for the file:line links
	 */
	public static String render(AssessmentReport report, String linkBase) {
		StringBuilder out = new StringBuilder();
		out.append("# fluxbench assess: ").append(report.project()).append("\n\n");
		out.append(Sections.intro(report)).append("\n\n");
		out.append("**Recommendation:** ").append(report.recommendation()).append("\n\n");
		out.append("## Summary\n\n");
		out.append("| target | blockers | effort | notes | what it takes |\n|---|---:|---:|---:|---|\n");
		for (TargetSummary summary : report.summaries()) {
			out.append("| ")
				.append(summary.target().label())
				.append(" | ")
				.append(summary.blockers())
				.append(" | ")
				.append(summary.efforts())
				.append(" | ")
				.append(summary.notes())
				.append(" | ")
				.append(takes(summary.effortClasses()))
				.append(" |\n");
		}
		for (TargetSummary summary : report.summaries()) {
			out.append("\n### ").append(capital(summary.target().label())).append(": what to do first\n\n");
			if (summary.firstSteps().isEmpty()) {
				out.append("Nothing: no blocker and no effort.\n");
			}
			for (int i = 0; i < summary.firstSteps().size(); i++) {
				out.append(i + 1).append(". ").append(summary.firstSteps().get(i)).append('\n');
			}
		}
		out.append("\n## Platform\n\n");
		Sections.platform(report).forEach((line) -> out.append("- ").append(line).append('\n'));
		for (Target target : report.targets()) {
			List<Sections.RecognitionGroup> groups = Sections.recognitions(report, target);
			if (groups.isEmpty()) {
				continue;
			}
			out.append("\n## ")
				.append((target == Target.WEBFLUX) ? "Already reactive" : "Already on virtual threads")
				.append("\n\n");
			for (Sections.RecognitionGroup group : groups) {
				out.append("- ")
					.append(group.what())
					.append(": ")
					.append(link(linkBase, group.first().describe(), Sections.href(linkBase, group.first())));
				if (group.places() > 1) {
					out.append(" and ").append(group.places() - 1).append(" more");
				}
				out.append('\n');
			}
		}
		out.append("\n## Findings by module\n");
		for (Map.Entry<String, List<Finding>> module : Sections.byModule(report).entrySet()) {
			out.append("\n### ").append(module.getKey()).append("\n\n");
			out.append("| severity | rule | where | evidence | what to do | effort |\n|---|---|---|---|---|---|\n");
			for (Finding finding : module.getValue()) {
				out.append("| ")
					.append(finding.severity().id())
					.append(" | ")
					.append(finding.rule())
					.append(" | ")
					.append(where(linkBase, finding))
					.append(" | ")
					.append(cell(finding.evidence()))
					.append(" | ")
					.append(cell(finding.action()))
					.append(" | ")
					.append(finding.effort().label())
					.append(" |\n");
			}
		}
		out.append("\n## Findings by rule\n");
		for (Map.Entry<RuleInfo, List<Finding>> rule : Sections.byRule(report).entrySet()) {
			RuleInfo info = rule.getKey();
			out.append("\n### ")
				.append(info.id())
				.append(": ")
				.append(info.title())
				.append(" (")
				.append(rule.getValue().size())
				.append(")\n\n");
			out.append(rule.getValue().get(0).why()).append("\n\n");
			for (Finding finding : rule.getValue()) {
				out.append("- ")
					.append(finding.severity().id())
					.append(", ")
					.append(finding.module())
					.append(": ")
					.append(where(linkBase, finding))
					.append(": ")
					.append(finding.evidence());
				if (finding.replacement() != null) {
					out.append(". Instead: ")
						.append(finding.replacement())
						.append(Boolean.TRUE.equals(finding.replacementExists()) ? ""
								: " (no such replacement exists)");
				}
				out.append('\n');
			}
		}
		out.append("\n## Modules and resolved versions\n\n");
		out.append("| module | directory | Spring Boot | Java | source files | lines | dependencies |\n");
		out.append("|---|---|---|---:|---:|---:|---:|\n");
		for (ModuleReport module : report.modules()) {
			out.append("| ")
				.append(module.artifactId())
				.append(" | ")
				.append(module.directory())
				.append(" | ")
				.append((module.springBoot() != null) ? module.springBoot() : "-")
				.append(" | ")
				.append((module.javaRelease() != null) ? module.javaRelease() : "-")
				.append(" | ")
				.append(module.sourceFiles())
				.append(" | ")
				.append(module.sourceLines())
				.append(" | ")
				.append(module.dependencies().size())
				.append(" |\n");
		}
		out.append("\nEvery resolved version, with its path in the tree, is in the JSON report (--format json).\n");
		if (!report.notes().isEmpty()) {
			out.append("\n## Notes\n\n");
			report.notes().forEach((note) -> out.append("- ").append(note).append('\n'));
		}
		return out.toString();
	}

	static String takes(Map<Effort, Integer> classes) {
		if (classes.isEmpty()) {
			return "nothing";
		}
		StringBuilder text = new StringBuilder();
		classes.forEach((effort, count) -> text.append((text.length() > 0) ? ", " : "")
			.append(count)
			.append(" × ")
			.append(effort.label().replaceFirst("^an? ", "")));
		return text.toString();
	}

	private static String where(String linkBase, Finding finding) {
		if (finding.location().pointsToFile()) {
			return link(linkBase, finding.location().describe(), Sections.href(linkBase, finding.location()));
		}
		return "`" + finding.location().dependency() + "` via " + cell(finding.location().describePath());
	}

	private static String link(String linkBase, String text, String href) {
		return (href != null) ? "[" + text + "](" + href.replace(" ", "%20") + ")" : "`" + text + "`";
	}

	private static String cell(String text) {
		return text.replace("|", "\\|").replace("\n", " ");
	}

	private static String capital(String text) {
		return Character.toUpperCase(text.charAt(0)) + text.substring(1);
	}

}

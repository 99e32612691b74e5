package dev.fluxbench.assess.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import dev.fluxbench.assess.AssessmentReport;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.ModuleReport;
import dev.fluxbench.assess.Severity;
import dev.fluxbench.assess.Target;
import dev.fluxbench.assess.TargetSummary;
import dev.fluxbench.assess.rule.RuleInfo;

/** One self-contained page, styled like the run report; it works offline. */
public final class HtmlReport {

	private HtmlReport() {
	}

	/**
	 * Renders the report as HTML.
	 * @param linkBase the assessed directory as seen from where the report is written,
	 * for the file:line links
	 */
	public static String render(AssessmentReport report, String linkBase) {
		StringBuilder out = new StringBuilder(64_000);
		String title = "fluxbench assess: " + report.project();
		out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
			.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
			.append(escape(title))
			.append("</title>\n<style>\n")
			.append(css())
			.append("</style>\n</head>\n<body>\n<main>\n<h1>")
			.append(escape(title))
			.append("</h1>\n<p class=\"subtitle\">")
			.append(escape(Sections.intro(report)))
			.append("</p>\n");
		out.append("<section id=\"recommendation\"><h2>Recommendation</h2>\n<p>")
			.append(escape(report.recommendation()))
			.append("</p>\n</section>\n");
		out.append("<section id=\"summary\"><h2>Summary</h2>\n<div class=\"scroll\"><table>\n")
			.append("<tr><th>target</th><th>blockers</th><th>effort</th><th>notes</th><th>what it takes</th></tr>\n");
		for (TargetSummary summary : report.summaries()) {
			out.append("<tr><td>")
				.append(escape(summary.target().label()))
				.append("</td><td class=\"number\">")
				.append(summary.blockers())
				.append("</td><td class=\"number\">")
				.append(summary.efforts())
				.append("</td><td class=\"number\">")
				.append(summary.notes())
				.append("</td><td>")
				.append(escape(MarkdownReport.takes(summary.effortClasses())))
				.append("</td></tr>\n");
		}
		out.append("</table></div>\n");
		for (TargetSummary summary : report.summaries()) {
			String label = summary.target().label();
			out.append("<h3>")
				.append(escape(Character.toUpperCase(label.charAt(0)) + label.substring(1)))
				.append(": what to do first</h3>\n<ol>\n");
			if (summary.firstSteps().isEmpty()) {
				out.append("<li>Nothing: no blocker and no effort.</li>\n");
			}
			summary.firstSteps().forEach((step) -> out.append("<li>").append(escape(step)).append("</li>\n"));
			out.append("</ol>\n");
		}
		out.append("</section>\n");
		out.append("<section id=\"platform\"><h2>Platform</h2>\n<ul>\n");
		Sections.platform(report).forEach((line) -> out.append("<li>").append(escape(line)).append("</li>\n"));
		out.append("</ul>\n</section>\n");
		for (Target target : report.targets()) {
			List<Sections.RecognitionGroup> groups = Sections.recognitions(report, target);
			if (groups.isEmpty()) {
				continue;
			}
			String heading = (target == Target.WEBFLUX) ? "Already reactive" : "Already on virtual threads";
			out.append("<section id=\"")
				.append((target == Target.WEBFLUX) ? "already-reactive" : "already-virtual-threads")
				.append("\"><h2>")
				.append(heading)
				.append("</h2>\n<ul class=\"recognised\">\n");
			for (Sections.RecognitionGroup group : groups) {
				out.append("<li>")
					.append(escape(group.what()))
					.append(": ")
					.append(link(linkBase, group.first().describe(), Sections.href(linkBase, group.first())));
				if (group.places() > 1) {
					out.append(" and ").append(group.places() - 1).append(" more");
				}
				out.append("</li>\n");
			}
			out.append("</ul>\n</section>\n");
		}
		out.append("<section id=\"by-module\"><h2>Findings by module</h2>\n");
		for (Map.Entry<String, List<Finding>> module : Sections.byModule(report).entrySet()) {
			out.append("<h3>").append(escape(module.getKey())).append("</h3>\n<div class=\"scroll\"><table>\n");
			out.append("<tr><th>severity</th><th>rule</th><th>target</th><th>where</th><th>evidence</th>")
				.append("<th>what to do</th><th>effort</th></tr>\n");
			for (Finding finding : module.getValue()) {
				out.append("<tr><td>")
					.append(badge(finding.severity()))
					.append("</td><td><code>")
					.append(escape(finding.rule()))
					.append("</code></td><td>")
					.append(escape(Sections.targetsOf(finding)))
					.append("</td><td>")
					.append(where(linkBase, finding))
					.append("</td><td>")
					.append(escape(finding.evidence()))
					.append("</td><td>")
					.append(escape(finding.action()))
					.append("</td><td>")
					.append(escape(finding.effort().label()))
					.append("</td></tr>\n");
			}
			out.append("</table></div>\n");
		}
		out.append("</section>\n<section id=\"by-rule\"><h2>Findings by rule</h2>\n");
		for (Map.Entry<RuleInfo, List<Finding>> rule : Sections.byRule(report).entrySet()) {
			RuleInfo info = rule.getKey();
			out.append("<h3><code>")
				.append(escape(info.id()))
				.append("</code> ")
				.append(escape(info.title()))
				.append(" (")
				.append(rule.getValue().size())
				.append(")</h3>\n<p>")
				.append(escape(rule.getValue().get(0).why()))
				.append("</p>\n<ul>\n");
			for (Finding finding : rule.getValue()) {
				out.append("<li>")
					.append(badge(finding.severity()))
					.append(' ')
					.append(escape(finding.module()))
					.append(": ")
					.append(where(linkBase, finding))
					.append(": ")
					.append(escape(finding.evidence()));
				if (finding.replacement() != null) {
					out.append(". Instead: ")
						.append(escape(finding.replacement()))
						.append(Boolean.TRUE.equals(finding.replacementExists()) ? ""
								: " (no such replacement exists)");
				}
				out.append("</li>\n");
			}
			out.append("</ul>\n");
		}
		out.append("</section>\n<section id=\"modules\"><h2>Modules and resolved versions</h2>\n");
		for (ModuleReport module : report.modules()) {
			out.append("<h3>")
				.append(escape(module.artifactId()))
				.append("</h3>\n<p class=\"note\">")
				.append(escape(module.directory()))
				.append(", Spring Boot ")
				.append(escape((module.springBoot() != null) ? module.springBoot() : "none"))
				.append(", Java ")
				.append((module.javaRelease() != null) ? module.javaRelease() : "unknown")
				.append(", ")
				.append(module.sourceFiles())
				.append(" source files, ")
				.append(module.sourceLines())
				.append(" lines</p>\n");
			if (!module.dependencies().isEmpty()) {
				out.append("<details><summary>")
					.append(module.dependencies().size())
					.append(" resolved dependencies</summary>\n<div class=\"scroll\"><table>\n")
					.append("<tr><th>dependency</th><th>scope</th><th>brought by</th></tr>\n");
				module.dependencies()
					.forEach((dependency) -> out.append("<tr><td><code>")
						.append(escape(dependency.coordinates()))
						.append("</code></td><td>")
						.append(escape(dependency.scope()))
						.append("</td><td>")
						.append(escape(
								dependency.direct() ? "declared" : dependency.path().get(dependency.path().size() - 2)))
						.append("</td></tr>\n"));
				out.append("</table></div>\n</details>\n");
			}
		}
		out.append("</section>\n");
		if (!report.notes().isEmpty()) {
			out.append("<section id=\"notes\"><h2>Notes</h2>\n<ul>\n");
			report.notes().forEach((note) -> out.append("<li>").append(escape(note)).append("</li>\n"));
			out.append("</ul>\n</section>\n");
		}
		out.append("</main>\n</body>\n</html>\n");
		return out.toString();
	}

	private static String where(String linkBase, Finding finding) {
		if (finding.location().pointsToFile()) {
			return link(linkBase, finding.location().describe(), Sections.href(linkBase, finding.location()));
		}
		return "<code>" + escape(finding.location().dependency()) + "</code><br><span class=\"note\">"
				+ escape(finding.location().describePath()) + "</span>";
	}

	private static String link(String linkBase, String text, String href) {
		if (href == null) {
			return "<code>" + escape(text) + "</code>";
		}
		return "<a href=\"" + escape(href.replace(" ", "%20")) + "\">" + escape(text) + "</a>";
	}

	private static String badge(Severity severity) {
		return "<span class=\"severity " + severity.id() + "\">" + severity.id() + "</span>";
	}

	static String escape(String text) {
		return (text != null)
				? text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;") : "";
	}

	private static String css() {
		try (InputStream in = HtmlReport.class.getResourceAsStream("assess.css")) {
			if (in == null) {
				throw new IllegalStateException("assess.css is missing from the class path");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}

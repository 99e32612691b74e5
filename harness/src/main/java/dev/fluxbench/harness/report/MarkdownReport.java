package dev.fluxbench.harness.report;

import java.util.List;

/**
 * The Markdown summary: the report without charts, to paste into a pull request or a
 * wiki.
 */
final class MarkdownReport {

	private MarkdownReport() {
	}

	static String render(Report report) {
		StringBuilder out = new StringBuilder();
		out.append("# ").append(report.title()).append("\n\n");
		out.append("**").append(report.subtitle()).append("**\n\n");
		out.append(report.description()).append("\n\n");
		out.append("## Decision\n\n");
		report.decision().forEach((line) -> out.append("- ").append(line).append('\n'));
		out.append('\n');
		out.append("## Summary\n\n");
		report.narrative().forEach((paragraph) -> out.append(paragraph).append("\n\n"));
		table(out, "##", report.verdictTable());
		for (int load : report.results().loadLevels()) {
			if (report.results().trials() > 1) {
				table(out, "###", report.estimateTable(load));
			}
		}
		faults(out, report);
		out.append("## Results by load\n\n");
		for (int load : report.results().loadLevels()) {
			table(out, "###", report.loadTable(load));
		}
		report.journeyTable().ifPresent((journeys) -> table(out, "##", journeys));
		report.nodeTable().ifPresent((nodes) -> table(out, "##", nodes));
		table(out, "##", report.efficiencyTable());
		report.warmupTable().ifPresent((warmup) -> table(out, "##", warmup));
		report.rampTable().ifPresent((ramp) -> table(out, "##", ramp));
		report.passwordTable().ifPresent((checks) -> table(out, "##", checks));
		report.sqlTable().ifPresent((sql) -> table(out, "##", sql));
		report.databaseTable().ifPresent((database) -> table(out, "##", database));
		table(out, "##", report.environment());
		return out.toString().stripTrailing() + "\n";
	}

	/** The section on faults and circuit breakers, when the run had either. */
	private static void faults(StringBuilder out, Report report) {
		FaultReport faults = report.faults();
		if (!faults.present()) {
			return;
		}
		out.append("## Faults and circuit breakers\n\n");
		List<String> findings = faults.findings();
		if (!findings.isEmpty()) {
			out.append("**Findings**\n\n");
			findings.forEach((finding) -> out.append("- ").append(finding).append('\n'));
			out.append('\n');
		}
		if (faults.phases().isEmpty()) {
			out.append("No fault schedule: the breakers' state over each load is drawn in report.html.\n\n");
		}
		faults.profileTable().ifPresent((profile) -> table(out, "###", profile));
		faults.breakerTable().ifPresent((breakers) -> table(out, "###", breakers));
	}

	private static void table(StringBuilder out, String heading, Table table) {
		out.append(heading).append(' ').append(table.title()).append("\n\n");
		row(out, table.headers());
		out.append('|');
		table.headers().forEach((header) -> out.append("---|"));
		out.append('\n');
		table.rows().forEach((row) -> row(out, row));
		out.append('\n');
		if (!table.note().isEmpty()) {
			out.append('_').append(table.note()).append("_\n\n");
		}
	}

	private static void row(StringBuilder out, List<String> cells) {
		out.append('|');
		for (String cell : cells) {
			out.append(' ').append(escape(cell)).append(" |");
		}
		out.append('\n');
	}

	/** A pipe would end the cell, a line break the row. */
	private static String escape(String cell) {
		return cell.replace("|", "\\|").replace("\n", " ");
	}

}

package dev.fluxbench.harness.report;

import java.util.List;

/**
 * A table of the report, as text cells, so that the Markdown and the HTML show the same
 * figures, rounded the same way.
 *
 * @param id a stable anchor
 * @param title shown above it
 * @param headers column titles
 * @param rows cells, as many per row as headers
 * @param note shown below it, empty for none
 */
record Table(String id, String title, List<String> headers, List<List<String>> rows, String note) {

	Table {
		for (List<String> row : rows) {
			if (row.size() != headers.size()) {
				throw new IllegalArgumentException(
						title + ": a row has " + row.size() + " cells for " + headers.size() + " columns");
			}
		}
	}

}

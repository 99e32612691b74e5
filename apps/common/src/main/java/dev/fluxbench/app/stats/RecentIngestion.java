package dev.fluxbench.app.stats;

import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * One row of the statistics page's ingestion table: what the {@code ingestion} table says
 * about one run over a partner's delta file.
 *
 * @param finishedAt {@code null} while the ingestion runs
 */
public record RecentIngestion(String partner, LocalDate day, String status, OffsetDateTime startedAt,
		OffsetDateTime finishedAt, int lines, int accepted, int rejected) {

}

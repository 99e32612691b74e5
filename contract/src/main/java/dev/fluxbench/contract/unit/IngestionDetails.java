package dev.fluxbench.contract.unit;

import java.util.List;

/**
 * The body of {@code GET /api/ingestions/{id}}: the ingestion, and its first rejected
 * lines in line order. Every rejected line is stored; a file with thousands of them would
 * make a page nobody reads, so the answer holds the first {@link #FIRST_REJECTIONS} and
 * says how many there are.
 */
public record IngestionDetails(IngestionDto ingestion, int rejectionsTotal, List<RejectionDto> rejections) {

	public static final int FIRST_REJECTIONS = 100;

}

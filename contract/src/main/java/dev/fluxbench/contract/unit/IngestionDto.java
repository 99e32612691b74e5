package dev.fluxbench.contract.unit;

import java.time.Instant;
import java.time.LocalDate;

/**
 * One ingestion of a partner's delta file, as every stack records and returns it. The
 * counts add up: {@code lines = accepted + rejected} once the file was read to its end,
 * and {@code accepted = inserted + updated + unchanged}, where {@code unchanged} units
 * were already stored at the same or a newer version.
 *
 * @param day the day the file's units changed (the file's name), not the day of the
 * ingestion
 * @param finishedAt {@code null} while the ingestion runs
 * @param lines the unit lines read, the header not counted
 * @param rejected lines refused by the reader, or by the store when a unit belongs to
 * another partner
 * @param failure why a {@link IngestionStatus#FAILED} ingestion failed, {@code null}
 * otherwise
 */
public record IngestionDto(long id, String partner, LocalDate day, String fileUrl, Instant startedAt,
		Instant finishedAt, IngestionStatus status, int lines, int accepted, int inserted, int updated, int unchanged,
		int rejected, String failure) {

	/** How many ingestions {@code GET /api/ingestions} lists, the newest first. */
	public static final int RECENT = 20;

}

package dev.fluxbench.app.ingestion;

import dev.fluxbench.contract.unit.IngestionDto;

/**
 * What an ingestion has done so far. One ingestion writes its batches one after the
 * other, so a tally is only ever changed by one thread at a time (in WebFlux, one signal
 * at a time, which Reactor orders with happens-before edges).
 */
final class Tally {

	int lines;

	int inserted;

	int updated;

	int unchanged;

	int rejected;

	int accepted() {
		return this.inserted + this.updated + this.unchanged;
	}

	/** Whether any unit row changed, and so whether a cache of units may now be stale. */
	boolean wroteUnits() {
		return this.inserted + this.updated > 0;
	}

	@Override
	public String toString() {
		return "lines=" + this.lines + " inserted=" + this.inserted + " updated=" + this.updated + " unchanged="
				+ this.unchanged + " rejected=" + this.rejected;
	}

	static String describe(IngestionDto ingestion) {
		return ingestion.partner() + " " + ingestion.day() + " " + ingestion.status() + " (lines=" + ingestion.lines()
				+ " inserted=" + ingestion.inserted() + " updated=" + ingestion.updated() + " unchanged="
				+ ingestion.unchanged() + " rejected=" + ingestion.rejected() + ")";
	}

}

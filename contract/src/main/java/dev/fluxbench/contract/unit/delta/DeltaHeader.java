package dev.fluxbench.contract.unit.delta;

import java.time.LocalDate;

/**
 * The first line of a delta file: whose units, changed on which day, and how many unit
 * lines the writer wrote after it. A reader compares that count with the lines it found,
 * so a file cut at a line break is noticed too.
 */
public record DeltaHeader(String partner, LocalDate day, int units) {

	public DeltaHeader {
		if (partner == null || partner.isBlank()) {
			throw new IllegalArgumentException("partner must not be blank");
		}
		if (day == null) {
			throw new IllegalArgumentException("day must not be null");
		}
		if (units < 0) {
			throw new IllegalArgumentException("units must not be negative, not " + units);
		}
	}

	/** The header as its line, without the line break. */
	public String toJson() {
		return "{\"format\":\"" + DeltaFormat.NAME + "\",\"version\":" + DeltaFormat.VERSION + ",\"partner\":"
				+ UnitLines.quote(this.partner) + ",\"day\":\"" + this.day + "\",\"units\":" + this.units + "}";
	}

}

package dev.fluxbench.contract.unit.delta;

import dev.fluxbench.contract.unit.UnitDto;

/**
 * What a reader made of one unit line: a unit to ingest, or the reason it will not be.
 * Line numbers count from 1 and include the header, so they match what an editor shows.
 */
public sealed interface DeltaLine {

	int lineNumber();

	record Accepted(int lineNumber, UnitDto unit) implements DeltaLine {

	}

	/**
	 * A line that cannot be applied, and why.
	 *
	 * @param reason one line a person can act on, such as {@code duplicate of line 17}
	 */
	record Rejection(int lineNumber, String reason) implements DeltaLine {

	}

}

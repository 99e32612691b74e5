package dev.fluxbench.contract.unit;

/**
 * A line of a delta file that was not ingested, and why.
 *
 * @param lineNumber counted from 1 with the header as line 1, as an editor shows it
 */
public record RejectionDto(int lineNumber, String reason) {

}

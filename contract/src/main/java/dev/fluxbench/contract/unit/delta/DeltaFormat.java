package dev.fluxbench.contract.unit.delta;

/**
 * The names and limits of a unit delta file, as {@code docs/unit-delta-format.md}
 * describes it.
 */
public final class DeltaFormat {

	/** The {@code format} member of every header. */
	public static final String NAME = "fluxbench-unit-delta";

	/** The only version this code reads and writes. */
	public static final int VERSION = 1;

	public static final String MEDIA_TYPE = "application/x-ndjson";

	/** The file name of a partner's delta for one day: {@code 2026-11-22.jsonl}. */
	public static final String EXTENSION = ".jsonl";

	/**
	 * The longest line a reader takes, in characters. A unit line is about 200; the limit
	 * keeps a file without line breaks from filling the heap, since a line is the one
	 * thing a reader holds.
	 */
	public static final int MAX_LINE_LENGTH = 64 * 1024;

	/**
	 * The decimals an amount may have, as the {@code numeric(19, 4)} column stores it.
	 */
	public static final int MAX_AMOUNT_SCALE = 4;

	private DeltaFormat() {
	}

}

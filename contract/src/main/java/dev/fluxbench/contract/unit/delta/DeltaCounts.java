package dev.fluxbench.contract.unit.delta;

/**
 * What a reader found in a file.
 *
 * @param header the file's header
 * @param unitLines the lines after the header, each of them accepted or rejected
 * @param accepted the units to ingest
 * @param rejected the lines refused, duplicates included
 */
public record DeltaCounts(DeltaHeader header, int unitLines, int accepted, int rejected) {

	/**
	 * Whether the file has as many unit lines as its header announced. When it has not,
	 * the file was cut or added to after it was written; its accepted units are still
	 * sound one by one.
	 */
	public boolean matchesHeader() {
		return this.unitLines == this.header.units();
	}

}

package dev.fluxbench.contract.unit.delta;

/**
 * A file that cannot be ingested at all: no header, a header that is not ours, or a
 * version this code does not know. Nothing of such a file is ingested, since its lines
 * cannot be trusted to mean what version 1 says they mean.
 */
public class DeltaFileException extends RuntimeException {

	public DeltaFileException(String message) {
		super(message);
	}

	public DeltaFileException(String message, Throwable cause) {
		super(message, cause);
	}

}

package dev.fluxbench.contract.unit;

/** Where an ingestion stands; a failed one says why in {@link IngestionDto#failure()}. */
public enum IngestionStatus {

	RUNNING, SUCCEEDED, FAILED

}

package dev.fluxbench.contract.operation;

/**
 * Seed 002's operations. The list is paged, so that a table that grows under load does
 * not make the payload grow with it.
 */
public final class OperationPaths {

	public static final String OPERATIONS = "/api/operations";

	public static final int DEFAULT_PAGE_SIZE = 20;

	public static final int MAX_PAGE_SIZE = 1000;

	/** How many operations there are in all, on every list answer. */
	public static final String TOTAL_COUNT_HEADER = "X-Total-Count";

	private OperationPaths() {
	}

}

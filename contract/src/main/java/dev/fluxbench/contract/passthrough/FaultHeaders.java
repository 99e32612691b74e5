package dev.fluxbench.contract.passthrough;

import java.util.List;

/**
 * Per-request fault knobs of the downstream. The passthrough forwards every request
 * header whose name starts with {@link #PREFIX}, so a test or a benchmark can make the
 * downstream fail behind a real stack without a second code path in the apps.
 */
public final class FaultHeaders {

	public static final String PREFIX = "X-Fault-";

	/** Answer with this status (for example 503) instead of the acknowledgement. */
	public static final String STATUS = PREFIX + "Status";

	/** Fail this fraction of requests (0.0 to 1.0), with {@link #STATUS} or else 500. */
	public static final String RATE = PREFIX + "Rate";

	/**
	 * Hold the request this many ms before answering, ignoring the message's own delay.
	 */
	public static final String STALL = PREFIX + "Stall";

	public static final List<String> ALL = List.of(STATUS, RATE, STALL);

	public static boolean isFaultHeader(String name) {
		return name.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
	}

	private FaultHeaders() {
	}

}

package dev.fluxbench.contract.chain;

/**
 * The answer of {@code GET /chain/{id}}: service B's payload enriched with service A's
 * part, or a degraded answer without it.
 *
 * @param id the id of the request
 * @param depth the depth this stack was asked for
 * @param hops how many instances of A the request went through, counted by the hops
 * themselves: the innermost answers 1 and each one outside it adds one, so it equals
 * {@code depth} only when every hop really happened
 * @param stack the stack that answered, such as {@code mvc-vt}
 * @param bytes the filler bytes asked of B
 * @param payload B's body as text ({@code bytes} characters), or {@code null} when
 * degraded
 * @param degraded whether B's answer is missing, and the answer is a fallback
 * @param reason why it is degraded, or {@code null}
 * @param downstreamStatus B's status when {@code reason} is
 * {@link DegradedReason#DOWNSTREAM_ERROR}, else {@code null}
 */
public record ChainDto(String id, int depth, int hops, String stack, int bytes, String payload, boolean degraded,
		DegradedReason reason, Integer downstreamStatus) {

	/** The innermost hop's answer with B's payload. */
	public static ChainDto answered(String id, String stack, int bytes, String payload) {
		return new ChainDto(id, 1, 1, stack, bytes, payload, false, null, null);
	}

	/** The innermost hop's fallback. */
	public static ChainDto degraded(String id, String stack, int bytes, DegradedReason reason,
			Integer downstreamStatus) {
		return new ChainDto(id, 1, 1, stack, bytes, null, true, reason, downstreamStatus);
	}

	/** This answer as a hop at {@code depth} relays it: degraded stays degraded. */
	public ChainDto relayed(int depth, String stack) {
		return new ChainDto(this.id, depth, this.hops + 1, stack, this.bytes, this.payload, this.degraded, this.reason,
				this.downstreamStatus);
	}

}

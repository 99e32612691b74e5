package dev.fluxbench.app.chain;

import dev.fluxbench.app.system.ProblemException;
import dev.fluxbench.contract.chain.ChainPaths;
import dev.fluxbench.contract.problem.BadInput;

/**
 * One request's parameters once they are known to be valid. Bean Validation checks the
 * contract's fixed limits on the controller; the depth's limit is a property, so it is
 * checked here, in the same words.
 */
record ChainRequest(String id, int depth, long delayMillis, int bytes) {

	static ChainRequest of(String id, int depth, long delayMillis, int bytes, ChainProperties properties) {
		if (depth > properties.maxDepth()) {
			throw new ProblemException(BadInput.invalidParameter(ChainPaths.DEPTH, depth,
					"must be less than or equal to " + properties.maxDepth()));
		}
		return new ChainRequest(id, depth, delayMillis, bytes);
	}

	/** What this hop asks of the next one. */
	ChainRequest inner() {
		return new ChainRequest(this.id, this.depth - 1, this.delayMillis, this.bytes);
	}

}

package dev.fluxbench.harness.gate;

import dev.fluxbench.harness.results.Summary;

/**
 * How a step label reads in a name or a sentence: {@link Summary#ALL} goes without
 * saying.
 */
final class Labels {

	private Labels() {
	}

	static String suffix(String label) {
		return (label.isEmpty() || label.equals(Summary.ALL)) ? "" : " [" + label + "]";
	}

}

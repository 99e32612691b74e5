package dev.fluxbench.assess;

import com.fasterxml.jackson.annotation.JsonValue;

/** How much a finding stands in the way, most first. */
public enum Severity {

	/**
	 * The target does not work, or loses what it is chosen for, until this is dealt with.
	 */
	BLOCKER,

	/** Works, but needs code or configuration to change first. */
	EFFORT,

	/** Worth knowing; nothing has to change. */
	NOTE;

	@JsonValue
	public String id() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

}

package dev.fluxbench.assess;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What dealing with a finding takes, smallest first: the plan's order within a severity.
 */
public enum Effort {

	NONE("nothing"), CONFIGURATION("a configuration line"), UPGRADE("a library upgrade"), LOCAL("a local code change"),
	REWRITE("a rewrite of a layer");

	private final String label;

	Effort(String label) {
		this.label = label;
	}

	@JsonValue
	public String id() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

	public String label() {
		return this.label;
	}

}

package dev.fluxbench.assess;

import java.util.Arrays;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a team could take its service; each rule says which of them it stands in the way
 * of.
 */
public enum Target {

	WEBFLUX("webflux", "WebFlux"), VIRTUAL_THREADS("virtual-threads", "virtual threads");

	private final String id;

	private final String label;

	Target(String id, String label) {
		this.id = id;
		this.label = label;
	}

	@JsonValue
	public String id() {
		return this.id;
	}

	public String label() {
		return this.label;
	}

	public static Target of(String id) {
		return Arrays.stream(values())
			.filter((target) -> target.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("no target '" + id + "': webflux or virtual-threads"));
	}

}

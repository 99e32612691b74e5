package dev.fluxbench.contract;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

final class Json {

	/**
	 * Strict on purpose: a property the contract does not know is a difference, not
	 * noise.
	 */
	static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	private Json() {
	}

	static String write(Object value) {
		return MAPPER.writeValueAsString(value);
	}

}

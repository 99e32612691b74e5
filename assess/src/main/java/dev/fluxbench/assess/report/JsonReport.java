package dev.fluxbench.assess.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fluxbench.assess.AssessmentReport;

/** The report for tools: every finding, recognition and resolved version, as JSON. */
public final class JsonReport {

	private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
		.setSerializationInclusion(JsonInclude.Include.NON_NULL);

	private JsonReport() {
	}

	public static String render(AssessmentReport report) {
		try {
			return MAPPER.writeValueAsString(report) + "\n";
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("the report could not be written as JSON: " + ex.getMessage(), ex);
		}
	}

}

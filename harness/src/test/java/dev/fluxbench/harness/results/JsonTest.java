package dev.fluxbench.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonTest {

	@Test
	void writesNestedValuesEscapesStringsAndEmbedsRawJson() {
		Map<String, Object> run = new LinkedHashMap<>();
		run.put("scenario", "quick \"smoke\"\n");
		run.put("scale", 0.5);
		run.put("pinned", true);
		run.put("loads", List.of(5, 20));
		run.put("info", new Json.Raw("{\"fluxbench\":{}}"));
		run.put("empty", Map.of());
		assertThat(Json.write(run)).isEqualTo("""
				{
				  "scenario": "quick \\"smoke\\"\\n",
				  "scale": 0.5,
				  "pinned": true,
				  "loads": [5, 20],
				  "info": {"fluxbench":{}},
				  "empty": {}
				}
				""");
	}

}

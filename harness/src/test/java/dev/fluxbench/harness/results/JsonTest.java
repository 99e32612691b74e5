package dev.fluxbench.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

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

	@Test
	void readsBackWhatItWritesInDocumentOrder() {
		Map<String, Object> run = new LinkedHashMap<>();
		run.put("zeta", "quick \"smoke\"\n\tü");
		run.put("alpha", List.of(5.0, -2.5e3, true, false));
		run.put("nothing", null);
		run.put("nested", Map.of("info", List.of()));
		Object parsed = Json.parse(Json.write(run));
		assertThat(parsed).isEqualTo(run);
		assertThat(List.copyOf(((Map<?, ?>) parsed).keySet())).isEqualTo(List.of("zeta", "alpha", "nothing", "nested"));
	}

	@Test
	void readsUnicodeEscapesAndRawEmbeddedJson() {
		assertThat(Json.parse("{\"a\":\"\\u00e9\\/\",\"b\":{}}")).isEqualTo(Map.of("a", "é/", "b", Map.of()));
	}

	@Test
	void refusesWhatIsNotJsonWithTheOffset() {
		assertThatIllegalArgumentException().isThrownBy(() -> Json.parse("{\"a\": 1"))
			.withMessageContaining("offset 7");
		assertThatIllegalArgumentException().isThrownBy(() -> Json.parse("{\"a\": 1} x"))
			.withMessageContaining("text after the value");
		assertThatIllegalArgumentException().isThrownBy(() -> Json.parse("{\"a\": nope}"))
			.withMessageContaining("unexpected text");
		assertThatIllegalArgumentException().isThrownBy(() -> Json.parse("\"open"))
			.withMessageContaining("not closed");
	}

}

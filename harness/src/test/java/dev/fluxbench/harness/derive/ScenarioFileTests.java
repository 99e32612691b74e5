package dev.fluxbench.harness.derive;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.ScenarioReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioFileTests {

	private static final Instant END = Instant.parse("2026-11-24T09:00:00Z");

	@TempDir
	Path directory;

	@Test
	void fileShouldBeTheScenarioFormatWithTheDerivationInCommentsAtItsTop() {
		String text = ScenarioFile.render(derivation(RangeQuery.THESIS_QUERY, "/", List.of()));
		List<String> lines = text.lines().toList();

		assertThat(lines.get(0)).isEqualTo("# yaml-language-server: $schema=scenario.schema.json");
		int version = lines.indexOf("version: 1");
		assertThat(lines.subList(0, version)).as("everything before the data is a comment")
			.allSatisfy((line) -> assertThat(line).startsWith("#"));
		assertThat(String.join("\n", lines.subList(version, lines.size())) + "\n").isEqualTo("""
				version: 1
				name: derived-load
				description: "three levels derived from production traffic: normal, higher (2x), stress (peak x 1.5)"
				trials: 3
				warmup: 60s
				load:
				  closed:
				    users: [7, 13, 17]       # normal, higher, stress
				    rampUp: 60s
				    hold: 5m
				    thinkTime: 1s
				journey:
				  - request:
				      label: endpoint
				      method: GET
				      path: /               # edit: the endpoint to load (--path)
				      status: 200
				assertions:
				  - p99Below: 10s           # the thesis' criteria
				  - errorsBelow: 10
				""");
	}

	@Test
	void fileShouldReadAsAScenarioWithTheThreeLevels() {
		String text = ScenarioFile.render(derivation(RangeQuery.THESIS_QUERY, "/search?q=a #b: \"c\"", List.of()));
		Scenario scenario = ScenarioReader.read("derived.yaml", new StringReader(text), Map.of());
		assertThat(scenario.loads()).hasSize(3);
		assertThat(scenario.requests()).singleElement()
			.satisfies((request) -> assertThat(request.path()).isEqualTo("/search?q=a #b: \"c\""));
		assertThat(scenario.assertions()).hasSize(2);
	}

	@Test
	void commentsShouldRecordTheSourceAndEveryDerivedNumber() {
		String text = ScenarioFile.render(derivation(RangeQuery.THESIS_QUERY, "/", List.of()));

		assertThat(text).contains("#   prometheus:   http://prometheus.example:9090\n",
				"#   query:        sum(increase(http_server_requests_seconds_count[1m]))\n",
				"#   unit:         requests per minute, divided by 60 for requests per second\n",
				"#   range:        2026-11-17T09:00:00Z to 2026-11-24T09:00:00Z (7d)\n", "#   step:         1m\n",
				"#   points:       10079 of 10081 steps had data",
				"#   normal:       5.833 (the median of the points)\n",
				"#   p99:          10 (the 99th percentile of the points, nearest rank)\n", "#   max:          12.5\n",
				"#   busiest hour: 7.25 mean, 2026-11-20T09:00:00Z to 2026-11-20T09:59:00Z (60 points)\n",
				"#   users = ceil(rate x (think time + response time)) = ceil(rate x (1s + 100ms)) = ceil(rate x 1.1 s)\n",
				"#   normal: 5.833 requests/s (the median): 5.833 x 1.1 s = 6.417 -> 7 users\n",
				"#   higher: 11.667 requests/s (2 x normal): 11.667 x 1.1 s = 12.833 -> 13 users\n",
				"#   stress: 15 requests/s (p99 x 1.5): 15 x 1.1 s = 16.5 -> 17 users\n",
				"# Edit the journey: the totals do not say which endpoint to load, so it requests GET /.\n");
	}

	@Test
	void fileWhenTheRangeIsShorterThanAnHourShouldSaySo() {
		Derivation derivation = derivation(RangeQuery.THESIS_QUERY, "/", List.of());
		TrafficProfile shortRange = new TrafficProfile(1, 2, 3,
				new TrafficProfile.Window(END.minusSeconds(600), END, 11, 1.2, true), 11);
		String text = ScenarioFile.render(new Derivation(derivation.query(), false, shortRange,
				LoadLevels.derive(shortRange, Duration.ofSeconds(1), Duration.ofMillis(100), 1.5), "GET", "/",
				List.of(), END));

		assertThat(text).contains("#   busiest hour: 1.2 mean over the whole range, 2026-11-24T08:50:00Z to"
				+ " 2026-11-24T09:00:00Z: the range is shorter than an hour\n");
	}

	@Test
	void fileWhenTheStressLevelIsBelowTheHigherOneShouldPointItOut() {
		Derivation derivation = derivation(RangeQuery.THESIS_QUERY, "/", List.of());
		TrafficProfile flat = new TrafficProfile(10, 12, 13, derivation.traffic().busiestHour(), 10079);
		String text = ScenarioFile.render(new Derivation(derivation.query(), false, flat,
				LoadLevels.derive(flat, Duration.ofSeconds(1), Duration.ofMillis(100), 1.5), "GET", "/", List.of(),
				END));

		assertThat(text).contains("    users: [11, 22, 20] ", "#   note: stress is below higher");
		assertThat(ScenarioFile.render(derivation)).doesNotContain("note:");
	}

	@Test
	void queryWhenMultiLineShouldStayInItsComment() {
		String text = ScenarioFile.render(derivation("sum(\n  rate(requests_total[5m])\n)", "/", List.of()));

		assertThat(text).contains("#   query:        sum( rate(requests_total[5m]) )\n");
	}

	@Test
	void prometheusWarningsShouldBeRecorded() {
		String text = ScenarioFile.render(derivation(RangeQuery.THESIS_QUERY, "/", List.of("partial response")));

		assertThat(text).contains("#   warning:      Prometheus: partial response\n");
	}

	@Test
	void pathWhenYamlWouldMisreadItShouldBeQuoted() {
		assertThat(ScenarioFile.render(derivation(RangeQuery.THESIS_QUERY, "/api/units/{id}?fresh=true", List.of())))
			.contains("      path: /api/units/{id}?fresh=true # edit");
		assertThat(ScenarioFile.render(derivation(RangeQuery.THESIS_QUERY, "/search?q=a #b: \"c\"", List.of())))
			.contains("      path: \"/search?q=a #b: \\\"c\\\"\" # edit");
	}

	@Test
	void fileWhenItExistsShouldNeverBeOverwritten() throws IOException {
		Path out = Files.writeString(this.directory.resolve("mine.yaml"), "edited by hand\n");

		assertThatThrownBy(() -> ScenarioFile.write(out, "derived\n")).isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("already exists: derive never overwrites a scenario");
		assertThat(out).hasContent("edited by hand");
	}

	@Test
	void fileShouldBeWrittenWithItsDirectories() {
		Path out = this.directory.resolve("scenarios/derived.yaml");

		ScenarioFile.write(out, "version: 1\n");

		assertThat(out).hasContent("version: 1");
	}

	@Test
	void durationsShouldBeWrittenAsTheCommandLineTakesThem() {
		assertThat(ScenarioFile.duration(Duration.ofSeconds(1), false)).isEqualTo("1s");
		assertThat(ScenarioFile.duration(Duration.ofMillis(100), false)).isEqualTo("100ms");
		assertThat(ScenarioFile.duration(Duration.ofMillis(1500), false)).isEqualTo("1500ms");
		assertThat(ScenarioFile.duration(Duration.ofSeconds(90), false)).isEqualTo("90s");
		assertThat(ScenarioFile.duration(Duration.ofMinutes(5), false)).isEqualTo("5m");
		assertThat(ScenarioFile.duration(Duration.ofDays(7), false)).isEqualTo("168h");
		assertThat(ScenarioFile.duration(Duration.ofDays(7), true)).isEqualTo("7d");
		assertThat(ScenarioFile.duration(Duration.ZERO, false)).isEqualTo("0s");
	}

	@Test
	void ratesShouldHaveThreeDecimalsAtMost() {
		assertThat(ScenarioFile.rate(350 / 60.0)).isEqualTo("5.833");
		assertThat(ScenarioFile.rate(20)).isEqualTo("20");
		assertThat(ScenarioFile.rate(0.0004)).isEqualTo("0");
	}

	private static Derivation derivation(String promql, String path, List<String> warnings) {
		RangeQuery query = RangeQuery.ending(URI.create("http://prometheus.example:9090"), promql, END,
				Duration.ofDays(7), Duration.ofMinutes(1));
		TrafficProfile traffic = new TrafficProfile(350 / 60.0, 10, 12.5, new TrafficProfile.Window(
				Instant.parse("2026-11-20T09:00:00Z"), Instant.parse("2026-11-20T09:59:00Z"), 60, 7.25, false), 10079);
		LoadLevels levels = LoadLevels.derive(traffic, Duration.ofSeconds(1), Duration.ofMillis(100), 1.5);
		return new Derivation(query, false, traffic, levels, "GET", path, warnings, END);
	}

}

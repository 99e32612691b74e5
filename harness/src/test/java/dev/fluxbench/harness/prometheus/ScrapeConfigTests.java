package dev.fluxbench.harness.prometheus;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScrapeConfigTests {

	private static final Path OPS = Path.of(System.getProperty("fluxbench.home", "..")).resolve("ops/prometheus");

	@Test
	void opsConfigShouldBeWhatRunWritesAtTheDefaultInterval() throws IOException {
		assertThat(OPS.resolve("prometheus.yml"))
			.as("ops/prometheus/prometheus.yml is ScrapeConfig.yaml(5s): change both together")
			.hasContent(ScrapeConfig.yaml(PrometheusSettings.DEFAULT_SCRAPE_INTERVAL));
	}

	@Test
	void opsTargetsShouldGiveEveryJobAFileOfTargetGroups() throws IOException {
		ObjectMapper json = new ObjectMapper();
		for (String job : ScrapeConfig.JOBS) {
			JsonNode groups = json.readTree(OPS.resolve(ScrapeConfig.targetsFile(job)).toFile());
			assertThat(groups.isArray()).as(job).isTrue();
			assertThat(groups).as(job).allSatisfy((group) -> assertThat(group.path("targets")).isNotEmpty());
		}
	}

	@Test
	void yamlShouldScrapeEveryJobAtTheIntervalWithTheIntervalAsTimeout() {
		String yaml = ScrapeConfig.yaml(Duration.ofSeconds(2));
		assertThat(yaml).contains("  scrape_interval: 2s\n", "  scrape_timeout: 2s\n",
				"  - job_name: fluxbench-app\n    metrics_path: /actuator/prometheus\n",
				"      - files: [targets/fluxbench-app.json]\n", "  - job_name: fluxbench-downstream\n",
				"      - files: [targets/fluxbench-downstream.json]\n", "  - job_name: prometheus\n",
				"      - files: [targets/prometheus.json]\n");
	}

}

package dev.fluxbench.harness.prometheus;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ScrapeTargetsTests {

	private static final ObjectMapper JSON = new ObjectMapper();

	@TempDir
	Path directory;

	@Test
	void scrapeTargetsShouldStartWithAnEmptyFileForEveryJob() throws IOException {
		ScrapeTargets targets = new ScrapeTargets(this.directory);
		for (String job : ScrapeConfig.JOBS) {
			assertThat(JSON.readTree(targets.file(job).toFile())).as(job).isEmpty();
		}
	}

	@Test
	void addShouldWriteTheTargetWithItsLabels() throws IOException {
		ScrapeTargets targets = new ScrapeTargets(this.directory);
		targets.add(new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS,
				URI.create("http://127.0.0.1:8080/actuator/prometheus"), Map.of("trial", "2", "stack", "mvc-vt")));
		JsonNode group = JSON.readTree(targets.file(ScrapeConfig.APPS).toFile()).path(0);
		assertThat(group.path("targets").path(0).asText()).isEqualTo("127.0.0.1:8080");
		assertThat(group.path("labels").path("stack").asText()).isEqualTo("mvc-vt");
		assertThat(group.path("labels").path("trial").asText()).isEqualTo("2");
		assertThat(group.path("labels").path("__metrics_path__").asText()).isEqualTo("/actuator/prometheus");
		assertThat(group.path("labels").path("__scheme__").asText()).isEqualTo("http");
	}

	@Test
	void addWhenTheMetricsAreElsewhereShouldTellPrometheusTheSchemePathAndQuery() throws IOException {
		ScrapeTargets targets = new ScrapeTargets(this.directory);
		targets.add(new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS,
				URI.create("https://app.example/ops/metrics?format=prometheus&x=a%20b"), Map.of("stack", "before")));
		JsonNode group = JSON.readTree(targets.file(ScrapeConfig.APPS).toFile()).path(0);
		assertThat(group.path("targets").path(0).asText()).isEqualTo("app.example:443");
		assertThat(group.path("labels").path("__scheme__").asText()).isEqualTo("https");
		assertThat(group.path("labels").path("__metrics_path__").asText()).isEqualTo("/ops/metrics");
		assertThat(group.path("labels").path("__param_format").asText()).isEqualTo("prometheus");
		assertThat(group.path("labels").path("__param_x").asText()).isEqualTo("a b");
	}

	@Test
	void removeShouldTakeOnlyThatTargetOut() throws IOException {
		ScrapeTargets targets = new ScrapeTargets(this.directory);
		ScrapeTargets.ScrapeTarget mvc = new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS,
				URI.create("http://127.0.0.1:8080/actuator/prometheus"), Map.of("stack", "mvc", "trial", "1"));
		ScrapeTargets.ScrapeTarget webflux = new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS,
				URI.create("http://127.0.0.1:8082/actuator/prometheus"), Map.of("stack", "webflux", "trial", "1"));
		targets.add(mvc);
		targets.add(webflux);
		targets.remove(mvc);
		JsonNode groups = JSON.readTree(targets.file(ScrapeConfig.APPS).toFile());
		assertThat(groups).singleElement()
			.satisfies((group) -> assertThat(group.path("labels").path("stack").asText()).isEqualTo("webflux"));
		assertThat(this.directory.resolve("targets")).isDirectoryNotContaining("glob:**.tmp");
	}

	@Test
	void scrapeTargetWhenTheUrlIsNotHttpShouldBeRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS, URI.create("ftp://host/metrics"), Map.of()))
			.withMessageContaining("ftp://host/metrics");
	}

}

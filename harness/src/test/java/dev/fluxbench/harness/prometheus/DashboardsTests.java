package dev.fluxbench.harness.prometheus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shape of the dashboards in {@code ops/grafana}, which Grafana itself cannot check
 * here: that each one loads through provisioning and asks for its data source. Whether
 * their queries return data is PrometheusIT's business.
 */
class DashboardsTests {

	private static final Path GRAFANA = Path.of(System.getProperty("fluxbench.home", "..")).resolve("ops/grafana");

	private static final Pattern VARIABLE = Pattern.compile("\\$\\{?(\\w+)");

	private static final Set<String> BUILT_IN = Set.of("__rate_interval", "__interval", "__range");

	private static final ObjectMapper JSON = new ObjectMapper();

	@Test
	void dashboardsShouldHaveUniqueUidsAndNoDatabaseId() throws IOException {
		Set<String> uids = new HashSet<>();
		for (JsonNode dashboard : dashboards()) {
			assertThat(uids.add(dashboard.path("uid").asText())).as("uid %s", dashboard.path("uid")).isTrue();
			assertThat(dashboard.path("uid").asText()).startsWith("fluxbench-");
			assertThat(dashboard.path("title").asText()).startsWith("fluxbench · ");
			assertThat(dashboard.path("tags")).extracting(JsonNode::asText).contains("fluxbench");
			// Provisioning gives each dashboard its id; one in the file would clash.
			assertThat(dashboard.path("id").isMissingNode() || dashboard.path("id").isNull()).isTrue();
			assertThat(dashboard.path("schemaVersion").asInt()).isPositive();
		}
		assertThat(uids).hasSize(5);
	}

	@Test
	void everyPanelShouldAskTheDashboardsDataSourceAndFitTheGrid() throws IOException {
		for (JsonNode dashboard : dashboards()) {
			assertThat(dashboard.path("templating").path("list"))
				.anySatisfy((variable) -> assertThat(variable.path("type").asText()).isEqualTo("datasource"));
			Set<Integer> ids = new HashSet<>();
			for (JsonNode panel : dashboard.path("panels")) {
				String name = dashboard.path("uid").asText() + " / " + panel.path("title").asText();
				assertThat(ids.add(panel.path("id").asInt())).as("%s: its id is unique", name).isTrue();
				JsonNode grid = panel.path("gridPos");
				assertThat(grid.path("x").asInt() + grid.path("w").asInt()).as("%s: within 24 columns", name)
					.isLessThanOrEqualTo(24);
				if (panel.path("type").asText().equals("row")) {
					continue;
				}
				assertThat(panel.path("datasource").path("uid").asText()).as(name).isEqualTo("${datasource}");
				assertThat(panel.path("targets")).as("%s: its queries", name).isNotEmpty().allSatisfy((target) -> {
					assertThat(target.path("expr").asText()).isNotBlank();
					assertThat(target.path("datasource").path("uid").asText()).isEqualTo("${datasource}");
				});
			}
		}
	}

	@Test
	void everyVariableAQueryUsesShouldBeDefined() throws IOException {
		for (JsonNode dashboard : dashboards()) {
			Set<String> defined = new HashSet<>(BUILT_IN);
			dashboard.path("templating")
				.path("list")
				.forEach((variable) -> defined.add(variable.path("name").asText()));
			for (String expression : expressions(dashboard)) {
				Matcher used = VARIABLE.matcher(expression);
				while (used.find()) {
					assertThat(defined).as("%s: %s", dashboard.path("uid").asText(), expression)
						.contains(used.group(1));
				}
			}
		}
	}

	@Test
	void dashboardsShouldCoverTheJvmHttpPoolsCacheAndBreakers() throws IOException {
		String all = String.join("\n",
				dashboards().stream().flatMap((dashboard) -> expressions(dashboard).stream()).toList());
		assertThat(all).contains("jvm_memory_used_bytes", "jvm_gc_pause_seconds_count", "jvm_threads_states_threads",
				"http_server_requests_seconds_bucket", "http_client_requests_seconds_bucket",
				"hikaricp_connections_active", "r2dbc_pool_acquired_connections",
				"httpcomponents_httpclient_pool_total_connections",
				"reactor_netty_connection_provider_active_connections", "cache_gets_total",
				"resilience4j_circuitbreaker_state", "resilience4j_circuitbreaker_calls_seconds_count", "up{");
	}

	@Test
	void provisioningShouldLoadTheDashboardsAndAPrometheusDataSource() throws IOException {
		YAMLMapper yaml = new YAMLMapper();
		JsonNode providers = yaml.readTree(GRAFANA.resolve("provisioning/dashboards/fluxbench.yaml").toFile());
		assertThat(providers.path("providers").path(0).path("type").asText()).isEqualTo("file");
		assertThat(providers.path("providers").path(0).path("options").path("path").asText()).isNotBlank();
		JsonNode sources = yaml.readTree(GRAFANA.resolve("provisioning/datasources/fluxbench.yaml").toFile());
		assertThat(sources.path("datasources").path(0).path("type").asText()).isEqualTo("prometheus");
		assertThat(sources.path("datasources").path(0).path("jsonData").path("timeInterval").asText())
			.as("the run's default scrape interval, which $__rate_interval is four of")
			.isEqualTo(ScrapeConfig.duration(PrometheusSettings.DEFAULT_SCRAPE_INTERVAL));
	}

	private static List<JsonNode> dashboards() throws IOException {
		List<JsonNode> dashboards = new ArrayList<>();
		try (Stream<Path> files = Files.list(GRAFANA.resolve("dashboards"))) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".json")).sorted().toList()) {
				dashboards.add(JSON.readTree(file.toFile()));
			}
		}
		return dashboards;
	}

	private static List<String> expressions(JsonNode dashboard) {
		List<String> expressions = new ArrayList<>();
		dashboard.path("panels")
			.forEach((panel) -> panel.path("targets")
				.forEach((target) -> expressions.add(target.path("expr").asText())));
		dashboard.path("templating")
			.path("list")
			.forEach((variable) -> expressions.add(variable.path("definition").asText()));
		return expressions;
	}

}

package dev.fluxbench.contract.metrics;

import java.util.Map;

import dev.fluxbench.contract.metrics.PrometheusText.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class PrometheusTextTests {

	private static final String SCRAPE = """
			# HELP hikaricp_connections_active Active connections
			# TYPE hikaricp_connections_active gauge
			hikaricp_connections_active{application="fluxbench-mvc",pool="artists",stack="mvc"} 3.0
			hikaricp_connections_active{application="fluxbench-mvc",pool="other",stack="mvc"} 2.0
			httpcomponents_httpclient_pool_total_connections{httpclient="downstream",state="leased"} 0.0
			httpcomponents_httpclient_pool_total_connections{httpclient="downstream",state="available"} 7.0
			http_server_requests_seconds_bucket{uri="/a,b",le="+Inf"} 12
			odd_label{value="say \\"hi\\"\\\\",other=""} NaN
			process_uptime_seconds 1.5E1 1700000000000
			# EOF
			""";

	private final PrometheusText text = PrometheusText.parse(SCRAPE);

	@Test
	void sumShouldAddTheSamplesOfAllMatchingLabelSets() {
		assertThat(this.text.sum("hikaricp_connections_active", Map.of())).hasValue(5.0);
		assertThat(this.text.sum("hikaricp_connections_active", Map.of("pool", "artists"))).hasValue(3.0);
	}

	@Test
	void sumShouldFilterOnEveryGivenLabel() {
		assertThat(this.text.sum("httpcomponents_httpclient_pool_total_connections", Map.of("state", "leased")))
			.hasValue(0.0);
		assertThat(this.text.sum("httpcomponents_httpclient_pool_total_connections", Map.of("state", "available")))
			.hasValue(7.0);
	}

	@Test
	void sumWhenTheMetricIsNotThereShouldBeEmptyRatherThanZero() {
		assertThat(this.text.sum("r2dbc_pool_acquired_connections", Map.of())).isEmpty();
		assertThat(this.text.sum("hikaricp_connections_active", Map.of("pool", "none"))).isEmpty();
	}

	@Test
	void parseShouldReadQuotedCommasEscapesInfinityNanAndTimestamps() {
		assertThat(this.text.samples("http_server_requests_seconds_bucket")).singleElement().satisfies((sample) -> {
			assertThat(sample.labels()).containsEntry("uri", "/a,b").containsEntry("le", "+Inf");
			assertThat(sample.value()).isEqualTo(12.0);
		});
		assertThat(this.text.samples("odd_label")).singleElement().satisfies((sample) -> {
			assertThat(sample.labels()).containsEntry("value", "say \"hi\"\\").containsEntry("other", "");
			assertThat(sample.value()).isNaN();
		});
		assertThat(this.text.samples("process_uptime_seconds")).singleElement()
			.satisfies((sample) -> assertThat(sample.value()).isCloseTo(15.0, within(1e-9)));
	}

	@Test
	void parseWhenALineIsNoSampleShouldNameTheLine() {
		assertThatIllegalArgumentException().isThrownBy(() -> PrometheusText.parse("broken{le=\"1\" 2"))
			.withMessageContaining("broken{le=");
	}

	@Test
	void parseLineShouldReadTheSampleAndWriteItsLabelsAsTheyWereWritten() {
		String labels = "application=\"fluxbench-mvc\",area=\"heap\",id=\"G1 Eden Space\",stack=\"mvc\"";
		assertThat(PrometheusText.parseLine("jvm_memory_used_bytes{" + labels + "} 1.2345E7"))
			.hasValueSatisfying((sample) -> {
				assertThat(sample.name()).isEqualTo("jvm_memory_used_bytes");
				assertThat(sample.labels()).containsExactly(Map.entry("application", "fluxbench-mvc"),
						Map.entry("area", "heap"), Map.entry("id", "G1 Eden Space"), Map.entry("stack", "mvc"));
				assertThat(sample.labelsText()).isEqualTo(labels);
				assertThat(sample.value()).isEqualTo(1.2345E7);
			});
		assertThat(PrometheusText.parseLine("process_cpu_usage 0.25"))
			.hasValue(new Sample("process_cpu_usage", Map.of(), 0.25))
			.hasValueSatisfying((sample) -> assertThat(sample.labelsText()).isEmpty());
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "  ", "# TYPE process_cpu_usage gauge", "# EOF", "process_cpu_usage",
			"process_cpu_usage NaNx", "broken{le=\"1\" 2", "unterminated{le=\"1", "{le=\"1\"} 2" })
	void parseLineWhenTheLineIsBlankACommentOrUnreadableShouldBeEmptyRatherThanFail(String line) {
		assertThat(PrometheusText.parseLine(line)).isEmpty();
	}

	@Test
	void labelsTextShouldEscapeSoThatItReadsBackToTheSameLabels() {
		Sample sample = new Sample("odd_label", Map.of("value", "say \"hi\"\\\nbye"), 1.0);
		String written = sample.labelsText();
		assertThat(written).isEqualTo("value=\"say \\\"hi\\\"\\\\\\nbye\"");
		assertThat(PrometheusText.parseLine("odd_label{" + written + "} 1.0")).hasValue(sample);
	}

}

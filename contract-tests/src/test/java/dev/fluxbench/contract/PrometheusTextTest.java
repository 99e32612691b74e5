package dev.fluxbench.contract;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class PrometheusTextTest {

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
	void sumOfAMetricThatIsNotThereShouldBeEmptyRatherThanZero() {
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
	void parseOfALineThatIsNoSampleShouldNameTheLine() {
		assertThatIllegalArgumentException().isThrownBy(() -> PrometheusText.parse("broken{le=\"1\" 2"))
			.withMessageContaining("broken{le=");
	}

}

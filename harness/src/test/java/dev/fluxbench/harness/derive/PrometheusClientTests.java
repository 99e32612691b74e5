package dev.fluxbench.harness.derive;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;

import dev.fluxbench.harness.launch.EnvironmentException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PrometheusClientTests {

	private static final Duration MINUTE = Duration.ofMinutes(1);

	private FakePrometheus prometheus;

	@BeforeEach
	void start() throws IOException {
		this.prometheus = FakePrometheus.start();
	}

	@AfterEach
	void stop() {
		this.prometheus.close();
	}

	@Test
	void requestsPerMinuteShouldBeDividedBySixtyAndTheRangeSentInUnixSeconds() {
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, 60, 120, 180, 240, 300));
		RangeQuery query = RangeQuery.ending(this.prometheus.url(), RangeQuery.THESIS_QUERY,
				Instant.parse("2026-11-20T09:00:00Z"), Duration.ofHours(1), Duration.ofSeconds(90));

		RateSeries series = new PrometheusClient().rates(query, false);

		assertThat(series.points()).extracting(RateSeries.Point::perSecond).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);
		assertThat(series.points().get(1).time()).isEqualTo(FakePrometheus.START.plus(MINUTE));
		assertThat(this.prometheus.lastQuery()).containsEntry("query", RangeQuery.THESIS_QUERY)
			.containsEntry("start", "1795161600.000")
			.containsEntry("end", "1795165200.000")
			.containsEntry("step", "90.000");
	}

	@Test
	void perSecondValuesShouldBeTakenAsTheyAre() {
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, 1.5, 2, 2.5, 3, 3.5));

		RateSeries series = new PrometheusClient().rates(query(), true);

		assertThat(series.points()).extracting(RateSeries.Point::perSecond).containsExactly(1.5, 2.0, 2.5, 3.0, 3.5);
	}

	@Test
	void stepsWhenTheyHaveNoNumberShouldBeLeftOut() {
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, 60, Double.NaN, 60, 60, 60, 60));

		assertThat(new PrometheusClient().rates(query(), false).points()).hasSize(5);
	}

	@Test
	void basePathWhenPrometheusIsBehindAProxyShouldBeKept() {
		URI proxied = URI.create(this.prometheus.url() + "/prometheus/");
		RangeQuery query = RangeQuery.ending(proxied, "up", Instant.parse("2026-11-20T09:00:00Z"), Duration.ofHours(1),
				MINUTE);

		assertThat(query.uri().getPath()).isEqualTo("/prometheus/api/v1/query_range");
	}

	@Test
	void queryWhenPromqlIsBadShouldBeTheUsersToFixInPrometheusOwnWords() {
		this.prometheus.answer(400, FakePrometheus.error("bad_data",
				"invalid parameter \"query\": 1:5: parse error: unexpected end of input"));

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessage("Prometheus refused the query (HTTP 400, bad_data): invalid parameter \"query\": 1:5: parse"
					+ " error: unexpected end of input");
	}

	@Test
	void queryWhenTooHeavyToRunShouldBeTheUsersToFix() {
		this.prometheus.answer(422, FakePrometheus.error("execution", "query processing would load too many samples"));

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("too many samples");
	}

	@Test
	void queryWhenPrometheusFailsShouldBeAnEnvironmentProblem() {
		this.prometheus.answer(503, FakePrometheus.error("timeout", "query timed out in expression evaluation"));

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false)).isInstanceOf(EnvironmentException.class)
			.hasMessage("Prometheus refused the query (HTTP 503, timeout): query timed out in expression evaluation");
	}

	@Test
	void queryWhenThereIsNoSeriesShouldSayTheMetricIsNotThere() {
		this.prometheus.answer(200, "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}");

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false)).isInstanceOf(EnvironmentException.class)
			.hasMessageStartingWith("the query returned no series: is the application scraped under that metric name?");
	}

	@Test
	void queryWhenThereAreSeveralSeriesShouldAskToSumThemFirst() {
		this.prometheus.answer(200, FakePrometheus.matrixOf(2, MINUTE, 60, 60, 60, 60, 60));

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessage("the query returned 2 series (the first: {instance=\"node-0\"}); derive needs one: wrap the"
					+ " query in sum(...)");
	}

	@Test
	void queryWhenFewerThanFivePointsShouldBeTooFew() {
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, 60, 60, 60, 60));

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageStartingWith("the query returned 4 point(s) with data")
			.hasMessageContaining("derive needs at least 5");
	}

	@Test
	void queryWhenTheRateIsNegativeShouldNotBeARequestRate() {
		this.prometheus.answer(200, FakePrometheus.matrix(MINUTE, 60, 60, -3, 60, 60));

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("a request rate is never negative");
	}

	@Test
	void queryWhenTheServerIsNotPrometheusShouldBeAnEnvironmentProblem() {
		this.prometheus.html().answer(200, "<html><body>Grafana login</body></html>").html();

		assertThatThrownBy(() -> new PrometheusClient().rates(query(), false)).isInstanceOf(EnvironmentException.class)
			.hasMessageContaining("answered HTTP 200 with no Prometheus API answer (<html><body>Grafana login")
			.hasMessageEndingWith("is that Prometheus' base URL?");
	}

	@Test
	void queryWhenPrometheusIsDownShouldBeAnEnvironmentProblem() throws IOException {
		int closed;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closed = socket.getLocalPort();
		}
		RangeQuery query = RangeQuery.ending(URI.create("http://127.0.0.1:" + closed), "up",
				Instant.parse("2026-11-20T09:00:00Z"), Duration.ofHours(1), MINUTE);

		assertThatThrownBy(() -> new PrometheusClient().rates(query, false)).isInstanceOf(EnvironmentException.class)
			.hasMessageStartingWith("Prometheus at http://127.0.0.1:" + closed + " cannot be reached (")
			.hasMessageEndingWith("): is it running, and is the URL right?");
	}

	@Test
	void queryWhenPrometheusHangsShouldBeAnEnvironmentProblem() throws IOException {
		try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			// Accepts the connection (the backlog does) and never answers.
			RangeQuery query = RangeQuery.ending(URI.create("http://127.0.0.1:" + silent.getLocalPort()), "up",
					Instant.parse("2026-11-20T09:00:00Z"), Duration.ofHours(1), MINUTE);

			assertThatThrownBy(() -> new PrometheusClient(Duration.ofMillis(300)).rates(query, false))
				.isInstanceOf(EnvironmentException.class)
				.hasMessageEndingWith("did not answer within 300ms");
		}
	}

	private RangeQuery query() {
		return RangeQuery.ending(this.prometheus.url(), RangeQuery.THESIS_QUERY, Instant.parse("2026-11-20T09:00:00Z"),
				Duration.ofHours(1), MINUTE);
	}

}

package dev.fluxbench.harness.target;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.contract.metrics.PrometheusText;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MetricsSourceTests {

	@Test
	void urlShouldBeAnEndpointAndAServerWhenItHasASelector() {
		assertThat(MetricsSource.parse("http://app:8080/actuator/prometheus"))
			.isEqualTo(new MetricsSource.Endpoint(URI.create("http://app:8080/actuator/prometheus")));
		assertThat(MetricsSource.parse("http://prom:9090/{job=\"before\",instance=\"a:8080\"}")).isEqualTo(
				new MetricsSource.Server(URI.create("http://prom:9090/"), "{job=\"before\",instance=\"a:8080\"}"));
		assertThatIllegalArgumentException().isThrownBy(() -> MetricsSource.parse("prom:9090"));
	}

	@Test
	void serverShouldBeAskedForTheSelectorAndItsSeriesFilteredAsAnEndpointsWouldBe() throws Exception {
		HttpServer prometheus = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		AtomicReference<String> asked = new AtomicReference<>();
		prometheus.createContext("/prefix/api/v1/query", (exchange) -> {
			asked.set(URLDecoder.decode(exchange.getRequestURI().getRawQuery(), StandardCharsets.UTF_8));
			byte[] body = """
					{"status":"success","data":{"resultType":"vector","result":[
					 {"metric":{"__name__":"jvm_memory_used_bytes","area":"heap","job":"before"},"value":[1.5,"1048576"]},
					 {"metric":{"__name__":"some_other_total","job":"before"},"value":[1.5,"7"]}]}}
					"""
				.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().set("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		});
		prometheus.start();
		try (HttpClient client = HttpClient.newHttpClient()) {
			MetricsSource source = MetricsSource
				.parse("http://127.0.0.1:" + prometheus.getAddress().getPort() + "/prefix/{job=\"before\"}");
			assertThat(source.read(client, Duration.ofSeconds(10))).singleElement().satisfies((sample) -> {
				assertThat(sample).isEqualTo(new PrometheusText.Sample("jvm_memory_used_bytes",
						Map.of("area", "heap", "job", "before"), 1_048_576));
				assertThat(sample.labelsText()).isEqualTo("area=\"heap\",job=\"before\"");
			});
			assertThat(asked.get()).isEqualTo("query={job=\"before\"}");
		}
		finally {
			prometheus.stop(0);
		}
	}

	@Test
	void serverWhenItRefusesTheQueryShouldBeAnError() throws IOException {
		HttpServer prometheus = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		prometheus.createContext("/api/v1/query", (exchange) -> {
			byte[] body = "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"}"
				.getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(400, body.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(body);
			}
		});
		prometheus.start();
		try (HttpClient client = HttpClient.newHttpClient()) {
			MetricsSource source = MetricsSource
				.parse("http://127.0.0.1:" + prometheus.getAddress().getPort() + "{job=}");
			org.assertj.core.api.Assertions.assertThatIOException()
				.isThrownBy(() -> source.read(client, Duration.ofSeconds(10)))
				.withMessageContaining("parse error");
		}
		finally {
			prometheus.stop(0);
		}
	}

}

package dev.fluxbench.app.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;

import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpHeaders;
import org.springframework.test.json.JsonAssert;
import org.springframework.test.json.JsonCompareMode;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The burst in small: an r2dbc-pool of one connection that the test holds, so the
 * artist list waits out the pool's max-acquire-time. That is overload, a 503 with
 * Retry-After, not a 500.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.r2dbc.url=r2dbc:h2:mem:///pool-saturation?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"spring.flyway.url=jdbc:h2:mem:pool-saturation;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"fluxbench.db.pool.max-size=1", "fluxbench.db.pool.acquire-timeout=250ms" })
class PoolSaturationTests {

	private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private ConnectionFactory connectionFactory;

	@Autowired
	private MeterRegistry registry;

	@Test
	void artistsWhenTheDatabasePoolIsExhaustedShouldAnswer503DatabaseSaturated() throws Exception {
		Connection held = Mono.from(this.connectionFactory.create()).block();
		HttpResponse<String> refused;
		try {
			refused = HTTP.send(get(ArtistPaths.ARTISTS), BodyHandlers.ofString());
		}
		finally {
			Mono.from(held.close()).block();
		}

		assertThat(refused.statusCode()).isEqualTo(503);
		assertThat(refused.headers().firstValue(HttpHeaders.RETRY_AFTER)).hasValue(Overload.retryAfter());
		assertThat(refused.headers().firstValue(HttpHeaders.CONTENT_TYPE)).hasValue("application/problem+json");
		JsonAssert.comparator(JsonCompareMode.LENIENT)
			.assertIsMatch(problem(ProblemType.DATABASE_SATURATED, ArtistPaths.ARTISTS,
					"No database connection came free in time; try again later."), refused.body());
		assertThat(this.registry.get("fluxbench.overload").tag("reason", "database-saturated").counter().count())
			.isEqualTo(1.0);
		assertThat(HTTP.send(get(ArtistPaths.ARTISTS), BodyHandlers.ofString()).statusCode()).isEqualTo(200);
	}

	@Test
	void theH2PoolShouldLendOnBoundedElasticAndKeepItsMetrics() {
		String thread = Mono.from(this.connectionFactory.create())
			.flatMap((connection) -> Mono.just(Thread.currentThread().getName())
				.flatMap((name) -> Mono.from(connection.close()).thenReturn(name)))
			.block();

		assertThat(thread).startsWith("boundedElastic-");
		assertThat(this.registry.get("r2dbc.pool.max.allocated").gauge().value()).isEqualTo(1.0);
	}

	private HttpRequest get(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build();
	}

}

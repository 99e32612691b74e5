package dev.fluxbench.app.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.sql.Connection;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

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
 * The burst in small: a pool of two connections (Flyway needs both at startup)
 * that the test holds, so the artist list waits out Hikari's acquire timeout. That is
 * overload, a 503 with Retry-After, not a 500.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:pool-saturation;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				"fluxbench.db.pool.max-size=2", "fluxbench.db.pool.acquire-timeout=250ms", Accounts.BCRYPT_COST })
class PoolSaturationTests {

	private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private MeterRegistry registry;

	@Test
	void artistsWhenTheDatabasePoolIsExhaustedShouldAnswer503DatabaseSaturated() throws Exception {
		// The acquire timeout reaches Hikari, which counts it in milliseconds.
		assertThat(this.dataSource.unwrap(HikariDataSource.class).getConnectionTimeout()).isEqualTo(250);
		HttpResponse<String> refused;
		try (Connection first = this.dataSource.getConnection(); Connection second = this.dataSource.getConnection()) {
			refused = HTTP.send(get(ArtistPaths.ARTISTS), BodyHandlers.ofString());
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

	private HttpRequest get(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).build();
	}

}

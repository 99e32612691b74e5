package dev.fluxbench.app.unit;

import java.net.URI;
import java.time.Duration;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Every limit of the HTTP client that fetches fresh units from the partner's SOAP
 * repository, explicit for the same reason as the downstream's: each client's own
 * defaults differ and cap a benchmark silently.
 *
 * @param baseUrl where the repository listens; it serves {@code POST /soap/units}
 * @param connectTimeout how long to wait for a TCP connection
 * @param readTimeout how long to wait for the repository's answer; then 504
 * @param maxConnections the connection pool's size
 * @param maxPendingAcquires how many requests may wait for a pooled connection before the
 * client refuses more with a 503
 * @param acquireTimeout how long a request may wait for a pooled connection
 */
@Validated
@ConfigurationProperties("fluxbench.partner-repository")
record PartnerRepositoryProperties(@DefaultValue("http://127.0.0.1:8090") @NotNull URI baseUrl,
		@DefaultValue("2s") @NotNull Duration connectTimeout, @DefaultValue("10s") @NotNull Duration readTimeout,
		@DefaultValue("10000") @Min(1) int maxConnections, @DefaultValue("10000") @Min(0) int maxPendingAcquires,
		@DefaultValue("10s") @NotNull Duration acquireTimeout) {

}

package dev.fluxbench.app.unit;

import dev.fluxbench.app.client.PooledClientProperties;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.validation.annotation.Validated;

/**
 * The HTTP client that fetches fresh units from the partner's SOAP repository, on a pool
 * apart from the downstream's so that one cannot starve the other. Bound at
 * {@code fluxbench} so that its limits read {@code fluxbench.partner-repository.*}.
 *
 * @param partnerRepository where the repository listens (it serves POST /soap/units), and
 * the client's timeouts and pool; past its read timeout a 504, past its pending limit a
 * 503
 */
@Validated
@ConfigurationProperties("fluxbench")
record PartnerRepositoryProperties(
		@Valid @NotNull @NestedConfigurationProperty PooledClientProperties partnerRepository) {

}

package dev.fluxbench.app.passthrough;

import dev.fluxbench.app.client.PooledClientProperties;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.validation.annotation.Validated;

/**
 * The HTTP client that calls the downstream, the passthrough's and the chain's. Bound at
 * {@code fluxbench} so that its limits keep the names command lines pass:
 * {@code fluxbench.downstream.base-url} and its siblings.
 *
 * @param downstream where the downstream listens, and the client's timeouts and pool
 */
@Validated
@ConfigurationProperties("fluxbench")
public record DownstreamProperties(@Valid @NotNull @NestedConfigurationProperty PooledClientProperties downstream) {

}

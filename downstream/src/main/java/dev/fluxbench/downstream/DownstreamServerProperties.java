package dev.fluxbench.downstream;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of the downstream itself. Named {@code downstream-server} because {@code fluxbench.downstream}
 * is the apps' client side of the same service.
 *
 * @param maxBytes the largest body {@code GET /delay/{ms}} sends; this much memory is held for the
 * lifetime of the process, whatever the load
 * @param maxWait the longest a request may wait, through {@code /delay/{ms}} or
 * {@code X-Fault-Stall}; bounded so that a forgotten client cannot hold a request forever
 */
@ConfigurationProperties("fluxbench.downstream-server")
record DownstreamServerProperties(@DefaultValue("16MB") DataSize maxBytes, @DefaultValue("10m") Duration maxWait) {

	DownstreamServerProperties {
		if (maxBytes.isNegative() || maxBytes.toBytes() > Integer.MAX_VALUE - 8) {
			throw new IllegalArgumentException("fluxbench.downstream-server.max-bytes must be from 0 to 2GB, not " + maxBytes);
		}
		if (maxWait.isNegative()) {
			throw new IllegalArgumentException("fluxbench.downstream-server.max-wait must not be negative, not " + maxWait);
		}
	}

}

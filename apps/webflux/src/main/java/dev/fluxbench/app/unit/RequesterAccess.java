package dev.fluxbench.app.unit;

import java.time.Duration;
import java.util.Map;

import dev.fluxbench.app.system.RateLimitedLog;
import dev.fluxbench.contract.unit.UnitPaths;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Whether a requesting service may read units: the thesis' {@code checkRequestAllowed},
 * {@code isRequesterAllowed} and {@code getRegistryConfig} (its Table 2, case B). The
 * registry is read on every request, as in the thesis, so that switching a requester off
 * takes effect at once.
 */
@Component
class RequesterAccess {

	private static final Log logger = LogFactory.getLog(RequesterAccess.class);

	// The requester name comes from a request header: one WARN per request would let any
	// caller flood the log. One line per name and minute, with a count of those left out;
	// names past the thousandth share one line.
	private final RateLimitedLog unknownRequesters = new RateLimitedLog(logger, Duration.ofMinutes(1), 1000);

	private final RegistryConfigRepository registry;

	RequesterAccess(RegistryConfigRepository registry) {
		this.registry = registry;
	}

	/**
	 * Emits true, or fails with {@link RequesterDeniedException} when the requester is
	 * unknown or switched off.
	 */
	Mono<Boolean> checkRequestAllowed(String requester) {
		return isRequesterAllowed(requester)
			.flatMap((allowed) -> allowed ? Mono.just(true) : Mono.error(new RequesterDeniedException(requester)));
	}

	Mono<Boolean> isRequesterAllowed(String requesterName) {
		return getRegistryConfig().filter((statuses) -> statuses.containsKey(requesterName))
			.map((statuses) -> statuses.get(requesterName))
			.switchIfEmpty(Mono.fromSupplier(() -> {
				this.unknownRequesters.warn(requesterName, () -> "No status for requester '" + requesterName
						+ "' in registry config property " + UnitPaths.SERVICE_STATUSES + "; denied");
				return false;
			}));
	}

	Mono<Map<String, Boolean>> getRegistryConfig() {
		return this.registry.findByProperty(UnitPaths.SERVICE_STATUSES)
			.collectMap(RegistryConfig::name, RegistryConfig::enabled);
	}

}

package dev.fluxbench.app.unit;

import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

import dev.fluxbench.app.system.RateLimitedLog;
import dev.fluxbench.contract.unit.UnitPaths;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.stereotype.Component;

/**
 * Whether a requesting service may read units: the thesis' {@code checkRequestAllowed},
 * {@code isRequesterAllowed} and {@code getRegistryConfig} (its Table 2, case A). The
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
	 * Checks that the requester may call the unit service.
	 * @throws RequesterDeniedException when the requester is unknown or switched off
	 */
	void checkRequestAllowed(String requester) {
		if (!isRequesterAllowed(requester)) {
			throw new RequesterDeniedException(requester);
		}
	}

	boolean isRequesterAllowed(String requesterName) {
		Map<String, Boolean> statuses = getRegistryConfig();
		if (statuses.containsKey(requesterName)) {
			return statuses.get(requesterName);
		}
		this.unknownRequesters.warn(requesterName, () -> "No status for requester '" + requesterName
				+ "' in registry config property " + UnitPaths.SERVICE_STATUSES + "; denied");
		return false;
	}

	Map<String, Boolean> getRegistryConfig() {
		return this.registry.findByProperty(UnitPaths.SERVICE_STATUSES)
			.stream()
			.collect(Collectors.toMap(RegistryConfig::name, RegistryConfig::enabled));
	}

}

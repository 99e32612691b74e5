package dev.fluxbench.harness.derive;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything {@code fluxbench derive} found and decided, which the scenario file records
 * in full.
 *
 * @param query what was asked of Prometheus
 * @param perSecond whether the query returns requests per second (otherwise per minute)
 * @param traffic the normal rate, the peak and the busiest hour
 * @param levels the three levels and the Little's law inputs
 * @param method the journey's HTTP method
 * @param path the journey's path, for the user to edit: traffic totals do not say which
 * endpoint
 * @param warnings what Prometheus warned about
 * @param derivedAt when
 */
public record Derivation(RangeQuery query, boolean perSecond, TrafficProfile traffic, LoadLevels levels, String method,
		String path, List<String> warnings, Instant derivedAt) {

	/** The methods a scenario's request may use. */
	public static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

	public Derivation {
		Objects.requireNonNull(query, "query");
		Objects.requireNonNull(traffic, "traffic");
		Objects.requireNonNull(levels, "levels");
		Objects.requireNonNull(derivedAt, "derivedAt");
		warnings = List.copyOf(warnings);
		if (!METHODS.contains(method)) {
			throw new IllegalArgumentException(
					"the method must be one of " + METHODS.stream().sorted().toList() + ", not '" + method + "'");
		}
		if (path == null || !path.startsWith("/")) {
			throw new IllegalArgumentException("the path must start with '/', not '" + path + "'");
		}
	}

}

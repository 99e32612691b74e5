package dev.fluxbench.app.unit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;

import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * Counts unit lookups per requester and outcome as {@code fluxbench.unit.lookups}: the
 * statistics page reads call counts per requester from it.
 */
@Component
public class UnitLookups {

	public static final String METER = "fluxbench.unit.lookups";

	// The requester tag comes from a request header: past this many names, new ones are
	// not counted, so that a client inventing names cannot grow the registry without
	// bound.
	static final int MAX_REQUESTERS = 100;

	private final MeterRegistry registry;

	UnitLookups(MeterRegistry registry) {
		this.registry = registry;
	}

	// Static: Boot applies MeterFilter beans to the registry before this component can
	// exist.
	@Bean
	static MeterFilter unitLookupRequesterLimit() {
		return MeterFilter.maximumAllowableTags(METER, "requester", MAX_REQUESTERS, MeterFilter.deny());
	}

	void found(String requester) {
		count(requester, "found");
	}

	void notFound(String requester) {
		count(requester, "not-found");
	}

	void denied(String requester) {
		count(requester, "denied");
	}

	private void count(String requester, String outcome) {
		Counter.builder(METER)
			.description("Unit lookups by requesting service and outcome")
			.tag("requester", requester)
			.tag("outcome", outcome)
			.register(this.registry)
			.increment();
	}

}

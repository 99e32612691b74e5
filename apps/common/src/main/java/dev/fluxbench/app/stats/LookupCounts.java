package dev.fluxbench.app.stats;

import java.util.Comparator;
import java.util.List;

import dev.fluxbench.app.unit.UnitLookups;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * The statistics page's call counts, read from the counter that the unit lookup
 * increments. The page shows what {@code /actuator/prometheus} shows, so there is no
 * second count to drift from the first.
 */
@Component
public class LookupCounts {

	private static final Comparator<LookupCount> BY_REQUESTER_AND_OUTCOME = Comparator.comparing(LookupCount::requester)
		.thenComparing(LookupCount::outcome);

	private final MeterRegistry registry;

	public LookupCounts(MeterRegistry registry) {
		this.registry = registry;
	}

	/**
	 * One entry per requester and outcome that has been counted, ordered by requester,
	 * then outcome.
	 */
	public List<LookupCount> counts() {
		return this.registry.find(UnitLookups.METER)
			.counters()
			.stream()
			.map(LookupCounts::count)
			.sorted(BY_REQUESTER_AND_OUTCOME)
			.toList();
	}

	private static LookupCount count(Counter counter) {
		// A counter only ever grows by one here, so the double is a whole number.
		return new LookupCount(counter.getId().getTag("requester"), counter.getId().getTag("outcome"),
				(long) counter.count());
	}

}

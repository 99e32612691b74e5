package dev.fluxbench.harness.report;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * How much a cumulative counter grew over a load, read from its scrapes the way
 * Prometheus' {@code increase()} reads a series, with two rules that a difference of the
 * last and first scrape gets wrong:
 * <ul>
 * <li>A series that first appears during the load started from 0. Micrometer creates a
 * counter such as {@code jvm_gc_pause_seconds_count} at its first event, so before it
 * appeared nothing had happened, and the value it appears with all happened during the
 * load. This holds only when the app answered the earlier scrapes without it; a scrape
 * the app did not answer proves nothing.</li>
 * <li>A counter that went down was reset by a restart: it counts on from 0, and the drop
 * is not subtracted.</li>
 * </ul>
 * The prometheus-client libraries compute {@code increase()} in the server, not over
 * scraped text, so there is no library to call for this.
 */
final class Counters {

	private Counters() {
	}

	/**
	 * The growth of {@code counter} over {@code scrapes}; NaN when no scrape has it (the
	 * app does not expose it), or when it is known only from one scrape that cannot serve
	 * as its own start.
	 */
	static double increase(List<Scrape> scrapes, ToDoubleFunction<Scrape> counter) {
		double previous = Double.NaN;
		double increase = 0;
		boolean answeredWithout = false;
		boolean seen = false;
		for (Scrape scrape : scrapes) {
			double value = counter.applyAsDouble(scrape);
			if (Double.isNaN(value)) {
				answeredWithout |= !seen && answered(scrape);
				continue;
			}
			if (!seen) {
				seen = true;
				if (answeredWithout) {
					increase += value;
				}
			}
			else {
				increase += (value >= previous) ? value - previous : value;
			}
			previous = value;
		}
		return (seen && (answeredWithout || countedFromTwo(scrapes, counter))) ? increase : Double.NaN;
	}

	private static boolean countedFromTwo(List<Scrape> scrapes, ToDoubleFunction<Scrape> counter) {
		return scrapes.stream().filter((scrape) -> !Double.isNaN(counter.applyAsDouble(scrape))).limit(2).count() == 2;
	}

	/**
	 * Whether the app answered this scrape at all: a JVM always exposes its threads and
	 * heap.
	 */
	private static boolean answered(Scrape scrape) {
		return !Double.isNaN(scrape.liveThreads()) || !Double.isNaN(scrape.heapUsed());
	}

}

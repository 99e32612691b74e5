package dev.fluxbench.harness.report;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

import dev.fluxbench.harness.results.Warmup;

/**
 * How much a cumulative counter grew over a load, read from its scrapes the way
 * Prometheus' {@code increase()} reads a series: series by series, then added up. Two
 * rules make it differ from the last scrape minus the first:
 * <ul>
 * <li>A series that first appears during the load started from 0, when the counter is one
 * whose series are made at their first event. Micrometer creates
 * {@code jvm_gc_pause_seconds_count{gc="G1 Young Generation",...}} at the first such
 * pause, so before it appeared nothing had happened, and the value it appears with all
 * happened during the load. This holds only when the target's metrics answered an earlier
 * scrape without it; a scrape they did not answer proves nothing. A CPU time is there
 * from the process' start: when it first appears mid-load, its first value is where the
 * load's count starts.</li>
 * <li>A series that went down was reset by a restart: it counts on from 0, and the drop
 * is not subtracted.</li>
 * </ul>
 * Series by series, because a sum of them hides a reset of one under the growth of
 * another (two instances behind one Prometheus selector), and a series that stops
 * appearing would look like a reset of the sum. The prometheus-client libraries compute
 * {@code increase()} in the server, not over scraped text, so there is no library to call
 * for this.
 */
final class Counters {

	private Counters() {
	}

	/**
	 * The growth of {@code counter} over {@code scrapes}, or why it cannot be known (see
	 * {@link Figure}'s reasons). A counter whose series are made at their first event,
	 * with none in two or more scrapes that answered, grew by 0 when its witness shows
	 * that whatever makes them was there.
	 */
	static Figure increase(List<Scrape> scrapes, Counter counter) {
		if (scrapes.isEmpty()) {
			return Figure.unknown(Figure.NOT_SCRAPED);
		}
		Set<Scrape.Series> series = new LinkedHashSet<>();
		for (Scrape scrape : scrapes) {
			scrape.counters().keySet().stream().filter(counter::counts).forEach(series::add);
		}
		double total = 0;
		boolean known = false;
		for (Scrape.Series one : series) {
			OptionalDouble grew = increase(scrapes, one, counter.createdAtFirstEvent());
			if (grew.isPresent()) {
				total += grew.getAsDouble();
				known = true;
			}
		}
		if (known) {
			return Figure.of(total * counter.unit());
		}
		List<Scrape> relevant = counter.exposed() ? scrapes.stream().filter(Scrape::answered).toList() : scrapes;
		if (relevant.isEmpty()) {
			return Figure.unknown(counter.exposed() ? Figure.NO_METRICS : Figure.NOT_RECORDED);
		}
		if (!series.isEmpty() || relevant.size() < 2) {
			return Figure.unknown(Figure.ONE_SCRAPE);
		}
		boolean witnessed = counter.witness()
			.filter((witness) -> relevant.stream()
				.allMatch((scrape) -> scrape.counters().keySet().stream().anyMatch((s) -> s.metric().equals(witness))))
			.isPresent();
		if (witnessed) {
			return Figure.of(0);
		}
		return Figure.unknown(counter.exposed() ? Figure.NOT_EXPOSED : Figure.NOT_RECORDED);
	}

	/**
	 * The app's CPU time over {@code scrapes}, in seconds: from /proc when fluxbench
	 * started the app, else from the app's own counter. Each is counted on its own, never
	 * one against the other: their values differ slightly, and a drop from one to the
	 * other would read as a restart.
	 */
	static Figure appCpuSeconds(List<Scrape> scrapes) {
		Figure proc = increase(scrapes, Counter.APP_CPU);
		if (proc.known()) {
			return proc;
		}
		Figure micrometer = increase(scrapes, Counter.APP_CPU_MICROMETER);
		if (micrometer.known()) {
			return micrometer;
		}
		Figure prometheus = increase(scrapes, Counter.APP_CPU_PROMETHEUS);
		if (prometheus.known()) {
			return prometheus;
		}
		// The most telling reason: a series that was there but seen once, else why the
		// app's own counter is missing.
		for (Figure unknown : List.of(proc, micrometer, prometheus)) {
			if (unknown.unknownBecause().equals(Figure.ONE_SCRAPE)) {
				return unknown;
			}
		}
		return micrometer;
	}

	/**
	 * The share of the app's CPU time that its JIT compiler threads used over
	 * {@code scrapes}, the app counted as busy for at least one core
	 * ({@link Warmup#jitShare}): their CPU time from /proc when fluxbench started the
	 * app, else Micrometer's compilation time, which counts waiting too and so can only
	 * overstate.
	 */
	static Figure jitShare(List<Scrape> scrapes) {
		Figure cpu = appCpuSeconds(scrapes);
		Figure jit = increase(scrapes, Counter.APP_JIT_CPU);
		if (!jit.known()) {
			jit = increase(scrapes, Counter.APP_COMPILATION_MICROMETER);
		}
		if (!jit.known()) {
			return jit;
		}
		if (!cpu.known()) {
			return cpu;
		}
		double seconds = scrapes.isEmpty() ? 0
				: Duration.between(scrapes.get(0).at(), scrapes.get(scrapes.size() - 1).at()).toNanos() / 1e9;
		return Figure.of(Warmup.jitShare(jit.value(), cpu.value(), seconds));
	}

	/** One series' growth; empty when nothing tells where it started. */
	/**
	 * How much a counter of the app grew over the load per value of one of its labels, as
	 * the requests each node behind a balancer served ({@code node="N"}); series without
	 * the label, or that {@code counted} refuses by their tags, are left out.
	 */
	static Map<String, Double> increaseByTag(List<Scrape> scrapes, String metric, String tag,
			Predicate<String> counted) {
		Map<String, Double> grown = new TreeMap<>();
		Set<Scrape.Series> series = new LinkedHashSet<>();
		for (Scrape scrape : scrapes) {
			scrape.counters()
				.keySet()
				.stream()
				.filter((one) -> one.source().equals("app") && one.metric().equals(metric) && counted.test(one.tags()))
				.forEach(series::add);
		}
		for (Scrape.Series one : series) {
			Optional<String> value = Scrape.tag(one.tags(), tag);
			OptionalDouble grew = increase(scrapes, one, true);
			if (value.isPresent() && grew.isPresent()) {
				grown.merge(value.get(), grew.getAsDouble(), Double::sum);
			}
		}
		return grown;
	}

	private static OptionalDouble increase(List<Scrape> scrapes, Scrape.Series series, boolean createdAtFirstEvent) {
		double previous = Double.NaN;
		double total = 0;
		boolean known = false;
		boolean answeredWithout = false;
		for (Scrape scrape : scrapes) {
			Double value = scrape.counters().get(series);
			if (value == null) {
				answeredWithout |= Double.isNaN(previous) && scrape.answered();
				continue;
			}
			if (!Double.isNaN(previous)) {
				total += (value >= previous) ? value - previous : value;
				known = true;
			}
			else if (createdAtFirstEvent && answeredWithout) {
				total += value;
				known = true;
			}
			previous = value;
		}
		return known ? OptionalDouble.of(total) : OptionalDouble.empty();
	}

}

package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.results.Sample;

/**
 * Seed 003's reading of a load that ramps up: the share of answers under a line, and the
 * load at which response time "crashes". The seed found that load by eye on Gatling's
 * charts; here it is the first stretch of the ramp after which response time stays
 * broken.
 * <p>
 * Requests are grouped by when they <em>started</em>, because the load a request met is
 * the rate at which requests were being started then. A window is broken when its
 * requests took longer than the line on average, or more than {@link #BROKEN_ERROR_SHARE}
 * of them failed: a stack that fails fast has broken down too, however quick its errors
 * are. A single broken window (one long GC pause) is not a breakdown: the next one must
 * be broken too.
 *
 * @param line the response time the seed counts answers under, and above which a window's
 * mean is broken
 * @param width how long each window is
 * @param underLinePercent successful answers faster than the line, as a share of every
 * request
 * @param breakdownRate requests started per second in the first window of the breakdown;
 * empty when response time never broke down, or was broken from the first window on
 * @param brokenFromStart whether the very first window was already broken, so no rate was
 * ever served well
 * @param meanBeforeMillis the mean response time of the requests started before the
 * breakdown (of every request, when there was none)
 * @param windows the ramp window by window
 */
public record RampBreakdown(Duration line, Duration width, double underLinePercent, Optional<Double> breakdownRate,
		boolean brokenFromStart, double meanBeforeMillis, List<Window> windows) {

	/** Seed 003 counts the answers under 800 ms. */
	public static final Duration SEED_LINE = Duration.ofMillis(800);

	/**
	 * Above this share of failed requests a window is broken whatever its response time.
	 */
	static final double BROKEN_ERROR_SHARE = 0.10;

	/** A ramp is cut into this many windows, so that each is a small step of the load. */
	static final int WINDOWS = 60;

	/**
	 * The shortest window: below it a window holds too few requests to speak for a rate.
	 */
	static final Duration MIN_WIDTH = Duration.ofSeconds(2);

	/**
	 * Ramps shorter than this are a way to reach a level, not a load to read as seed 003
	 * did.
	 */
	static final Duration MIN_RAMP = Duration.ofSeconds(30);

	/**
	 * Reads a load whose rate climbed for {@code ramp}; empty when the ramp is too short
	 * to read or there are no samples.
	 */
	public static Optional<RampBreakdown> of(List<Sample> samples, Duration ramp, Duration line) {
		if (samples.isEmpty() || ramp.compareTo(MIN_RAMP) < 0) {
			return Optional.empty();
		}
		Duration width = ramp.dividedBy(WINDOWS);
		width = (width.compareTo(MIN_WIDTH) < 0) ? MIN_WIDTH
				: Duration.ofSeconds(Math.round(width.toMillis() / 1000.0));
		List<Window> windows = windows(samples, width, line);
		int breakdown = breakdown(windows);
		long under = samples.stream()
			.filter((sample) -> sample.success() && sample.elapsed().compareTo(line) < 0)
			.count();
		Instant before = (breakdown < 0) ? Instant.MAX : windows.get(breakdown).start();
		double[] meanBefore = samples.stream()
			.filter((sample) -> sample.timestamp().isBefore(before))
			.mapToDouble((sample) -> sample.elapsed().toNanos() / 1e6)
			.toArray();
		if (meanBefore.length == 0) {
			meanBefore = samples.stream().mapToDouble((sample) -> sample.elapsed().toNanos() / 1e6).toArray();
		}
		Optional<Double> rate = (breakdown > 0) ? Optional.of(windows.get(breakdown).startedRate()) : Optional.empty();
		return Optional.of(new RampBreakdown(line, width, 100.0 * under / samples.size(), rate, breakdown == 0,
				Statistics.mean(meanBefore), List.copyOf(windows)));
	}

	/** The index of the first window of a breakdown, -1 for none. */
	private static int breakdown(List<Window> windows) {
		for (int i = 0; i < windows.size(); i++) {
			boolean next = (i + 1 == windows.size()) || windows.get(i + 1).broken();
			if (windows.get(i).broken() && next) {
				return i;
			}
		}
		return -1;
	}

	private static List<Window> windows(List<Sample> samples, Duration width, Duration line) {
		long first = samples.stream().mapToLong((sample) -> sample.timestamp().toEpochMilli()).min().orElseThrow();
		long last = samples.stream().mapToLong((sample) -> sample.timestamp().toEpochMilli()).max().orElseThrow();
		long widthMillis = width.toMillis();
		int count = (int) ((last - first) / widthMillis) + 1;
		List<List<Sample>> grouped = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			grouped.add(new ArrayList<>());
		}
		samples.forEach(
				(sample) -> grouped.get((int) ((sample.timestamp().toEpochMilli() - first) / widthMillis)).add(sample));
		// The last window is cut short by the end of the load: its rate would read as a
		// drop.
		int whole = (count == 1) ? 1 : count - 1;
		List<Window> windows = new ArrayList<>(whole);
		double lineMillis = line.toNanos() / 1e6;
		for (int i = 0; i < whole; i++) {
			List<Sample> group = grouped.get(i);
			Instant start = Instant.ofEpochMilli(first + i * widthMillis);
			if (group.isEmpty()) {
				windows.add(new Window(start, 0, 0, Double.NaN, Double.NaN, 0, false));
				continue;
			}
			double[] elapsed = group.stream().mapToDouble((sample) -> sample.elapsed().toNanos() / 1e6).toArray();
			long errors = group.stream().filter((sample) -> !sample.success()).count();
			double mean = Statistics.mean(elapsed);
			double errorShare = (double) errors / group.size();
			windows.add(new Window(start, group.size() / (widthMillis / 1000.0), group.size(), mean,
					Statistics.percentile(elapsed, 99), 100.0 * errorShare,
					mean > lineMillis || errorShare > BROKEN_ERROR_SHARE));
		}
		return windows;
	}

	/**
	 * One window of the ramp.
	 *
	 * @param start when it began
	 * @param startedRate requests started per second in it: the load it met
	 * @param samples how many requests started in it
	 * @param meanMillis their mean response time
	 * @param p99Millis their 99th percentile
	 * @param errorPercent the share that failed
	 * @param broken whether the window counts as broken
	 */
	public record Window(Instant start, double startedRate, int samples, double meanMillis, double p99Millis,
			double errorPercent, boolean broken) {

	}

}

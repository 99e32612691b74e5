package dev.fluxbench.harness.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;

import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.Warmup;
import org.HdrHistogram.Histogram;

/**
 * Everything the report knows of one load level of one stack in one trial, computed from
 * its samples and scrapes alone.
 *
 * @param key which measurement
 * @param finished whether run.json says the load ran to its end; an unfinished one is
 * reported, and marked, but never enters a verdict
 * @param steady whether the app's JIT compiled for no more than its set share of the
 * app's CPU during the load (unknown counts as steady); a load that compiled more is
 * marked in the tables and enters no verdict
 * @param summaries the figures over all labels first, then per label when there are
 * several
 * @param distribution elapsed time at the {@link #PERCENTILES}
 * @param seconds the load second by second
 * @param scrapes the metrics scraped during the load
 * @param plateauThroughput requests/s once every user has started and before the first
 * ones finish: the steady state that Little's law speaks of, where
 * {@code all().throughput()} also averages in the ramp-up
 * @param efficiency what the answers cost
 * @param journeys how the users' journeys ended, as the generator counted them; empty
 * when run.json does not say (an older harness, or a load that did not finish)
 * @param passwordChecks what checking passwords cost the app; empty when it exposes no
 * such metric
 * @param ramp seed 003's reading of an open load that ramps up for long enough; empty
 * otherwise
 */
public record LoadResult(LoadKey key, boolean finished, boolean steady, List<Summary> summaries,
		List<PercentilePoint> distribution, List<Second> seconds, List<Scrape> scrapes, double plateauThroughput,
		Efficiency efficiency, Optional<Journeys> journeys, Optional<PasswordChecks> passwordChecks,
		Optional<RampBreakdown> ramp) {

	/**
	 * The same load, its generator shared with other targets' loads at the same time
	 * ({@link Efficiency#sharingTheGenerator}).
	 */
	LoadResult sharingTheGenerator(long allRequests) {
		return new LoadResult(this.key, this.finished, this.steady, this.summaries, this.distribution, this.seconds,
				this.scrapes, this.plateauThroughput, this.efficiency.sharingTheGenerator(all().samples(), allRequests),
				this.journeys, this.passwordChecks, this.ramp);
	}

	/**
	 * The percentiles of the distribution chart: up to the tail, where stacks differ
	 * most.
	 */
	static final double[] PERCENTILES = { 0, 50, 75, 90, 95, 99, 99.9, 99.99, 100 };

	/**
	 * The most requests under way in any second: near the generator's thread cap, it ran
	 * out of threads.
	 */
	public double peakInFlight() {
		return this.seconds.stream().mapToDouble(Second::inFlight).max().orElse(0);
	}

	/**
	 * Whether it enters the verdicts: it ran to its end, and its JIT compiled within the
	 * run's share of the app's CPU. A load measured while the JIT still compiled says
	 * more about how fast its JVM compiles than about its stack.
	 */
	public boolean counted() {
		return this.finished && this.steady;
	}

	/** Its trial, as the tables show it: marked when it enters no verdict. */
	public String trialLabel() {
		return this.key.trial() + (!this.finished ? " (unfinished)" : !this.steady ? " (not steady)" : "");
	}

	public Summary all() {
		return this.summaries.getFirst();
	}

	/**
	 * One label's figures: its own summary, or the one over all labels when the load had
	 * no other (a journey of one request keeps only that line).
	 */
	public Optional<Summary> summaryOf(String label) {
		Optional<Summary> own = Summary.forLabel(this.summaries, label);
		return (own.isEmpty() && this.summaries.size() == 1) ? Optional.of(all()) : own;
	}

	public Summary summary(String label) {
		return summaryOf(label)
			.orElseThrow(() -> new IllegalArgumentException("no label " + label + " at " + this.key));
	}

	public double errorPercent(String label) {
		Summary summary = summary(label);
		return 100.0 * summary.errors() / summary.samples();
	}

	/** Plateau throughput as a share of Little's-law limit, when the scenario has one. */
	public Optional<Double> ofLittlesLawLimit() {
		return this.efficiency.littlesLawLimit().map((limit) -> this.plateauThroughput / limit);
	}

	public double errorPercent() {
		return 100.0 * all().errors() / all().samples();
	}

	/**
	 * Null when there are no samples: a load that died before its first answer has
	 * nothing to say.
	 */
	static LoadResult of(LoadKey key, boolean finished, List<Sample> samples, List<Scrape> scrapes, Duration rampUp,
			Optional<Double> littlesLawLimit, Optional<Journeys> journeys) {
		return of(key, finished, samples, scrapes, rampUp, false, littlesLawLimit, journeys,
				Warmup.DEFAULT_MAX_COMPILE_SHARE);
	}

	/**
	 * Sums up one load from its samples and scrapes.
	 * @param openModel whether requests started at a rate, so that a long ramp-up is a
	 * climbing load to read as seed 003 did; a ramp of users is not
	 * @param maxCompileShare the largest share of the app's CPU its JIT may take in a
	 * steady load
	 */
	static LoadResult of(LoadKey key, boolean finished, List<Sample> samples, List<Scrape> scrapes, Duration rampUp,
			boolean openModel, Optional<Double> littlesLawLimit, Optional<Journeys> journeys, double maxCompileShare) {
		if (samples.isEmpty()) {
			return null;
		}
		List<Second> seconds = seconds(samples);
		Optional<RampBreakdown> ramp = openModel ? RampBreakdown.of(samples, rampUp, RampBreakdown.SEED_LINE)
				: Optional.empty();
		Efficiency efficiency = efficiency(samples.size(), scrapes, littlesLawLimit);
		boolean steady = !efficiency.jitShare().known() || efficiency.jitShare().value() <= maxCompileShare;
		return new LoadResult(key, finished, steady, Summary.of(key, samples), distribution(samples), seconds, scrapes,
				plateau(seconds, rampUp), efficiency, journeys, passwordChecks(scrapes), ramp);
	}

	/**
	 * How much the password counters grew over the load ({@link Counters}); none when the
	 * app does not expose them, as with any scenario but seed 002's or a service of the
	 * user's own.
	 */
	static Optional<PasswordChecks> passwordChecks(List<Scrape> scrapes) {
		Figure checks = Counters.increase(scrapes, Counter.PASSWORD_CHECKS);
		Figure seconds = Counters.increase(scrapes, Counter.PASSWORD_CHECK_SECONDS);
		if (!checks.known() || !seconds.known()) {
			return Optional.empty();
		}
		// The wall-time series appears at the first check on a virtual thread, if ever.
		return Optional.of(new PasswordChecks(checks.value(), seconds.value(),
				Counters.increase(scrapes, Counter.PASSWORD_CHECK_WALL_SECONDS).orElse(0),
				Counters.appCpuSeconds(scrapes).orElse(Double.NaN)));
	}

	/**
	 * Users start over the ramp-up and, when they run a fixed number of iterations, stop
	 * over about as long at the end; the seconds in between are the plateau. The first
	 * and last seconds are partial and always left out. A load too short for a plateau
	 * falls back to every whole second.
	 */
	static double plateau(List<Second> seconds, Duration rampUp) {
		int ramp = (int) Math.ceil(rampUp.toMillis() / 1000.0);
		int from = Math.max(1, ramp);
		int to = seconds.size() - 1 - ramp;
		if (to - from < 3) {
			from = 1;
			to = seconds.size() - 1;
		}
		if (to <= from) {
			return seconds.stream().mapToInt(Second::completed).sum() / (double) Math.max(seconds.size(), 1);
		}
		return seconds.subList(from, to).stream().mapToInt(Second::completed).average().orElse(0);
	}

	private static List<PercentilePoint> distribution(List<Sample> samples) {
		Histogram histogram = new Histogram(5);
		samples.forEach((sample) -> histogram.recordValue(sample.elapsed().toMillis()));
		List<PercentilePoint> points = new ArrayList<>();
		for (double percentile : PERCENTILES) {
			long value = (percentile == 0) ? histogram.getMinValue() : histogram.getValueAtPercentile(percentile);
			points.add(new PercentilePoint(percentile, value));
		}
		return points;
	}

	private static List<Second> seconds(List<Sample> samples) {
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		for (Sample sample : samples) {
			first = Math.min(first, sample.timestamp().toEpochMilli());
			last = Math.max(last, sample.timestamp().toEpochMilli() + sample.elapsed().toMillis());
		}
		long firstSecond = Math.floorDiv(first, 1000);
		int length = (int) (Math.floorDiv(last, 1000) - firstSecond + 1);
		int[] completed = new int[length];
		int[] errors = new int[length];
		double[] busyMillis = new double[length];
		List<List<Long>> elapsed = new ArrayList<>(length);
		for (int i = 0; i < length; i++) {
			elapsed.add(new ArrayList<>());
		}
		for (Sample sample : samples) {
			long start = sample.timestamp().toEpochMilli();
			long end = start + sample.elapsed().toMillis();
			int bucket = (int) (Math.floorDiv(end, 1000) - firstSecond);
			completed[bucket]++;
			if (!sample.success()) {
				errors[bucket]++;
			}
			elapsed.get(bucket).add(sample.elapsed().toMillis());
			for (long second = Math.floorDiv(start, 1000); second <= Math.floorDiv(end, 1000); second++) {
				long overlap = Math.min(end, (second + 1) * 1000) - Math.max(start, second * 1000);
				busyMillis[(int) (second - firstSecond)] += Math.max(overlap, 0);
			}
		}
		List<Second> seconds = new ArrayList<>(length);
		for (int i = 0; i < length; i++) {
			double[] values = elapsed.get(i).stream().mapToDouble(Long::doubleValue).toArray();
			double p99 = (values.length == 0) ? Double.NaN : Statistics.percentile(values, 99);
			seconds.add(new Second(firstSecond + i, completed[i], errors[i], p99, busyMillis[i] / 1000.0));
		}
		return seconds;
	}

	private static Efficiency efficiency(int samples, List<Scrape> scrapes, Optional<Double> littlesLawLimit) {
		DoubleUnaryOperator per1000 = (seconds) -> seconds / samples * 1000;
		double mb = 1024 * 1024;
		return new Efficiency(Counters.appCpuSeconds(scrapes).map(per1000),
				Counters.increase(scrapes, Counter.GENERATOR_CPU).map(per1000),
				gauge(scrapes, Scrape::heapUsed, true, (heap) -> Statistics.mean(heap) / mb),
				gauge(scrapes, Scrape::heapUsed, true, (heap) -> Arrays.stream(heap).max().orElseThrow() / mb),
				gauge(scrapes, Scrape::rss, false, (rss) -> Arrays.stream(rss).max().orElseThrow() / mb),
				Counters.increase(scrapes, Counter.GC_PAUSES),
				Counters.increase(scrapes, Counter.GC_PAUSE_SECONDS).map((seconds) -> seconds * 1000),
				Counters.jitShare(scrapes), littlesLawLimit);
	}

	/**
	 * A figure over a gauge's scrapes, or why there is none.
	 * @param exposed whether the target's metrics expose it, rather than /proc
	 */
	private static Figure gauge(List<Scrape> scrapes, ToDoubleFunction<Scrape> gauge, boolean exposed,
			ToDoubleFunction<double[]> figure) {
		if (scrapes.isEmpty()) {
			return Figure.unknown(Figure.NOT_SCRAPED);
		}
		double[] values = scrapes.stream().mapToDouble(gauge).filter((value) -> !Double.isNaN(value)).toArray();
		if (values.length > 0) {
			return Figure.of(figure.applyAsDouble(values));
		}
		if (!exposed) {
			return Figure.unknown(Figure.NOT_RECORDED);
		}
		return Figure.unknown(scrapes.stream().anyMatch(Scrape::answered) ? Figure.NOT_EXPOSED : Figure.NO_METRICS);
	}

	/** Elapsed time at a percentile. */
	public record PercentilePoint(double percentile, double millis) {

	}

	/**
	 * One second of the load, by the requests that ended in it.
	 *
	 * @param epochSecond the second
	 * @param completed requests that ended in it, hence the throughput
	 * @param errors of those, how many failed
	 * @param p99Millis their 99th percentile, NaN for none
	 * @param inFlight requests under way on average during the second: the active users
	 * as the app saw them
	 */
	public record Second(long epochSecond, int completed, int errors, double p99Millis, double inFlight) {

	}

	/**
	 * What the answers cost. A figure that cannot be known says why (see {@link Figure}).
	 *
	 * @param appCpuPer1000 CPU-seconds of the app per 1000 requests
	 * @param generatorCpuPer1000 CPU-seconds of the load generator per 1000 requests
	 * @param heapUsedMeanMb heap used, mean over the scrapes
	 * @param heapUsedMaxMb heap used, highest scrape
	 * @param rssMaxMb resident set size, highest scrape
	 * @param gcPauses GC pauses during the load
	 * @param gcPauseMillis time in GC pauses during the load
	 * @param jitShare the share of the app's CPU time its JIT compiler threads used
	 * during the load
	 * @param littlesLawLimit the most requests/s the load could ask for, when the
	 * scenario sets a floor (see {@link RunRecord#littlesLawLimit})
	 */
	public record Efficiency(Figure appCpuPer1000, Figure generatorCpuPer1000, Figure heapUsedMeanMb,
			Figure heapUsedMaxMb, Figure rssMaxMb, Figure gcPauses, Figure gcPauseMillis, Figure jitShare,
			Optional<Double> littlesLawLimit) {

		/**
		 * The same, for a load that shared its generator with others at the same time (a
		 * mixed run): the generator's CPU counted over {@code allRequests}, every
		 * target's, since the generator served them all. Counted over this target's
		 * alone, a target that got fewer requests through would look as if it cost the
		 * generator more.
		 * @param requests this target's requests in the load
		 */
		Efficiency sharingTheGenerator(long requests, long allRequests) {
			return new Efficiency(this.appCpuPer1000,
					this.generatorCpuPer1000.map((per1000) -> per1000 * requests / allRequests), this.heapUsedMeanMb,
					this.heapUsedMaxMb, this.rssMaxMb, this.gcPauses, this.gcPauseMillis, this.jitShare,
					this.littlesLawLimit);
		}

	}

	/**
	 * What checking passwords (BCrypt, made slow on purpose) cost the app during the
	 * load, from the first scrape to the last: seed 002's users authenticate once per
	 * journey, and a report must say how much of the CPU it compares went there rather
	 * than into the stack under test.
	 *
	 * @param checks password checks made
	 * @param seconds their thread CPU time, plus their wall time where the JDK measured
	 * no CPU
	 * @param wallSeconds of {@code seconds}, the wall time (virtual threads): an upper
	 * bound of the CPU it stands for, so any figure with some is an upper bound too
	 * @param appCpuSeconds the app's own CPU time over the same scrapes, NaN when unknown
	 */
	public record PasswordChecks(double checks, double seconds, double wallSeconds, double appCpuSeconds) {

		/**
		 * The share of the app's CPU that went into checking passwords; NaN without the
		 * app's CPU.
		 */
		public double shareOfAppCpu() {
			return (this.appCpuSeconds > 0) ? this.seconds / this.appCpuSeconds : Double.NaN;
		}

		/**
		 * Seconds spent checking per journey started; NaN when the journeys were not
		 * counted.
		 */
		public double secondsPerJourney(Optional<Journeys> journeys) {
			return journeys.filter((counted) -> counted.started() > 0)
				.map((counted) -> this.seconds / counted.started())
				.orElse(Double.NaN);
		}

		/**
		 * Whether some of the time is wall time, which makes every figure of it an upper
		 * bound.
		 */
		public boolean upperBound() {
			return this.wallSeconds > 0;
		}

	}

}

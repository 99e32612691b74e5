package dev.fluxbench.harness.knee;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Summary;

/**
 * What one run of a step measured over its hold, the ramp left out: the requests that
 * started while the rate was held, however late they ended. A request queued behind an
 * overloaded server counts with the time it waited, so the percentiles show the queue.
 *
 * @param requests requests that started during the hold
 * @param errors how many of them failed
 * @param errorPercent errors per hundred requests; 0 with no request
 * @param rateAchieved journeys started per second during the hold: the asked rate, unless
 * the generator could not keep up
 * @param requestRate requests started per second during the hold
 * @param throughput successful requests that ended during the hold, per second
 * @param mean mean elapsed time
 * @param p50 median
 * @param p90 90th percentile
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param jitShare the share of the app's CPU its JIT compiler took over the whole run;
 * empty when not known
 */
record Figures(long requests, long errors, double errorPercent, double rateAchieved, double requestRate,
		double throughput, Duration mean, Duration p50, Duration p90, Duration p95, Duration p99, Duration p999,
		OptionalDouble jitShare) {

	Figures(long requests, long errors, double errorPercent, double rateAchieved, double requestRate, double throughput,
			Duration mean, Duration p50, Duration p90, Duration p95, Duration p99, Duration p999) {
		this(requests, errors, errorPercent, rateAchieved, requestRate, throughput, mean, p50, p90, p95, p99, p999,
				OptionalDouble.empty());
	}

	/** The same figures, with the JIT's share of the app's CPU during the run. */
	Figures withJitShare(OptionalDouble share) {
		return new Figures(this.requests, this.errors, this.errorPercent, this.rateAchieved, this.requestRate,
				this.throughput, this.mean, this.p50, this.p90, this.p95, this.p99, this.p999, share);
	}

	/**
	 * Requests in flight on average during the hold, by Little's law: the rate they
	 * started at times the mean time each one took. The N of the Universal Scalability
	 * Law.
	 */
	double concurrency() {
		return this.requestRate * this.mean.toNanos() / 1e9;
	}

	/**
	 * The figures of the hold of one run.
	 * @param samples every sample of the run, ramp included
	 * @param hold how long the rate was held, at the end of the run: the ramp before it
	 * is left out
	 * @param requestsPerJourney requests in one journey, repeats counted: journeys per
	 * second are requests per second divided by it
	 */
	static Figures of(List<Sample> samples, Duration hold, int requestsPerJourney) {
		if (samples.isEmpty()) {
			return new Figures(0, 0, 0, 0, 0, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO,
					Duration.ZERO, Duration.ZERO);
		}
		// The generator's schedule is known by its end: the last request starts as the
		// hold ends, whereas the first one starts only once the generator's threads are
		// up, a moment after the ramp began.
		Instant holdEnd = samples.stream()
			.map(Sample::timestamp)
			.max(Comparator.naturalOrder())
			.orElseThrow()
			.plusMillis(1);
		Instant holdStart = holdEnd.minus(hold);
		List<Sample> held = samples.stream()
			.filter((sample) -> !sample.timestamp().isBefore(holdStart) && sample.timestamp().isBefore(holdEnd))
			.toList();
		double seconds = hold.toNanos() / 1e9;
		long succeeded = samples.stream().filter((sample) -> {
			Instant end = sample.timestamp().plus(sample.elapsed());
			return sample.success() && !end.isBefore(holdStart) && end.isBefore(holdEnd);
		}).count();
		if (held.isEmpty()) {
			return new Figures(0, 0, 0, 0, 0, succeeded / seconds, Duration.ZERO, Duration.ZERO, Duration.ZERO,
					Duration.ZERO, Duration.ZERO, Duration.ZERO);
		}
		// Summary computes exact millisecond percentiles with HdrHistogram, as every
		// other report figure.
		Summary all = Summary.forLabel(Summary.of(new LoadKey("", 0, "", 0), held), Summary.ALL).orElseThrow();
		double requestRate = held.size() / seconds;
		return new Figures(all.samples(), all.errors(), 100.0 * all.errors() / all.samples(),
				requestRate / Math.max(1, requestsPerJourney), requestRate, succeeded / seconds, all.mean(), all.p50(),
				all.p90(), all.p95(), all.p99(), all.p999());
	}

}

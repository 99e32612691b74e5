package dev.fluxbench.harness.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.harness.report.LoadResult.Second;
import dev.fluxbench.harness.report.Statistics.Interval;

/**
 * What a load cost, interval by interval between its scrapes, for a comparison of single
 * trials to resample as {@link Measurements} are for latency and throughput: the app's
 * CPU and the requests that ended in each interval, and the heap used at each scrape.
 * Consecutive intervals are not independent (a collection spreads its cost over several),
 * so, like the samples', the interval they give is narrower than the run-to-run noise.
 *
 * @param cpuSeconds the app's CPU time in each interval whose counters tell it
 * @param requests the requests that ended in the same intervals, at a second's resolution
 * @param heapUsedMb the heap used at each scrape that gave it
 */
record CostSamples(double[] cpuSeconds, double[] requests, double[] heapUsedMb) {

	/** The aspects that scrapes give. */
	static final List<Aspect> ASPECTS = List.of(Aspect.CPU, Aspect.HEAP);

	private static final double MB = 1024 * 1024;

	static CostSamples of(LoadResult load) {
		List<Scrape> scrapes = load.scrapes();
		List<double[]> intervals = new ArrayList<>();
		for (int i = 1; i < scrapes.size(); i++) {
			Figure cpu = Counters.appCpuSeconds(scrapes.subList(i - 1, i + 1));
			if (cpu.known()) {
				long from = scrapes.get(i - 1).at().getEpochSecond();
				long to = scrapes.get(i).at().getEpochSecond();
				double requests = load.seconds()
					.stream()
					.filter((second) -> second.epochSecond() >= from && second.epochSecond() < to)
					.mapToInt(Second::completed)
					.sum();
				intervals.add(new double[] { cpu.value(), requests });
			}
		}
		return new CostSamples(intervals.stream().mapToDouble((interval) -> interval[0]).toArray(),
				intervals.stream().mapToDouble((interval) -> interval[1]).toArray(),
				scrapes.stream()
					.mapToDouble(Scrape::heapUsed)
					.filter((heap) -> !Double.isNaN(heap))
					.map((heap) -> heap / MB)
					.toArray());
	}

	/** Several trials' costs as one. */
	static CostSamples pooled(List<CostSamples> trials) {
		return new CostSamples(concat(trials.stream().map(CostSamples::cpuSeconds).toList()),
				concat(trials.stream().map(CostSamples::requests).toList()),
				concat(trials.stream().map(CostSamples::heapUsedMb).toList()));
	}

	/**
	 * The bootstrap 95% interval of {@code other}'s figure minus this one's, as the
	 * efficiency table has it (CPU-seconds per 1000 requests, mean heap used in MB);
	 * empty when either side lacks what it takes.
	 */
	Optional<Interval> difference(Aspect aspect, CostSamples other) {
		return switch (aspect) {
			case CPU -> (hasRequests() && other.hasRequests()) ? Optional.of(per1000(Statistics
				.bootstrapRatioDifference(this.cpuSeconds, this.requests, other.cpuSeconds, other.requests)))
					: Optional.empty();
			case HEAP -> (this.heapUsedMb.length > 0 && other.heapUsedMb.length > 0)
					? Optional.of(Statistics.bootstrapMeanDifference(this.heapUsedMb, other.heapUsedMb))
					: Optional.empty();
			default -> throw new IllegalArgumentException("Scrapes give no " + aspect.title());
		};
	}

	private boolean hasRequests() {
		return Arrays.stream(this.requests).sum() > 0;
	}

	private static Interval per1000(Interval perRequest) {
		return new Interval(perRequest.low() * 1000, perRequest.high() * 1000);
	}

	private static double[] concat(List<double[]> arrays) {
		return arrays.stream().flatMapToDouble(Arrays::stream).toArray();
	}

}

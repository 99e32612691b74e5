package dev.fluxbench.harness.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.Summary;

/**
 * The raw figures of one step label (or {@link Summary#ALL} of them) in one finished
 * load, which a single-trial comparison resamples (the report's verdicts, the CI gate)
 * and from which each trial's figure is computed.
 *
 * @param elapsedMillis every sample's elapsed time
 * @param errorPercents 100 for a failed sample and 0 for the others, so that their mean
 * is the error rate in percent, as {@link Aspect#ERRORS} has it
 * @param plateauCounts the requests completed in each second of the plateau
 */
public record Measurements(double[] elapsedMillis, double[] errorPercents, double[] plateauCounts) {

	/**
	 * The aspects that samples give, in the order a baseline comparison reports them.
	 */
	public static final List<Aspect> ASPECTS = List.of(Aspect.P95, Aspect.P99, Aspect.THROUGHPUT, Aspect.ERRORS);

	/**
	 * The measurements of a load: {@link Summary#ALL} first, then one per label in
	 * first-seen order, even when there is only one (it then shares the instance of ALL).
	 * @param samples the load's samples, not empty
	 * @param rampUp the scenario's ramp-up, which decides the plateau
	 */
	public static Map<String, Measurements> byLabel(List<Sample> samples, Duration rampUp) {
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		for (Sample sample : samples) {
			first = Math.min(first, sample.timestamp().toEpochMilli());
			last = Math.max(last, end(sample));
		}
		long firstSecond = Math.floorDiv(first, 1000);
		int seconds = (int) (Math.floorDiv(last, 1000) - firstSecond + 1);
		int[] plateau = plateau(seconds, rampUp);
		Map<String, List<Sample>> labelled = new LinkedHashMap<>();
		samples.forEach((sample) -> labelled.computeIfAbsent(sample.label(), (label) -> new ArrayList<>()).add(sample));
		Map<String, Measurements> byLabel = new LinkedHashMap<>();
		Measurements all = of(samples, firstSecond, seconds, plateau);
		byLabel.put(Summary.ALL, all);
		labelled.forEach((label, ofLabel) -> byLabel.put(label,
				(labelled.size() == 1) ? all : of(ofLabel, firstSecond, seconds, plateau)));
		return byLabel;
	}

	/**
	 * Several trials' measurements as one, for a side with a single trial or one to pool.
	 */
	public static Measurements pooled(List<Measurements> trials) {
		if (trials.size() == 1) {
			return trials.getFirst();
		}
		return new Measurements(concat(trials.stream().map(Measurements::elapsedMillis).toList()),
				concat(trials.stream().map(Measurements::errorPercents).toList()),
				concat(trials.stream().map(Measurements::plateauCounts).toList()));
	}

	public int samples() {
		return this.elapsedMillis.length;
	}

	/**
	 * The figure of an aspect. Throughput is the plateau's, the steady state: the samples
	 * over the load's whole span would also average in the ramp-up and whatever it took
	 * to wind down.
	 */
	public double figure(Aspect aspect) {
		return switch (aspect) {
			case P95 -> Statistics.percentile(this.elapsedMillis, 95);
			case P99 -> Statistics.percentile(this.elapsedMillis, 99);
			case THROUGHPUT -> Statistics.mean(this.plateauCounts);
			case ERRORS -> Statistics.mean(this.errorPercents);
			default -> throw new IllegalArgumentException("Samples give no " + aspect.title());
		};
	}

	/**
	 * The bootstrap 95% interval of {@code figure(current) - figure(this)}, resampling
	 * what the figure is made of: the samples for latencies and errors, the seconds for
	 * throughput.
	 */
	public Interval difference(Aspect aspect, Measurements current) {
		return switch (aspect) {
			case P95 -> Statistics.bootstrapPercentileDifference(this.elapsedMillis, current.elapsedMillis, 95);
			case P99 -> Statistics.bootstrapPercentileDifference(this.elapsedMillis, current.elapsedMillis, 99);
			case THROUGHPUT -> Statistics.bootstrapMeanDifference(this.plateauCounts, current.plateauCounts);
			case ERRORS -> Statistics.bootstrapMeanDifference(this.errorPercents, current.errorPercents);
			default -> throw new IllegalArgumentException("Samples give no " + aspect.title());
		};
	}

	/**
	 * The plateau as {@code LoadResult.plateau} takes it, as a range of seconds [from,
	 * to): users start over the ramp-up and stop over about as long at the end; the first
	 * and last seconds are partial. A load too short for a plateau falls back to its
	 * whole seconds, and one too short for those to every second. Kept in step with the
	 * report by a test.
	 */
	static int[] plateau(int seconds, Duration rampUp) {
		int ramp = (int) Math.ceil(rampUp.toMillis() / 1000.0);
		int from = Math.max(1, ramp);
		int to = seconds - 1 - ramp;
		if (to - from < 3) {
			from = 1;
			to = seconds - 1;
		}
		return (to <= from) ? new int[] { 0, seconds } : new int[] { from, to };
	}

	private static Measurements of(List<Sample> samples, long firstSecond, int seconds, int[] plateau) {
		double[] elapsed = new double[samples.size()];
		double[] errors = new double[samples.size()];
		double[] completed = new double[seconds];
		for (int i = 0; i < samples.size(); i++) {
			Sample sample = samples.get(i);
			elapsed[i] = sample.elapsed().toMillis();
			errors[i] = sample.success() ? 0 : 100;
			completed[(int) (Math.floorDiv(end(sample), 1000) - firstSecond)]++;
		}
		return new Measurements(elapsed, errors, Arrays.copyOfRange(completed, plateau[0], plateau[1]));
	}

	private static long end(Sample sample) {
		return sample.timestamp().toEpochMilli() + sample.elapsed().toMillis();
	}

	private static double[] concat(List<double[]> arrays) {
		double[] all = new double[arrays.stream().mapToInt((array) -> array.length).sum()];
		int at = 0;
		for (double[] array : arrays) {
			System.arraycopy(array, 0, all, at, array.length);
			at += array.length;
		}
		return all;
	}

}

package dev.fluxbench.harness.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleBiFunction;

/** What a verdict compares stacks on, with which way is better and how a value reads. */
public enum Aspect {

	THROUGHPUT("throughput", "req/s", true, true, (load, label) -> load.summary(label).throughput()),

	P95("p95 latency", "ms", false, true, (load, label) -> load.summary(label).p95().toNanos() / 1e6),

	P99("p99 latency", "ms", false, true, (load, label) -> load.summary(label).p99().toNanos() / 1e6),

	ERRORS("errors", "%", false, true, (load, label) -> load.errorPercent(label)),

	CPU("CPU per 1000 requests", "CPU-s", false, false,
			(load, label) -> load.efficiency().appCpuPer1000().orElse(Double.NaN)),

	HEAP("heap used (mean)", "MB", false, false,
			(load, label) -> load.efficiency().heapUsedMeanMb().orElse(Double.NaN));

	/**
	 * The aspects a step label has of its own; the others are the cost of the whole load.
	 */
	public static final List<Aspect> PER_LABEL = Arrays.stream(values()).filter(Aspect::perLabel).toList();

	public static final List<Aspect> PER_LOAD = Arrays.stream(values()).filter((aspect) -> !aspect.perLabel()).toList();

	private final String title;

	private final String unit;

	private final boolean higherIsBetter;

	private final boolean perLabel;

	private final ToDoubleBiFunction<LoadResult, String> measure;

	Aspect(String title, String unit, boolean higherIsBetter, boolean perLabel,
			ToDoubleBiFunction<LoadResult, String> measure) {
		this.title = title;
		this.unit = unit;
		this.higherIsBetter = higherIsBetter;
		this.perLabel = perLabel;
		this.measure = measure;
	}

	/**
	 * Whether the aspect is compared label by label: latency and throughput of a mix
	 * would hide a slow endpoint behind a fast one. CPU and heap belong to the process,
	 * so to the whole load.
	 */
	public boolean perLabel() {
		return this.perLabel;
	}

	public String title() {
		return this.title;
	}

	public String unit() {
		return this.unit;
	}

	public boolean higherIsBetter() {
		return this.higherIsBetter;
	}

	/**
	 * The figure of one label (or {@link dev.fluxbench.harness.results.Summary#ALL}) at
	 * one load; NaN when the load has no such figure, as CPU without metrics or a label
	 * it never reached.
	 */
	public double of(LoadResult load, String label) {
		if (this.perLabel && load.summaryOf(label).isEmpty()) {
			return Double.NaN;
		}
		return this.measure.applyAsDouble(load, label);
	}

	/** Whether {@code a} is better than {@code b}. */
	boolean better(double a, double b) {
		return this.higherIsBetter ? a > b : a < b;
	}

	/**
	 * Whether it is a time that JMeter measured in whole milliseconds: a percentile, so
	 * no average makes it finer.
	 */
	boolean wholeMillis() {
		return this.unit.equals("ms");
	}

	/**
	 * A value without its unit, as a table cell shows it: rounded to what the measurement
	 * can tell apart, and a time of a few milliseconds with its resolution
	 * ({@link Resolution}).
	 */
	String figure(double value) {
		return wholeMillis() ? Resolution.millis(value) : number(value);
	}

	/** A value with its unit, as {@link #figure} shows it. */
	public String format(double value) {
		return withUnit(figure(value));
	}

	/**
	 * A difference between two values with its unit, rounded: the resolution of a time is
	 * that of the values it came from, which a sentence gives with them.
	 */
	public String formatDifference(double difference) {
		return withUnit(number(difference));
	}

	private String withUnit(String figure) {
		return figure + (this.unit.equals("%") ? "%" : " " + this.unit);
	}

	static String number(double value) {
		if (Double.isNaN(value)) {
			return "n/a";
		}
		double magnitude = Math.abs(value);
		String pattern = (magnitude >= 100 || value == Math.rint(value)) ? "%.0f"
				: (magnitude >= 10) ? "%.1f" : (magnitude >= 1) ? "%.2f" : "%.3f";
		return String.format(Locale.ROOT, pattern, value);
	}

}

package dev.fluxbench.harness.report;

import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** What a verdict compares stacks on, with which way is better and how a value reads. */
public enum Aspect {

	THROUGHPUT("throughput", "req/s", true, (load) -> load.all().throughput()),

	P95("p95 latency", "ms", false, (load) -> load.all().p95().toNanos() / 1e6),

	P99("p99 latency", "ms", false, (load) -> load.all().p99().toNanos() / 1e6),

	ERRORS("errors", "%", false, LoadResult::errorPercent),

	CPU("CPU per 1000 requests", "CPU-s", false, (load) -> load.efficiency().appCpuPer1000()),

	HEAP("heap used (mean)", "MB", false, (load) -> load.efficiency().heapUsedMeanMb());

	private final String title;

	private final String unit;

	private final boolean higherIsBetter;

	private final ToDoubleFunction<LoadResult> measure;

	Aspect(String title, String unit, boolean higherIsBetter, ToDoubleFunction<LoadResult> measure) {
		this.title = title;
		this.unit = unit;
		this.higherIsBetter = higherIsBetter;
		this.measure = measure;
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

	/** NaN when the load has no such figure, as CPU without metrics. */
	public double of(LoadResult load) {
		return this.measure.applyAsDouble(load);
	}

	/** Whether {@code a} is better than {@code b}. */
	boolean better(double a, double b) {
		return this.higherIsBetter ? a > b : a < b;
	}

	/** A value with its unit, rounded to what the measurement can tell apart. */
	public String format(double value) {
		return number(value) + (this.unit.equals("%") ? "%" : " " + this.unit);
	}

	static String number(double value) {
		if (Double.isNaN(value)) {
			return "n/a";
		}
		double magnitude = Math.abs(value);
		String pattern = (magnitude >= 100 || value == Math.rint(value)) ? "%.0f" : (magnitude >= 10) ? "%.1f"
				: (magnitude >= 1) ? "%.2f" : "%.3f";
		return String.format(Locale.ROOT, pattern, value);
	}

}

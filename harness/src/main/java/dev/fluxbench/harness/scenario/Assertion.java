package dev.fluxbench.harness.scenario;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

import dev.fluxbench.harness.results.Summary;

/**
 * A pass/fail criterion of a scenario, checked against each load of each target, over
 * every request or over one step label. A failed one makes {@code fluxbench run} exit
 * with 1, after all the measurements were written.
 */
public sealed interface Assertion {

	/** The step label it applies to; empty for every request together. */
	Optional<String> label();

	/** The violation in words, or empty when the figures hold. */
	Optional<String> check(Summary summary);

	/**
	 * The measured figure this assertion looks at, in words, for a report or a JUnit
	 * file.
	 */
	String measured(Summary summary);

	/** The label it applies to, as summaries name it. */
	default String summaryLabel() {
		return label().orElse(Summary.ALL);
	}

	private static String scope(Optional<String> label) {
		return label.map((name) -> " [" + name + "]").orElse("");
	}

	private static String percent(double fraction) {
		return String.format(Locale.ROOT, "%.2f%%", fraction * 100);
	}

	private static String number(double value) {
		return (value == Math.rint(value)) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
	}

	/** A latency percentile below a limit, as the thesis' p99 &lt; 10 s. */
	record PercentileBelow(double percentile, Duration limit, Optional<String> label) implements Assertion {

		@Override
		public Optional<String> check(Summary summary) {
			Duration value = value(summary);
			return (value.compareTo(this.limit) < 0) ? Optional.empty()
					: Optional.of(measured(summary) + " is not below " + this.limit.toMillis() + " ms");
		}

		@Override
		public String measured(Summary summary) {
			return name() + " " + value(summary).toMillis() + " ms";
		}

		private Duration value(Summary summary) {
			return switch ((int) Math.round(this.percentile * 10)) {
				case 500 -> summary.p50();
				case 900 -> summary.p90();
				case 950 -> summary.p95();
				case 990 -> summary.p99();
				case 999 -> summary.p999();
				default -> throw new IllegalStateException("No such percentile in a summary: " + this.percentile);
			};
		}

		private String name() {
			return "p" + ((this.percentile == Math.rint(this.percentile)) ? Integer.toString((int) this.percentile)
					: Double.toString(this.percentile));
		}

		@Override
		public String toString() {
			return name() + " < " + this.limit.toMillis() + " ms" + Assertion.scope(this.label);
		}

	}

	/** Fewer failed requests than a count, as the thesis' errors &lt; 10. */
	record ErrorsBelow(long limit, Optional<String> label) implements Assertion {

		@Override
		public Optional<String> check(Summary summary) {
			return (summary.errors() < this.limit) ? Optional.empty()
					: Optional.of(summary.errors() + " errors is not below " + this.limit);
		}

		@Override
		public String measured(Summary summary) {
			return summary.errors() + " errors";
		}

		@Override
		public String toString() {
			return "errors < " + this.limit + Assertion.scope(this.label);
		}

	}

	/** A share of failed requests below a limit, as a fraction (0.01 is 1%). */
	record ErrorRateBelow(double limit, Optional<String> label) implements Assertion {

		@Override
		public Optional<String> check(Summary summary) {
			return (rate(summary) < this.limit) ? Optional.empty()
					: Optional.of(measured(summary) + " is not below " + percent(this.limit));
		}

		@Override
		public String measured(Summary summary) {
			return "error rate " + percent(rate(summary));
		}

		private static double rate(Summary summary) {
			return (summary.samples() == 0) ? 1 : (double) summary.errors() / summary.samples();
		}

		@Override
		public String toString() {
			return "error rate < " + percent(this.limit) + Assertion.scope(this.label);
		}

	}

	/**
	 * At least this many requests per second, from the first request's start to the last
	 * one's end.
	 */
	record ThroughputAtLeast(double limit, Optional<String> label) implements Assertion {

		@Override
		public Optional<String> check(Summary summary) {
			return (summary.throughput() >= this.limit) ? Optional.empty()
					: Optional.of(measured(summary) + " is below " + number(this.limit) + " req/s");
		}

		@Override
		public String measured(Summary summary) {
			return "throughput " + number(summary.throughput()) + " req/s";
		}

		@Override
		public String toString() {
			return "throughput >= " + number(this.limit) + " req/s" + Assertion.scope(this.label);
		}

	}

}

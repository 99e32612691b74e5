package dev.fluxbench.harness.report;

import java.util.function.DoubleUnaryOperator;

/**
 * A figure the report derives from the scrapes of a load, or, when it cannot be known,
 * why not: a table prints the reason where "n/a" would leave the reader guessing whether
 * nothing happened or nothing was measured.
 *
 * @param value the figure; NaN when unknown
 * @param unknownBecause why it is unknown, in a few words for a table cell; empty when it
 * is known
 */
public record Figure(double value, String unknownBecause) {

	/** Nothing was scraped during the load: it lasted under a second, or was killed. */
	static final String NOT_SCRAPED = "not scraped";

	/**
	 * The target's metrics never answered during the load: it was given without
	 * {@code --metrics}, or every scrape failed.
	 */
	static final String NO_METRICS = "no metrics";

	/** The target answered, but without this series. */
	static final String NOT_EXPOSED = "not exposed";

	/**
	 * The series was seen in one scrape only, with nothing before it that tells its
	 * start.
	 */
	static final String ONE_SCRAPE = "one scrape";

	/**
	 * fluxbench read no /proc figure of the process: it reads /proc only for what it
	 * started.
	 */
	static final String NOT_RECORDED = "not recorded";

	/** What the tables' notes say of each reason, in the order above. */
	static final String REASONS = "\"" + NOT_SCRAPED + "\": no scrape fell inside the load; \"" + NO_METRICS
			+ "\": the target's metrics never answered during the load (given without --metrics, or every scrape "
			+ "failed); \"" + NOT_EXPOSED + "\": the target answered without that series; \"" + ONE_SCRAPE
			+ "\": the series was seen in a single scrape, which cannot serve as its own start; \"" + NOT_RECORDED
			+ "\": fluxbench reads /proc only for the processes it started.";

	public Figure {
		unknownBecause = (unknownBecause != null) ? unknownBecause : "";
		if (unknownBecause.isEmpty() && Double.isNaN(value)) {
			throw new IllegalArgumentException("a figure that is NaN needs a reason");
		}
	}

	static Figure of(double value) {
		return new Figure(value, "");
	}

	static Figure unknown(String because) {
		return new Figure(Double.NaN, because);
	}

	public boolean known() {
		return this.unknownBecause.isEmpty();
	}

	/** The figure turned into another, as seconds into CPU-seconds per 1000 requests. */
	Figure map(DoubleUnaryOperator operator) {
		return known() ? of(operator.applyAsDouble(this.value)) : this;
	}

	/** The sum of both figures; unknown, for the first reason, when either is. */
	Figure plus(Figure other) {
		if (!known()) {
			return this;
		}
		return other.known() ? of(this.value + other.value) : other;
	}

	double orElse(double other) {
		return known() ? this.value : other;
	}

	/** As a table shows it: the number, rounded as every figure is, or the reason. */
	String text() {
		return known() ? Aspect.number(this.value) : this.unknownBecause;
	}

}

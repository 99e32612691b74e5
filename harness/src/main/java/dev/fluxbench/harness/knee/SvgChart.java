package dev.fluxbench.harness.knee;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line-and-point chart as inline SVG: an x axis and one or two y axes, linear or
 * logarithmic. The knee report needs a few of these and must work offline without a
 * script, which the report's chart library needs; a few dozen lines of SVG do it.
 */
final class SvgChart {

	static final int WIDTH = 720;

	static final int HEIGHT = 340;

	private static final int LEFT = 64;

	private static final int RIGHT = 64;

	private static final int TOP = 28;

	private static final int BOTTOM = 46;

	private final StringBuilder body = new StringBuilder();

	private final Axis x;

	private final Axis left;

	private final Axis right;

	private final String title;

	SvgChart(String title, Axis x, Axis left, Axis right) {
		this.title = title;
		this.x = x.over(LEFT, WIDTH - RIGHT);
		this.left = left.over(HEIGHT - BOTTOM, TOP);
		this.right = (right != null) ? right.over(HEIGHT - BOTTOM, TOP) : null;
	}

	/** A line through points in the order given, on the left axis or the right one. */
	void line(List<double[]> points, boolean onRight, String colour, boolean dashed) {
		if (points.size() < 2) {
			return;
		}
		Axis y = onRight ? this.right : this.left;
		this.body.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\"");
		if (dashed) {
			this.body.append(" stroke-dasharray=\"5 4\"");
		}
		this.body.append(" points=\"");
		for (double[] point : points) {
			this.body.append(format(this.x.at(point[0]))).append(',').append(format(y.at(point[1]))).append(' ');
		}
		this.body.append("\"/>\n");
	}

	/** A point: a filled circle or square, or a hollow one. */
	void point(double xValue, double yValue, boolean onRight, String colour, boolean filled, String tooltip) {
		Axis y = onRight ? this.right : this.left;
		double px = this.x.at(xValue);
		double py = y.at(yValue);
		String fill = filled ? colour : "#fff";
		if (onRight) {
			this.body.append("<rect x=\"")
				.append(format(px - 4))
				.append("\" y=\"")
				.append(format(py - 4))
				.append("\" width=\"8\" height=\"8\"");
		}
		else {
			this.body.append("<circle cx=\"")
				.append(format(px))
				.append("\" cy=\"")
				.append(format(py))
				.append("\" r=\"4\"");
		}
		this.body.append(" fill=\"")
			.append(fill)
			.append("\" stroke=\"")
			.append(colour)
			.append("\" stroke-width=\"1.5\">")
			.append("<title>")
			.append(KneeReport.escape(tooltip))
			.append("</title>")
			.append(onRight ? "</rect>\n" : "</circle>\n");
	}

	/**
	 * A vertical marker at {@code xValue}, with a shaded band from {@code low} to
	 * {@code high} when given.
	 */
	void vertical(double xValue, Double low, Double high, String colour, String label) {
		double top = TOP;
		double bottom = HEIGHT - BOTTOM;
		if (low != null && high != null) {
			double from = this.x.at(low);
			double to = this.x.at(high);
			this.body.append("<rect x=\"")
				.append(format(from))
				.append("\" y=\"")
				.append(format(top))
				.append("\" width=\"")
				.append(format(Math.max(1, to - from)))
				.append("\" height=\"")
				.append(format(bottom - top))
				.append("\" fill=\"")
				.append(colour)
				.append("\" fill-opacity=\"0.12\"/>\n");
		}
		double px = this.x.at(xValue);
		this.body.append("<line x1=\"")
			.append(format(px))
			.append("\" y1=\"")
			.append(format(top))
			.append("\" x2=\"")
			.append(format(px))
			.append("\" y2=\"")
			.append(format(bottom))
			.append("\" stroke=\"")
			.append(colour)
			.append("\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\n");
		// Near the right edge the label goes to the line's left, where there is room for
		// it.
		boolean left = px > WIDTH - RIGHT - 90;
		this.body.append("<text x=\"")
			.append(format(left ? px - 4 : px + 4))
			.append("\" y=\"")
			.append(format(top + 12))
			.append("\" fill=\"")
			.append(colour)
			.append("\" font-weight=\"600\" text-anchor=\"")
			.append(left ? "end" : "start")
			.append("\">")
			.append(KneeReport.escape(label))
			.append("</text>\n");
	}

	/** A horizontal marker at {@code yValue}, as a limit. */
	void horizontal(double yValue, boolean onRight, String colour, String label) {
		Axis y = onRight ? this.right : this.left;
		double py = y.at(yValue);
		this.body.append("<line x1=\"")
			.append(LEFT)
			.append("\" y1=\"")
			.append(format(py))
			.append("\" x2=\"")
			.append(WIDTH - RIGHT)
			.append("\" y2=\"")
			.append(format(py))
			.append("\" stroke=\"")
			.append(colour)
			.append("\" stroke-dasharray=\"2 3\"/>\n");
		// At the left, away from the knee's label, which the search puts among the
		// highest rates.
		this.body.append("<text x=\"")
			.append(LEFT + 4)
			.append("\" y=\"")
			.append(format(py - 4))
			.append("\" fill=\"")
			.append(colour)
			.append("\">")
			.append(KneeReport.escape(label))
			.append("</text>\n");
	}

	/** The chart, axes and all. */
	String render(String legend) {
		StringBuilder svg = new StringBuilder();
		svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
			.append(WIDTH)
			.append(' ')
			.append(HEIGHT)
			.append("\" width=\"")
			.append(WIDTH)
			.append("\" height=\"")
			.append(HEIGHT)
			.append("\" font-size=\"11\" font-family=\"system-ui, sans-serif\" role=\"img\"><title>")
			.append(KneeReport.escape(this.title))
			.append("</title>\n");
		svg.append("<text x=\"")
			.append(LEFT)
			.append("\" y=\"16\" font-weight=\"600\">")
			.append(KneeReport.escape(legend))
			.append("</text>\n");
		double bottom = HEIGHT - BOTTOM;
		for (double tick : this.x.ticks()) {
			double px = this.x.at(tick);
			svg.append("<line x1=\"")
				.append(format(px))
				.append("\" y1=\"")
				.append(TOP)
				.append("\" x2=\"")
				.append(format(px))
				.append("\" y2=\"")
				.append(format(bottom))
				.append("\" stroke=\"#e6e9ee\"/>\n");
			svg.append("<text x=\"")
				.append(format(px))
				.append("\" y=\"")
				.append(format(bottom + 14))
				.append("\" text-anchor=\"middle\">")
				.append(Slo.number(tick))
				.append("</text>\n");
		}
		svg.append("<text x=\"")
			.append((LEFT + WIDTH - RIGHT) / 2)
			.append("\" y=\"")
			.append(HEIGHT - 8)
			.append("\" text-anchor=\"middle\">")
			.append(KneeReport.escape(this.x.label()))
			.append("</text>\n");
		axis(svg, this.left, LEFT, "end", -6);
		if (this.right != null) {
			axis(svg, this.right, WIDTH - RIGHT, "start", 6);
		}
		svg.append("<rect x=\"")
			.append(LEFT)
			.append("\" y=\"")
			.append(TOP)
			.append("\" width=\"")
			.append(WIDTH - LEFT - RIGHT)
			.append("\" height=\"")
			.append(format(bottom - TOP))
			.append("\" fill=\"none\" stroke=\"#c4cad3\"/>\n");
		svg.append(this.body);
		svg.append("</svg>\n");
		return svg.toString();
	}

	private static void axis(StringBuilder svg, Axis axis, double px, String anchor, int offset) {
		for (double tick : axis.ticks()) {
			double py = axis.at(tick);
			svg.append("<text x=\"")
				.append(format(px + offset))
				.append("\" y=\"")
				.append(format(py + 4))
				.append("\" text-anchor=\"")
				.append(anchor)
				.append("\">")
				.append(Slo.number(tick))
				.append("</text>\n");
		}
		double middle = (axis.from() + axis.to()) / 2;
		double labelX = (offset < 0) ? 14 : WIDTH - 8;
		svg.append("<text transform=\"translate(")
			.append(format(labelX))
			.append(',')
			.append(format(middle))
			.append(") rotate(-90)\" text-anchor=\"middle\">")
			.append(KneeReport.escape(axis.label()))
			.append("</text>\n");
	}

	private static String format(double value) {
		return String.format(Locale.ROOT, "%.1f", value);
	}

	/**
	 * An axis' range and scale, and the pixels it spans once placed.
	 *
	 * @param label what it measures, with its unit
	 * @param log whether it is logarithmic
	 */
	record Axis(String label, double min, double max, boolean log, double from, double to) {

		/** A linear axis from 0 to a little above the highest value. */
		static Axis linear(String label, double highest) {
			if (!(highest > 0)) {
				return new Axis(label, 0, 1, false, 0, 1);
			}
			double step = niceStep(highest * 1.1 / 5);
			return new Axis(label, 0, step * Math.ceil(highest * 1.1 / step), false, 0, 1);
		}

		/**
		 * A logarithmic axis from a little below the lowest value to a little above the
		 * highest.
		 */
		static Axis log(String label, double lowest, double highest) {
			double low = (lowest > 0) ? lowest : 1;
			double high = Math.max(highest, low * 2);
			return new Axis(label, low / 1.25, high * 1.25, true, 0, 1);
		}

		Axis over(double from, double to) {
			return new Axis(this.label, this.min, this.max, this.log, from, to);
		}

		double at(double value) {
			double share = this.log
					? (Math.log(clamp(value)) - Math.log(this.min)) / (Math.log(this.max) - Math.log(this.min))
					: (value - this.min) / (this.max - this.min);
			return this.from + Math.max(0, Math.min(1, share)) * (this.to - this.from);
		}

		private double clamp(double value) {
			return Math.max(value, this.min);
		}

		List<Double> ticks() {
			List<Double> ticks = new ArrayList<>();
			if (this.log) {
				// The densest of these that gives at most 9 ticks: a narrow range gets 1
				// to 9, a wide one powers of 10.
				for (double[] factors : new double[][] { { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, { 1, 2, 5 }, { 1 } }) {
					ticks.clear();
					for (double decade = Math.pow(10,
							Math.floor(Math.log10(this.min))); decade <= this.max; decade *= 10) {
						for (double factor : factors) {
							double tick = decade * factor;
							if (tick >= this.min && tick <= this.max) {
								ticks.add(tick);
							}
						}
					}
					if (ticks.size() <= 9) {
						break;
					}
				}
				return ticks;
			}
			double step = niceStep((this.max - this.min) / 5);
			for (double tick = this.min; tick <= this.max + step / 1e6; tick += step) {
				ticks.add(tick);
			}
			return ticks;
		}

		/**
		 * 1, 2 or 5 times a power of ten: the step between ticks a reader counts in at a
		 * glance.
		 */
		static double niceStep(double rough) {
			if (!(rough > 0)) {
				return 1;
			}
			double power = Math.pow(10, Math.floor(Math.log10(rough)));
			double fraction = rough / power;
			return ((fraction <= 1) ? 1 : (fraction <= 2) ? 2 : (fraction <= 5) ? 5 : 10) * power;
		}

	}

}

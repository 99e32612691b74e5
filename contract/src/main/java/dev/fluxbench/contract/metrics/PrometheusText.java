package dev.fluxbench.contract.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Just enough of the Prometheus text format (and of OpenMetrics, its superset) to read
 * what a stack's {@code /actuator/prometheus} exposes: samples with their labels and
 * values, comments and timestamps skipped.
 * <p>
 * {@link #parse(String)} is strict, for a suite that must notice a broken exposition;
 * {@link #parseLine(String)} passes over what it cannot read, for a harness that scrapes
 * services it did not write and must not lose a whole scrape to one odd line.
 */
public final class PrometheusText {

	private final List<Sample> samples;

	private PrometheusText(List<Sample> samples) {
		this.samples = List.copyOf(samples);
	}

	/**
	 * Reads a whole exposition.
	 * @param text the exposition
	 * @return its samples
	 * @throws IllegalArgumentException naming the first line that is neither a sample, a
	 * comment nor blank
	 */
	public static PrometheusText parse(String text) {
		List<Sample> samples = new ArrayList<>();
		text.lines().map(String::strip).filter(PrometheusText::holdsASample).forEach((line) -> {
			try {
				samples.add(new LineParser(line).sample());
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("Not a Prometheus sample: " + line, ex);
			}
		});
		return new PrometheusText(samples);
	}

	/**
	 * Reads one line of an exposition.
	 * @param line the line
	 * @return its sample; empty when the line is blank, a comment, or cannot be read
	 */
	public static Optional<Sample> parseLine(String line) {
		String stripped = line.strip();
		if (!holdsASample(stripped)) {
			return Optional.empty();
		}
		try {
			return Optional.of(new LineParser(stripped).sample());
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	private static boolean holdsASample(String strippedLine) {
		return !strippedLine.isEmpty() && !strippedLine.startsWith("#");
	}

	public List<Sample> samples() {
		return this.samples;
	}

	public List<Sample> samples(String name) {
		return this.samples.stream().filter((sample) -> sample.name().equals(name)).toList();
	}

	/**
	 * The sum of the samples of this metric whose labels include these, for example all
	 * pools of a gauge; empty when there is no such sample, which is not the same as
	 * zero.
	 */
	public OptionalDouble sum(String name, Map<String, String> labels) {
		List<Sample> matching = samples(name).stream().filter((sample) -> sample.has(labels)).toList();
		return matching.isEmpty() ? OptionalDouble.empty()
				: OptionalDouble.of(matching.stream().mapToDouble(Sample::value).sum());
	}

	/**
	 * One sample.
	 *
	 * @param name metric name
	 * @param labels the labels, in the order they were written
	 * @param value the sample's value
	 */
	public record Sample(String name, Map<String, String> labels, double value) {

		public Sample {
			Objects.requireNonNull(name, "name");
			// A copy that keeps the order, so that the labels render as they were read.
			labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
		}

		/** Whether this sample's labels include all of these. */
		public boolean has(Map<String, String> wanted) {
			return this.labels.entrySet().containsAll(wanted.entrySet());
		}

		/**
		 * The labels as the exposition writes them, without braces, as
		 * {@code area="heap",id="G1 Eden Space"}; empty when there are none.
		 */
		public String labelsText() {
			return this.labels.entrySet()
				.stream()
				.map((label) -> label.getKey() + "=\"" + escaped(label.getValue()) + "\"")
				.collect(Collectors.joining(","));
		}

		private static String escaped(String value) {
			return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
		}

	}

	/**
	 * Reads {@code name{label="value",...} value [timestamp]}; every way a line can be
	 * wrong ends in an {@link IllegalArgumentException}.
	 */
	private static final class LineParser {

		private final String line;

		private int position;

		LineParser(String line) {
			this.line = line;
		}

		Sample sample() {
			String name = until("{ \t");
			if (name.isEmpty()) {
				throw new IllegalArgumentException("No metric name");
			}
			Map<String, String> labels = new LinkedHashMap<>();
			if (peek() == '{') {
				this.position++;
				skipBlanks();
				while (peek() != '}') {
					String label = until("=").strip();
					expect('=');
					expect('"');
					labels.put(label, quotedValue());
					skipBlanks();
					if (peek() == ',') {
						this.position++;
						skipBlanks();
					}
				}
				expect('}');
			}
			skipBlanks();
			String value = until(" \t");
			return new Sample(name, labels, number(value));
		}

		private String quotedValue() {
			StringBuilder value = new StringBuilder();
			while (true) {
				char next = next();
				if (next == '"') {
					return value.toString();
				}
				if (next == '\\') {
					char escaped = next();
					value.append((escaped == 'n') ? '\n' : escaped);
				}
				else {
					value.append(next);
				}
			}
		}

		private String until(String stops) {
			int start = this.position;
			while (this.position < this.line.length() && stops.indexOf(this.line.charAt(this.position)) < 0) {
				this.position++;
			}
			return this.line.substring(start, this.position);
		}

		private char next() {
			char next = peek();
			this.position++;
			return next;
		}

		private char peek() {
			if (this.position >= this.line.length()) {
				throw new IllegalArgumentException("Unexpected end at " + this.position);
			}
			return this.line.charAt(this.position);
		}

		private void expect(char expected) {
			if (peek() != expected) {
				throw new IllegalArgumentException("Expected '" + expected + "' at " + this.position);
			}
			this.position++;
		}

		private void skipBlanks() {
			while (this.position < this.line.length() && Character.isWhitespace(this.line.charAt(this.position))) {
				this.position++;
			}
		}

		private static double number(String value) {
			return switch (value) {
				case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
				case "-Inf" -> Double.NEGATIVE_INFINITY;
				default -> Double.parseDouble(value);
			};
		}

	}

}

package dev.fluxbench.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Just enough of the Prometheus text format (and of OpenMetrics, its superset) to read
 * gauges: samples with their labels and values, comments and timestamps skipped.
 */
final class PrometheusText {

	record Sample(String name, Map<String, String> labels, double value) {

		boolean has(Map<String, String> wanted) {
			return this.labels.entrySet().containsAll(wanted.entrySet());
		}

	}

	private final List<Sample> samples;

	private PrometheusText(List<Sample> samples) {
		this.samples = List.copyOf(samples);
	}

	static PrometheusText parse(String text) {
		List<Sample> samples = new ArrayList<>();
		text.lines().map(String::strip).filter((line) -> !line.isEmpty() && !line.startsWith("#")).forEach((line) -> {
			try {
				samples.add(new LineParser(line).sample());
			}
			catch (RuntimeException ex) {
				throw new IllegalArgumentException("Not a Prometheus sample: " + line, ex);
			}
		});
		return new PrometheusText(samples);
	}

	List<Sample> samples() {
		return this.samples;
	}

	List<Sample> samples(String name) {
		return this.samples.stream().filter((sample) -> sample.name().equals(name)).toList();
	}

	/**
	 * The sum of the samples of this metric whose labels include these, for example all
	 * pools of a gauge; empty when there is no such sample, which is not the same as
	 * zero.
	 */
	OptionalDouble sum(String name, Map<String, String> labels) {
		List<Sample> matching = samples(name).stream().filter((sample) -> sample.has(labels)).toList();
		return matching.isEmpty() ? OptionalDouble.empty()
				: OptionalDouble.of(matching.stream().mapToDouble(Sample::value).sum());
	}

	/** Reads {@code name{label="value",...} value [timestamp]}. */
	private static final class LineParser {

		private final String line;

		private int position;

		LineParser(String line) {
			this.line = line;
		}

		Sample sample() {
			String name = until("{ \t");
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
				char next = this.line.charAt(this.position++);
				if (next == '"') {
					return value.toString();
				}
				if (next == '\\') {
					char escaped = this.line.charAt(this.position++);
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

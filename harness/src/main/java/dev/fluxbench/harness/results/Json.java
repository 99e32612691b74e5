package dev.fluxbench.harness.results;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON for run.json and summary.json, both ways. The harness has no JSON library of
 * its own on purpose: the one jmeter-java-dsl brings is its business, and might change under it.
 */
public final class Json {

	private Json() {
	}

	/** A JSON text already, such as an /actuator/info answer: embedded as is. */
	public record Raw(String json) {

	}

	public static String write(Object value) {
		StringBuilder out = new StringBuilder();
		write(value, out, "");
		return out.append('\n').toString();
	}

	private static void write(Object value, StringBuilder out, String indent) {
		switch (value) {
			case null -> out.append("null");
			case Raw raw -> out.append(raw.json().strip());
			case Boolean bool -> out.append(bool);
			case Number number -> out.append(number);
			case Map<?, ?> map -> {
				if (map.isEmpty()) {
					out.append("{}");
					return;
				}
				out.append("{\n");
				Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
				while (entries.hasNext()) {
					Map.Entry<?, ?> entry = entries.next();
					out.append(indent).append("  ");
					string(String.valueOf(entry.getKey()), out);
					out.append(": ");
					write(entry.getValue(), out, indent + "  ");
					out.append(entries.hasNext() ? ",\n" : "\n");
				}
				out.append(indent).append('}');
			}
			case List<?> list -> {
				out.append('[');
				for (int i = 0; i < list.size(); i++) {
					out.append((i == 0) ? "" : ", ");
					write(list.get(i), out, indent);
				}
				out.append(']');
			}
			default -> string(value.toString(), out);
		}
	}

	private static void string(String text, StringBuilder out) {
		out.append('"');
		for (char c : text.toCharArray()) {
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				case '\r' -> out.append("\\r");
				case '\t' -> out.append("\\t");
				default -> {
					if (c < 0x20) {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		out.append('"');
	}


	/**
	 * Reads a JSON text into maps (in document order), lists, strings, doubles, booleans and nulls.
	 * @throws IllegalArgumentException with the offset, when the text is not JSON
	 */
	public static Object parse(String text) {
		Parser parser = new Parser(text);
		Object value = parser.value();
		parser.skipWhitespace();
		if (parser.position != text.length()) {
			throw parser.error("text after the value");
		}
		return value;
	}

	private static final class Parser {

		private final String text;

		private int position;

		Parser(String text) {
			this.text = text;
		}

		Object value() {
			skipWhitespace();
			if (this.position >= this.text.length()) {
				throw error("the text ends where a value should be");
			}
			char c = this.text.charAt(this.position);
			return switch (c) {
				case '{' -> object();
				case '[' -> array();
				case '"' -> string();
				case 't' -> literal("true", Boolean.TRUE);
				case 'f' -> literal("false", Boolean.FALSE);
				case 'n' -> literal("null", null);
				default -> number();
			};
		}

		private Map<String, Object> object() {
			Map<String, Object> map = new java.util.LinkedHashMap<>();
			this.position++;
			skipWhitespace();
			if (peek() == '}') {
				this.position++;
				return map;
			}
			while (true) {
				skipWhitespace();
				if (peek() != '"') {
					throw error("a key should be here");
				}
				String key = string();
				skipWhitespace();
				expect(':');
				map.put(key, value());
				skipWhitespace();
				if (peek() == ',') {
					this.position++;
				}
				else {
					expect('}');
					return map;
				}
			}
		}

		private List<Object> array() {
			List<Object> list = new java.util.ArrayList<>();
			this.position++;
			skipWhitespace();
			if (peek() == ']') {
				this.position++;
				return list;
			}
			while (true) {
				list.add(value());
				skipWhitespace();
				if (peek() == ',') {
					this.position++;
				}
				else {
					expect(']');
					return list;
				}
			}
		}

		private String string() {
			StringBuilder out = new StringBuilder();
			this.position++;
			while (true) {
				if (this.position >= this.text.length()) {
					throw error("a string is not closed");
				}
				char c = this.text.charAt(this.position++);
				if (c == '"') {
					return out.toString();
				}
				if (c != '\\') {
					out.append(c);
					continue;
				}
				if (this.position >= this.text.length()) {
					throw error("a string is not closed");
				}
				char escaped = this.text.charAt(this.position++);
				switch (escaped) {
					case '"', '\\', '/' -> out.append(escaped);
					case 'b' -> out.append('\b');
					case 'f' -> out.append('\f');
					case 'n' -> out.append('\n');
					case 'r' -> out.append('\r');
					case 't' -> out.append('\t');
					case 'u' -> {
						if (this.position + 4 > this.text.length()) {
							throw error("a \\u escape is cut short");
						}
						out.append((char) Integer.parseInt(this.text.substring(this.position, this.position + 4), 16));
						this.position += 4;
					}
					default -> throw error("unknown escape \\" + escaped);
				}
			}
		}

		private Object literal(String word, Object value) {
			if (!this.text.startsWith(word, this.position)) {
				throw error("unexpected text");
			}
			this.position += word.length();
			return value;
		}

		private Double number() {
			int start = this.position;
			while (this.position < this.text.length() && "+-0123456789.eE".indexOf(this.text.charAt(this.position)) >= 0) {
				this.position++;
			}
			try {
				return Double.valueOf(this.text.substring(start, this.position));
			}
			catch (NumberFormatException ex) {
				this.position = start;
				throw error("unexpected text");
			}
		}

		private char peek() {
			return (this.position < this.text.length()) ? this.text.charAt(this.position) : '\0';
		}

		private void expect(char c) {
			if (peek() != c) {
				throw error("'" + c + "' should be here");
			}
			this.position++;
		}

		void skipWhitespace() {
			while (this.position < this.text.length() && Character.isWhitespace(this.text.charAt(this.position))) {
				this.position++;
			}
		}

		IllegalArgumentException error(String what) {
			return new IllegalArgumentException("Not JSON at offset " + this.position + ": " + what);
		}

	}

}

package dev.fluxbench.harness.results;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON for run.json. The harness has no JSON library of its own on purpose: the one
 * jmeter-java-dsl brings is its business, and might change under it.
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

}

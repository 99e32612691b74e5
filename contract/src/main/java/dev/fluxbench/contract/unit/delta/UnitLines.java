package dev.fluxbench.contract.unit.delta;

import dev.fluxbench.contract.unit.UnitDto;

/**
 * Writes unit lines. By hand rather than through a mapper: the generator writes millions
 * of lines for the downstream, and the line's exact text is the format, so it should be
 * visible here.
 */
final class UnitLines {

	private UnitLines() {
	}

	/**
	 * Appends {@code unit} as one line's JSON, without the line break;
	 * {@code amountAsString} chooses between the two forms an amount may take.
	 */
	static StringBuilder append(StringBuilder line, UnitDto unit, boolean amountAsString) {
		line.append("{\"id\":").append(unit.id());
		line.append(",\"partner\":");
		quote(line, unit.partner());
		line.append(",\"name\":");
		quote(line, unit.name());
		line.append(",\"category\":");
		quote(line, unit.category());
		line.append(",\"amount\":");
		if (amountAsString) {
			line.append('"').append(unit.amount().toPlainString()).append('"');
		}
		else {
			line.append(unit.amount().toPlainString());
		}
		line.append(",\"currency\":");
		quote(line, unit.currency());
		line.append(",\"version\":").append(unit.version());
		line.append(",\"updatedAt\":\"").append(unit.updatedAt()).append("\"}");
		return line;
	}

	static String quote(String value) {
		return quote(new StringBuilder(value.length() + 2), value).toString();
	}

	static StringBuilder quote(StringBuilder out, String value) {
		out.append('"');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c == '"' || c == '\\') {
				out.append('\\').append(c);
			}
			else if (c < 0x20) {
				out.append(String.format("\\u%04x", (int) c));
			}
			else {
				out.append(c);
			}
		}
		return out.append('"');
	}

}

package dev.fluxbench.contract.unit.delta;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.contract.unit.UnitDto;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.core.json.JsonFactory;

/**
 * Turns one unit line into a {@link UnitDto}, or into the one reason it is refused. It
 * walks the line's tokens instead of binding it with a mapper: the reasons must name the
 * field and what is wrong with it in plain words, and a token walk costs a fraction of
 * data binding on 100 000 lines.
 */
final class UnitLineParser {

	private static final JsonFactory JSON = JsonFactory.builder().build();

	private static final String[] FIELDS = { "id", "partner", "name", "category", "amount", "currency", "version",
			"updatedAt" };

	private static final int ALL = (1 << FIELDS.length) - 1;

	/** The integer digits {@code numeric(19, 4)} leaves an amount. */
	private static final int MAX_AMOUNT_INTEGER_DIGITS = 19 - DeltaFormat.MAX_AMOUNT_SCALE;

	private final String partner;

	UnitLineParser(String partner) {
		this.partner = partner;
	}

	/**
	 * Parses one line of a delta file into a unit.
	 * @param complete whether the line ended with a line break; a line that did not and
	 * is not complete JSON is reported as truncated rather than as merely malformed
	 * @throws Refusal with the reason when the line is not a valid unit
	 */
	UnitDto parse(String line, boolean complete) {
		try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), line)) {
			return unit(parser);
		}
		catch (UnexpectedEndOfInputException ex) {
			throw new Refusal(complete ? "malformed JSON: the line ends inside the object"
					: "truncated: the file ends in the middle of this line");
		}
		catch (JacksonException ex) {
			String where = (ex.getLocation() != null) ? " at column " + ex.getLocation().getColumnNr() : "";
			String reason = "malformed JSON" + where + ": " + firstLine(ex.getOriginalMessage());
			throw new Refusal(
					complete ? reason : "truncated: the file ends in the middle of this line (" + reason + ")");
		}
	}

	private UnitDto unit(JsonParser parser) {
		if (parser.nextToken() != JsonToken.START_OBJECT) {
			throw new Refusal("not a JSON object");
		}
		long id = 0;
		long version = 0;
		String partner = null;
		String name = null;
		String category = null;
		String currency = null;
		BigDecimal amount = null;
		Instant updatedAt = null;
		int seen = 0;
		while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
			String field = parser.currentName();
			int bit = bit(field);
			if ((seen & bit) != 0) {
				throw new Refusal("field '" + field + "' appears twice");
			}
			seen |= bit;
			JsonToken value = parser.nextToken();
			switch (field) {
				case "id" -> id = integer(parser, value, field);
				case "partner" -> partner = text(parser, value, field);
				case "name" -> name = text(parser, value, field);
				case "category" -> category = text(parser, value, field);
				case "amount" -> amount = amount(parser, value);
				case "currency" -> currency = text(parser, value, field);
				case "version" -> version = integer(parser, value, field);
				case "updatedAt" -> updatedAt = instant(parser, value);
				default -> throw new Refusal("unknown field '" + field + "'");
			}
		}
		// The loop ends on END_OBJECT; anything else would have been a syntax error
		// already.
		if (parser.nextToken() != null) {
			throw new Refusal("malformed JSON: more after the object");
		}
		if (seen != ALL) {
			throw new Refusal(missing(seen));
		}
		if (id <= 0) {
			throw new Refusal("id must be positive, not " + id);
		}
		if (!partner.equals(this.partner)) {
			throw new Refusal("partner '" + partner + "' is not the file's partner '" + this.partner + "'");
		}
		if (name.isBlank()) {
			throw new Refusal("name must not be blank");
		}
		if (category.isBlank()) {
			throw new Refusal("category must not be blank");
		}
		if (!isCurrencyCode(currency)) {
			throw new Refusal("currency must be 3 upper-case letters, not '" + currency + "'");
		}
		if (version <= 0) {
			throw new Refusal("version must be positive, not " + version);
		}
		return new UnitDto(id, partner, name, category, amount, currency, version, updatedAt);
	}

	private static int bit(String field) {
		for (int i = 0; i < FIELDS.length; i++) {
			if (FIELDS[i].equals(field)) {
				return 1 << i;
			}
		}
		return 0;
	}

	private static String missing(int seen) {
		List<String> missing = new ArrayList<>();
		for (int i = 0; i < FIELDS.length; i++) {
			if ((seen & (1 << i)) == 0) {
				missing.add("'" + FIELDS[i] + "'");
			}
		}
		return ((missing.size() == 1) ? "missing field " : "missing fields ") + String.join(", ", missing);
	}

	private static long integer(JsonParser parser, JsonToken value, String field) {
		if (value != JsonToken.VALUE_NUMBER_INT) {
			throw new Refusal(field + " must be an integer, not " + describe(value));
		}
		try {
			return parser.getLongValue();
		}
		catch (InputCoercionException ex) {
			throw new Refusal(field + " is out of range: " + parser.getText());
		}
	}

	private static String text(JsonParser parser, JsonToken value, String field) {
		if (value != JsonToken.VALUE_STRING) {
			throw new Refusal(field + " must be a string, not " + describe(value));
		}
		return parser.getString();
	}

	private static BigDecimal amount(JsonParser parser, JsonToken value) {
		BigDecimal amount;
		if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
			amount = parser.getDecimalValue();
		}
		else if (value == JsonToken.VALUE_STRING) {
			String text = parser.getString();
			try {
				amount = new BigDecimal(text.strip());
			}
			catch (NumberFormatException ex) {
				throw new Refusal("amount '" + text + "' is not a decimal number");
			}
		}
		else {
			throw new Refusal("amount must be a number or a string, not " + describe(value));
		}
		if (amount.signum() < 0) {
			throw new Refusal("amount must not be negative, not " + amount.toPlainString());
		}
		// 12.5000 has four decimals of which two say nothing; only the ones that do
		// count.
		BigDecimal stripped = amount.stripTrailingZeros();
		if (stripped.scale() > DeltaFormat.MAX_AMOUNT_SCALE) {
			throw new Refusal(
					"amount has more than " + DeltaFormat.MAX_AMOUNT_SCALE + " decimals: " + amount.toPlainString());
		}
		if (stripped.precision() - stripped.scale() > MAX_AMOUNT_INTEGER_DIGITS) {
			throw new Refusal("amount has more than " + MAX_AMOUNT_INTEGER_DIGITS + " digits before the point");
		}
		return (amount.scale() < 0) ? amount.setScale(0) : amount;
	}

	private static Instant instant(JsonParser parser, JsonToken value) {
		if (value != JsonToken.VALUE_STRING) {
			throw new Refusal("updatedAt must be a string, not " + describe(value));
		}
		String text = parser.getString();
		try {
			return (isPlainUtc(text)) ? plainUtc(text) : Instant.parse(text);
		}
		catch (DateTimeException ex) {
			throw new Refusal("updatedAt '" + text + "' is not an ISO-8601 instant such as 2026-11-22T08:30:00Z");
		}
	}

	/*
	 * 2026-11-22T08:30:00Z, the form every writer we know uses, read without the general
	 * parser: Instant.parse goes through DateTimeFormatter's field resolution, heavy next
	 * to a token walk.
	 */
	private static boolean isPlainUtc(String text) {
		if (text.length() != 20 || text.charAt(19) != 'Z') {
			return false;
		}
		for (int i = 0; i < 19; i++) {
			char c = text.charAt(i);
			boolean ok = switch (i) {
				case 4, 7 -> c == '-';
				case 10 -> c == 'T';
				case 13, 16 -> c == ':';
				default -> c >= '0' && c <= '9';
			};
			if (!ok) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Reads a date and time without an offset as UTC.
	 * @throws DateTimeException for a field out of range, such as February 30th
	 */
	private static Instant plainUtc(String text) {
		return LocalDateTime
			.of(digits(text, 0, 4), digits(text, 5, 7), digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16),
					digits(text, 17, 19))
			.toInstant(ZoneOffset.UTC);
	}

	private static int digits(String text, int from, int to) {
		int value = 0;
		for (int i = from; i < to; i++) {
			value = value * 10 + (text.charAt(i) - '0');
		}
		return value;
	}

	private static boolean isCurrencyCode(String currency) {
		if (currency.length() != 3) {
			return false;
		}
		for (int i = 0; i < 3; i++) {
			char c = currency.charAt(i);
			if (c < 'A' || c > 'Z') {
				return false;
			}
		}
		return true;
	}

	private static String describe(JsonToken token) {
		return switch (token) {
			case VALUE_NULL -> "null";
			case VALUE_STRING -> "a string";
			case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
			case VALUE_TRUE, VALUE_FALSE -> "a boolean";
			case START_OBJECT -> "an object";
			case START_ARRAY -> "an array";
			default -> String.valueOf(token);
		};
	}

	private static String firstLine(String message) {
		if (message == null) {
			return "unreadable";
		}
		int end = message.indexOf('\n');
		String line = (end >= 0) ? message.substring(0, end) : message;
		return (line.length() > 120) ? line.substring(0, 117) + "..." : line;
	}

	/**
	 * A line refused, with why. No stack trace: refusals are data, thousands of them a
	 * file.
	 */
	static final class Refusal extends RuntimeException {

		Refusal(String reason) {
			super(reason, null, false, false);
		}

	}

}

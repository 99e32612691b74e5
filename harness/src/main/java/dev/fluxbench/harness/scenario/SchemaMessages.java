package dev.fluxbench.harness.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.ValidationMessage;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The schema validator's complaints, said the way a person editing the file thinks of
 * them: the key, the value and what would be right, rather than JSON Pointer and schema
 * keywords.
 */
final class SchemaMessages {

	private static final String DURATION = "a duration is a non-negative number with ms, s, m or h, as 500ms or 2s";

	private static final String SHARE = "write a percentage as 1% or a fraction as 0.01";

	/** The schema's pattern for names and labels. */
	private static final String NAME = "^[A-Za-z0-9][A-Za-z0-9._-]*$";

	/**
	 * The schema's pattern for a request's path: a path, an absolute URL, or a reference
	 * that holds one.
	 */
	static final String PATH = "^(/|https?://|\\$\\{)";

	/** The schema's pattern for variable names. */
	private static final String VARIABLE = "^[A-Za-z_][A-Za-z0-9_]*$";

	private SchemaMessages() {
	}

	static String describe(ValidationMessage message, JsonNode document) {
		String pointer = message.getInstanceLocation().toString();
		String where = name(pointer);
		JsonNode value = document.at(pointer);
		String schemaPath = message.getSchemaLocation().getFragment().toString();
		JsonNode rule = ScenarioReader.schemaNode().at(schemaPath.replaceFirst("^#", ""));
		return switch (message.getType()) {
			case "additionalProperties" -> "unknown key '" + message.getProperty() + "'"
					+ (pointer.isEmpty() ? "" : " in " + where) + known(schemaPath, message.getProperty());
			case "required" ->
				(pointer.isEmpty() ? "the file" : where) + " lacks the required key '" + message.getProperty() + "'";
			case "propertyNames" -> unknownName(pointer, message);
			case "type" -> isDuration(schemaPath) ? duration(value, where) : type(value, where, message);
			case "pattern" -> pattern(value, where, schemaPath, rule.asText());
			case "enum" -> enumeration(value, where, rule);
			case "const" -> where + " is " + found(value) + ", but must be " + rule
					+ (value.asText().equals(rule.asText()) ? ": write it without quotes" : "");
			case "minimum" -> where + " is " + value.asText() + ", below the least allowed (" + rule.asText() + ")";
			case "exclusiveMinimum" -> where + " is " + value.asText() + ", but must be above " + rule.asText();
			case "maximum" -> where + " is " + value.asText() + ", above the most allowed (" + rule.asText() + ")"
					+ ((pointer.endsWith("/errorRateBelow") || isFaultRate(pointer)) ? ": " + SHARE : "");
			case "minItems" -> value.isEmpty()
					? where + " is empty: " + (pointer.matches("/journey|.*/steps")
							? "give at least one step, as - request: {label: home, path: /}" : "give at least one item")
					: where + " has " + value.size() + " item(s), but needs at least " + rule.asInt();
			case "minProperties" -> where + " is empty"
					+ (pointer.equals("/load") ? ": give closed (a number of users) or open (arrival rates)" : "");
			case "maxProperties" ->
				where + " holds more than one choice: give only one of " + String.join(", ", fieldNames(value));
			case "uniqueItems" -> where + " lists " + duplicate(value) + " twice";
			case "oneOf" -> oneOf(pointer, where, value);
			default -> where + ": " + message.getMessage().replaceFirst("^[^:]*: ", "");
		};
	}

	/**
	 * A fault phase's rate, in a scenario's {@code faults:} or at the top of a
	 * {@code --faults} file.
	 */
	private static boolean isFaultRate(String pointer) {
		return pointer.matches("(/faults)?/\\d+/rate");
	}

	private static boolean isDuration(String schemaPath) {
		return schemaPath.contains("$defs/duration/");
	}

	/**
	 * The ways a duration goes wrong in practice: a bare number, a sign, a unit nobody
	 * knows.
	 */
	private static String duration(JsonNode value, String where) {
		String text = value.asText();
		if (value.isNumber() || text.matches("\\d+(\\.\\d+)?")) {
			return where + " is " + text + ", without a unit: write " + text + "s (or ms, m, h)";
		}
		if (value.isTextual() && text.startsWith("-")) {
			return "'" + text + "' in " + where + " is negative: a duration is 0 or more";
		}
		if (!value.isTextual()) {
			return where + " is " + article(kind(value)) + ", but must be a duration: " + DURATION;
		}
		return "'" + text + "' in " + where + " is not a duration: " + DURATION;
	}

	private static String type(JsonNode value, String where, ValidationMessage message) {
		List<String> arguments = arguments(message);
		String expected = arguments.isEmpty() ? "" : arguments.getLast().replace("[", "").replace("]", "");
		String wanted = Arrays.stream(expected.split(",\\s*"))
			.map(SchemaMessages::noun)
			.collect(Collectors.joining(" or "));
		if (value.isNull()) {
			return where + " has no value, but must be " + article(wanted);
		}
		if (value.isTextual() && expected.contains("integer") && value.asText().matches("\\d{1,3}(_\\d{3})+")) {
			return where + " is " + found(value) + ", but must be " + article(wanted) + ": write "
					+ value.asText().replace("_", "") + " (YAML 1.2 has no '_' in numbers)";
		}
		if (value.isTextual() && quotedScalar(value.asText(), expected)) {
			return where + " is " + found(value) + ", but must be " + article(wanted) + ": write it without quotes";
		}
		return where + " is " + found(value) + ", but must be " + article(wanted)
				+ (expected.equals("array") ? ", as [1, 2] or one '- item' per line" : "");
	}

	/** A value as the message names it: the text 'three', the number 5, a list. */
	private static String found(JsonNode value) {
		if (value.isTextual()) {
			return "the text '" + value.asText() + "'";
		}
		return value.isValueNode() ? "the " + kind(value) + " " + value : article(kind(value));
	}

	/** {@code "200"} where a number belongs: YAML made it text because of the quotes. */
	private static boolean quotedScalar(String text, String expected) {
		return (expected.contains("integer") && text.matches("-?\\d+"))
				|| (expected.contains("number") && text.matches("-?\\d+(\\.\\d+)?"))
				|| (expected.contains("boolean") && text.matches("true|false"));
	}

	private static String pattern(JsonNode value, String where, String schemaPath, String regex) {
		String text = "'" + value.asText() + "' in " + where;
		if (isDuration(schemaPath)) {
			return duration(value, where);
		}
		if (schemaPath.endsWith("/errorRateBelow/pattern")
				|| schemaPath.endsWith("/faults/items/properties/rate/pattern")) {
			return text + " is not a share: " + SHARE;
		}
		return switch (regex) {
			case PATH -> text + " must start with '/', as /concerts/data/artists?page=0 (the target's URL goes in"
					+ " front), or be an absolute http(s) URL or a ${...} reference to one";
			case NAME ->
				text + " is not a name: use letters, digits, '.', '_' and '-', and start with a letter or digit";
			case VARIABLE -> text + " cannot name a variable: use letters, digits and _, and do not start with a digit";
			default -> text + " does not match " + regex;
		};
	}

	private static String enumeration(JsonNode value, String where, JsonNode rule) {
		List<String> allowed = new ArrayList<>();
		rule.forEach((item) -> allowed.add(item.asText()));
		String hint = allowed.stream()
			.filter((name) -> name.equalsIgnoreCase(value.asText()))
			.findFirst()
			.map((name) -> ": write " + name)
			.orElse("; allowed: " + String.join(", ", allowed));
		return "'" + value.asText() + "' is not allowed as " + where + hint;
	}

	private static String duplicate(JsonNode list) {
		Set<JsonNode> seen = new HashSet<>();
		for (JsonNode item : list) {
			if (!seen.add(item)) {
				return "'" + item.asText() + "'";
			}
		}
		return "an item";
	}

	/** The choices a failed oneOf offered, named for the places the format has them. */
	private static String oneOf(String pointer, String where, JsonNode value) {
		if (pointer.endsWith("/closed")) {
			return "the closed load needs either 'hold' or 'iterations', not both or neither";
		}
		if (pointer.matches(".*/(thinkTime|pause)$")) {
			return (value.isNumber() || value.isTextual()) ? duration(value, where)
					: where + " is neither a duration nor {min, max}: " + DURATION;
		}
		if (pointer.matches(".*/checks/\\d+$")) {
			return where + " states one of contains, regex or jsonPath";
		}
		if (pointer.matches(".*/extract/\\d+$")) {
			return where + " takes the value from one of header, jsonPath or regex";
		}
		return where + " matches none of the forms it may take: " + value;
	}

	private static String unknownName(String pointer, ValidationMessage message) {
		String name = (message.getProperty() != null) ? message.getProperty() : String.join(", ", arguments(message));
		if (pointer.matches(".*/(journey|steps)/\\d+$")) {
			boolean requestKey = ScenarioReader.schemaNode().at("/$defs/request/properties").has(name);
			return "unknown step '" + name + "': a step is a request, a pause or a repeat"
					+ (requestKey ? " ('" + name + "' belongs to a request: indent it under 'request:')" : "");
		}
		if (pointer.equals("/variables")) {
			return "'" + name + "' cannot name a variable: use letters, digits and _, and do not start with a digit";
		}
		return "'" + name + "' is not allowed in " + name(pointer);
	}

	/**
	 * The keys the schema allows where an unknown one was found, with the likeliest one
	 * first.
	 */
	private static String known(String schemaPath, String unknown) {
		String parent = schemaPath.replaceFirst("/additionalProperties$", "");
		JsonNode properties = ScenarioReader.schemaNode().at(parent.replaceFirst("^#", "")).path("properties");
		List<String> names = fieldNames(properties);
		if (names.isEmpty()) {
			return "";
		}
		String guess = names.stream()
			.filter((name) -> distance(name.toLowerCase(Locale.ROOT), unknown.toLowerCase(Locale.ROOT)) <= 2)
			.min(Comparator.comparingInt(
					(String name) -> distance(name.toLowerCase(Locale.ROOT), unknown.toLowerCase(Locale.ROOT))))
			.map((name) -> ": did you mean '" + name + "'?")
			.orElse("");
		return guess + " (known: " + String.join(", ", names) + ")";
	}

	/** Levenshtein's edit distance, for a typo's likeliest meaning. */
	private static int distance(String a, String b) {
		return LevenshteinDistance.getDefaultInstance().apply(a, b);
	}

	private static List<String> fieldNames(JsonNode node) {
		List<String> names = new ArrayList<>();
		node.fieldNames().forEachRemaining(names::add);
		return names;
	}

	private static List<String> arguments(ValidationMessage message) {
		List<String> arguments = new ArrayList<>();
		if (message.getArguments() != null) {
			for (Object argument : message.getArguments()) {
				arguments.add(String.valueOf(argument));
			}
		}
		return arguments;
	}

	/** JSON Schema's type names, as YAML calls them. */
	private static String noun(String type) {
		return switch (type) {
			case "object" -> "mapping";
			case "array" -> "list";
			default -> type;
		};
	}

	private static String kind(JsonNode value) {
		if (value.isTextual()) {
			return "string";
		}
		if (value.isIntegralNumber()) {
			return "integer";
		}
		if (value.isNumber()) {
			return "number";
		}
		if (value.isBoolean()) {
			return "boolean";
		}
		if (value.isArray()) {
			return "list";
		}
		if (value.isObject()) {
			return "mapping";
		}
		return "null";
	}

	private static String article(String noun) {
		if (noun.isEmpty()) {
			return noun;
		}
		return (("aeio".indexOf(noun.charAt(0)) >= 0) ? "an " : "a ") + noun;
	}

	/** {@code /journey/0/request/path} reads as {@code journey[0].request.path}. */
	static String name(String pointer) {
		if (pointer.isEmpty()) {
			return "the file";
		}
		StringBuilder name = new StringBuilder();
		for (String part : pointer.substring(1).split("/")) {
			String key = part.replace("~1", "/").replace("~0", "~");
			if (key.matches("\\d+")) {
				name.append('[').append(key).append(']');
			}
			else {
				name.append(name.isEmpty() ? "" : ".").append(key);
			}
		}
		return "'" + name + "'";
	}

}

package dev.fluxbench.harness.scenario;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.ValidationMessage;

/**
 * The schema validator's complaints, said the way a person editing the file thinks of them: the
 * key, the value and what would be right, rather than JSON Pointer and schema keywords.
 */
final class SchemaMessages {

	private static final String DURATION = "a duration is a non-negative number with ms, s, m or h, as 500ms or 2s";

	private SchemaMessages() {
	}

	static String describe(ValidationMessage message, JsonNode document) {
		String pointer = message.getInstanceLocation().toString();
		String where = name(pointer);
		JsonNode value = document.at(pointer);
		String schemaPath = message.getSchemaLocation().getFragment().toString();
		return switch (message.getType()) {
			case "additionalProperties" -> "unknown key '" + message.getProperty() + "'"
					+ (pointer.isEmpty() ? "" : " in " + where) + known(schemaPath);
			case "required" -> (pointer.isEmpty() ? "the file" : where) + " lacks the required key '"
					+ message.getProperty() + "'";
			case "propertyNames" -> unknownName(pointer, message);
			case "type" -> where + " is " + article(kind(value)) + ", but must be " + expected(message);
			case "pattern" -> schemaPath.contains("/duration") || schemaPath.contains("Below")
					? "'" + value.asText() + "' in " + where + " is not a duration: " + DURATION
					: "'" + value.asText() + "' in " + where + " does not have the right form ("
							+ message.getMessage().replaceFirst("^[^:]*: ", "") + ")";
			case "enum" -> "'" + value.asText() + "' is not allowed as " + where + "; allowed: "
					+ String.join(", ", arguments(message));
			case "const" -> where + " must be " + String.join(", ", arguments(message));
			case "minimum", "exclusiveMinimum" -> where + " is " + value.asText() + ", below the least allowed ("
					+ String.join(", ", arguments(message)) + ")";
			case "maximum" -> where + " is " + value.asText() + ", above the most allowed ("
					+ String.join(", ", arguments(message)) + ")";
			case "minItems" -> where + " needs at least " + String.join(", ", arguments(message)) + " item(s)";
			case "minProperties" -> where + " is empty";
			case "maxProperties" -> where + " holds more than one choice: give only one of "
					+ String.join(", ", fieldNames(value));
			case "uniqueItems" -> where + " lists an item twice";
			case "oneOf" -> oneOf(pointer, where, value);
			default -> where + ": " + message.getMessage().replaceFirst("^[^:]*: ", "");
		};
	}

	/** The choices a failed oneOf offered, named for the places the format has them. */
	private static String oneOf(String pointer, String where, JsonNode value) {
		if (pointer.endsWith("/closed")) {
			return "the closed load needs either 'hold' or 'iterations', not both or neither";
		}
		if (pointer.matches(".*/(thinkTime|pause)$")) {
			return where + " is neither a duration nor {min, max}: " + DURATION;
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
		String name = (message.getProperty() != null) ? message.getProperty()
				: String.join(", ", arguments(message));
		if (pointer.matches(".*/(journey|steps)/\\d+$")) {
			return "unknown step '" + name + "': a step is a request, a pause or a repeat";
		}
		if (pointer.equals("/variables")) {
			return "'" + name + "' cannot name a variable: use letters, digits and _";
		}
		return "'" + name + "' is not allowed in " + name(pointer);
	}

	/** The keys the schema allows where an unknown one was found. */
	private static String known(String schemaPath) {
		String parent = schemaPath.replaceFirst("/additionalProperties$", "");
		JsonNode properties = ScenarioReader.schemaNode().at(parent.replaceFirst("^#", "")).path("properties");
		List<String> names = fieldNames(properties);
		return names.isEmpty() ? "" : " (known: " + String.join(", ", names) + ")";
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

	private static String expected(ValidationMessage message) {
		List<String> arguments = arguments(message);
		String last = arguments.isEmpty() ? "" : arguments.getLast();
		return article(last.replace("[", "").replace("]", "").replace(", ", " or "));
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
		return ("aeio".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun.replace("object", "mapping")
			.replace("array", "list");
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

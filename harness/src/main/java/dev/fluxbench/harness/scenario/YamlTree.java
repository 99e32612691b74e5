package dev.fluxbench.harness.scenario;

import java.io.Reader;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A YAML document as a Jackson tree, plus the line each value was written on. Jackson's own YAML
 * tree forgets where things were; SnakeYAML's node graph remembers, so the document is composed
 * with SnakeYAML and converted here, and every later complaint can name its line.
 *
 * @param root the document
 * @param lines 1-based line by JSON Pointer ({@code /journey/0/request/path}); a mapping
 * entry's line is its key's
 */
record YamlTree(JsonNode root, Map<String, Integer> lines) {

	/** Aliases expand into copies: a few are fine, a billion laughs are not. */
	private static final int MAX_ALIASES = 50;

	static YamlTree read(String source, Reader reader) {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		options.setMaxAliasesForCollections(MAX_ALIASES);
		Node document;
		try {
			document = new Yaml(options).compose(reader);
		}
		catch (MarkedYAMLException ex) {
			int line = (ex.getProblemMark() != null) ? ex.getProblemMark().getLine() + 1 : 1;
			throw new ScenarioException(source, line, "not valid YAML: " + ex.getProblem());
		}
		catch (YAMLException ex) {
			throw new ScenarioException(source, 1, "not valid YAML: " + ex.getMessage().lines().findFirst().orElse(""));
		}
		if (document == null) {
			throw new ScenarioException(source, 1, "the file is empty");
		}
		Map<String, Integer> lines = new HashMap<>();
		lines.put("", 1);
		return new YamlTree(convert(source, document, "", lines), Map.copyOf(lines));
	}

	/** The line of the value at {@code pointer}, or of its nearest ancestor written in the file. */
	int lineOf(String pointer) {
		String at = pointer;
		while (!this.lines.containsKey(at)) {
			int slash = at.lastIndexOf('/');
			at = (slash <= 0) ? "" : at.substring(0, slash);
		}
		return this.lines.get(at);
	}

	private static JsonNode convert(String source, Node node, String pointer, Map<String, Integer> lines) {
		lines.putIfAbsent(pointer, node.getStartMark().getLine() + 1);
		JsonNodeFactory nodes = JsonNodeFactory.instance;
		return switch (node) {
			case MappingNode mapping -> {
				ObjectNode object = nodes.objectNode();
				for (NodeTuple tuple : mapping.getValue()) {
					if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
						throw new ScenarioException(source, tuple.getKeyNode().getStartMark().getLine() + 1,
								"a key must be plain text");
					}
					String child = pointer + "/" + escape(key.getValue());
					lines.put(child, key.getStartMark().getLine() + 1);
					object.set(key.getValue(), convert(source, tuple.getValueNode(), child, lines));
				}
				yield object;
			}
			case SequenceNode sequence -> {
				ArrayNode array = nodes.arrayNode();
				for (Node item : sequence.getValue()) {
					array.add(convert(source, item, pointer + "/" + array.size(), lines));
				}
				yield array;
			}
			case ScalarNode scalar -> scalar(scalar);
			default -> throw new ScenarioException(source, node.getStartMark().getLine() + 1, "unsupported YAML node");
		};
	}

	/** Scalars keep the type YAML's core schema resolved: {@code 200} a number, {@code "200"} text. */
	private static JsonNode scalar(ScalarNode scalar) {
		JsonNodeFactory nodes = JsonNodeFactory.instance;
		String value = scalar.getValue();
		Tag tag = scalar.getTag();
		try {
			if (Tag.INT.equals(tag)) {
				BigInteger integer = new BigInteger(value.replace("_", ""));
				return (integer.bitLength() < 63) ? nodes.numberNode(integer.longValue()) : nodes.numberNode(integer);
			}
			if (Tag.FLOAT.equals(tag)) {
				return nodes.numberNode(Double.parseDouble(value.replace("_", "")));
			}
		}
		catch (NumberFormatException ex) {
			// Hexadecimal, octal or sexagesimal: kept as text; the schema then names the type.
			return nodes.textNode(value);
		}
		if (Tag.BOOL.equals(tag)) {
			return nodes.booleanNode(value.equalsIgnoreCase("true"));
		}
		if (Tag.NULL.equals(tag)) {
			return nodes.nullNode();
		}
		return nodes.textNode(value);
	}

	/** JSON Pointer's escapes, so a key with a slash stays one step of the pointer. */
	static String escape(String key) {
		return key.replace("~", "~0").replace("/", "~1");
	}

}

package dev.fluxbench.harness.scenario;

import java.io.Reader;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * A YAML document as a Jackson tree, plus the line each value was written on. Jackson's
 * own YAML tree forgets where things were; SnakeYAML's node graph remembers, so the
 * document is composed with SnakeYAML and converted here, and every later complaint can
 * name its line.
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
		options.setMaxAliasesForCollections(MAX_ALIASES);
		Node document;
		try {
			ParserImpl parser = new ParserImpl(new StreamReader(reader), options);
			document = new Composer(parser, new CoreSchemaResolver(), options).getSingleNode();
		}
		catch (MarkedYAMLException ex) {
			throw new ScenarioException(source, syntaxLine(ex), "not valid YAML: " + syntaxReason(ex));
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

	/**
	 * Where to send the reader. The parser notices an unclosed quote only at the end of
	 * the file and a key without ':' only on the next line; the place it started scanning
	 * is the line to fix.
	 */
	private static int syntaxLine(MarkedYAMLException ex) {
		Mark mark = ex.getProblemMark();
		String context = String.valueOf(ex.getContext());
		if (ex.getContextMark() != null && (context.contains("quoted scalar") || context.contains("simple key"))) {
			mark = ex.getContextMark();
		}
		return (mark != null) ? mark.getLine() + 1 : 1;
	}

	/** SnakeYAML's complaints are about tokens; these say what to change in the file. */
	private static String syntaxReason(MarkedYAMLException ex) {
		String problem = String.valueOf(ex.getProblem());
		String context = String.valueOf(ex.getContext());
		if (context.contains("quoted scalar") && problem.contains("end of stream")) {
			return "the quote opened on this line is never closed";
		}
		if (problem.contains("could not find expected ':'")) {
			return "this line is neither 'key: value' nor a list item '- ...': is a ':' missing?";
		}
		if (problem.contains("mapping values are not allowed here")) {
			return "a ':' where no key can start: check the indentation, or quote a value that holds ': '";
		}
		if (problem.startsWith("expected <block end>")) {
			return "this line's indentation does not match the lines above it (YAML nests by indentation, with"
					+ " spaces), or a quote opened above is not closed";
		}
		if (problem.contains("'\\t(TAB)'")) {
			return "a tab; YAML indents with spaces only";
		}
		Matcher character = Pattern.compile("found character '(.+?)' that cannot start any token").matcher(problem);
		if (character.find()) {
			return "a plain value cannot start with '" + character.group(1) + "': put the value in quotes";
		}
		if (context.contains("expected a single document")) {
			return "a second document ('---'): a scenario file holds one";
		}
		return problem;
	}

	/**
	 * The line of the value at {@code pointer}, or of its nearest ancestor written in the
	 * file.
	 */
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
					// SnakeYAML refuses duplicate keys only when it constructs objects;
					// composing, it keeps both, and the later would silently win.
					if (object.has(key.getValue())) {
						int line = key.getStartMark().getLine() + 1;
						throw new ScenarioException(source, line, "the key '" + key.getValue()
								+ "' is given twice here (first on line " + lines.get(child) + "): keep one");
					}
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

	/**
	 * Scalars keep the type YAML's core schema resolved: {@code 200} a number,
	 * {@code "200"} text.
	 */
	private static JsonNode scalar(ScalarNode scalar) {
		JsonNodeFactory nodes = JsonNodeFactory.instance;
		String value = scalar.getValue();
		Tag tag = scalar.getTag();
		try {
			if (Tag.INT.equals(tag)) {
				BigInteger integer = value.startsWith("0x") ? new BigInteger(value.substring(2), 16)
						: value.startsWith("0o") ? new BigInteger(value.substring(2), 8) : new BigInteger(value);
				return (integer.bitLength() < 63) ? nodes.numberNode(integer.longValue()) : nodes.numberNode(integer);
			}
			if (Tag.FLOAT.equals(tag)) {
				return nodes.numberNode(Double.parseDouble(value));
			}
		}
		catch (NumberFormatException ex) {
			// .inf and .nan, or an explicit !!int on text: kept as text; the schema then
			// names the type.
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

	/**
	 * YAML 1.2's core schema, the one IDEs check a file with. SnakeYAML resolves plain
	 * scalars by YAML 1.1, where {@code yes}, {@code no}, {@code on} and {@code off} are
	 * booleans, {@code 1:30} is 90 and {@code 1_000} a number: a header
	 * {@code X-Flag: on} would be refused and a country code {@code NO} in a JSON body
	 * sent as {@code false}, while the editor showed both as text.
	 */
	private static final class CoreSchemaResolver extends Resolver {

		private static final Pattern CORE_BOOL = Pattern.compile("^(?:true|True|TRUE|false|False|FALSE)$");

		private static final Pattern CORE_INT = Pattern.compile("^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$");

		private static final Pattern CORE_FLOAT = Pattern.compile("^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)"
				+ "(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");

		private static final Pattern CORE_NULL = Pattern.compile("^(?:~|null|Null|NULL)$");

		@Override
		protected void addImplicitResolvers() {
			addImplicitResolver(Tag.BOOL, CORE_BOOL, "tTfF");
			// INT before FLOAT: the first pattern that matches decides, and 12 matches
			// both.
			addImplicitResolver(Tag.INT, CORE_INT, "-+0123456789");
			addImplicitResolver(Tag.FLOAT, CORE_FLOAT, "-+0123456789.");
			addImplicitResolver(Tag.NULL, CORE_NULL, "~nN\0");
			addImplicitResolver(Tag.NULL, EMPTY, null);
		}

	}

}

package dev.fluxbench.assess.config;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads a module's application*.properties and application*.yaml (or .yml) from its main
 * resources, keeping each key's line.
 */
public final class ConfigReader {

	public Config read(Path root, Path module) {
		Path resources = module.resolve("src/main/resources");
		List<ConfigEntry> entries = new ArrayList<>();
		List<String> notes = new ArrayList<>();
		if (!Files.isDirectory(resources)) {
			return new Config(entries, notes);
		}
		List<Path> files;
		try (Stream<Path> walk = Files.walk(resources, 2)) {
			files = walk.filter(Files::isRegularFile).filter((path) -> {
				String name = path.getFileName().toString();
				return name.startsWith("application")
						&& (name.endsWith(".properties") || name.endsWith(".yaml") || name.endsWith(".yml"));
			}).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		for (Path file : files) {
			String relative = root.relativize(file).toString().replace('\\', '/');
			String name = file.getFileName().toString();
			String base = name.substring(0, name.lastIndexOf('.'));
			String profile = base.startsWith("application-") ? base.substring("application-".length()) : "";
			try {
				if (name.endsWith(".properties")) {
					properties(file, relative, profile, entries);
				}
				else {
					yaml(file, relative, profile, entries);
				}
			}
			catch (IOException | RuntimeException ex) {
				notes.add(relative + " could not be read ("
						+ String.valueOf(ex.getMessage()).lines().findFirst().orElse("") + ")");
			}
		}
		return new Config(entries, notes);
	}

	private static void properties(Path file, String relative, String profile, List<ConfigEntry> into)
			throws IOException {
		List<String> lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
				continue;
			}
			int separator = -1;
			for (int c = 0; c < line.length(); c++) {
				char ch = line.charAt(c);
				if ((ch == '=' || ch == ':') && (c == 0 || line.charAt(c - 1) != '\\')) {
					separator = c;
					break;
				}
			}
			String key = (separator < 0) ? line : line.substring(0, separator).strip();
			String value = (separator < 0) ? "" : line.substring(separator + 1).strip();
			into.add(new ConfigEntry(key, value, relative, i + 1, profile));
		}
	}

	private static void yaml(Path file, String relative, String profile, List<ConfigEntry> into) throws IOException {
		try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
			for (Node document : new Yaml(new LoaderOptions()).composeAll(reader)) {
				flatten("", document, relative, profile, into);
			}
		}
	}

	private static void flatten(String prefix, Node node, String file, String profile, List<ConfigEntry> into) {
		if (node instanceof MappingNode mapping) {
			for (NodeTuple tuple : mapping.getValue()) {
				if (tuple.getKeyNode() instanceof ScalarNode key) {
					String name = prefix.isEmpty() ? key.getValue() : prefix + "." + key.getValue();
					Node value = tuple.getValueNode();
					if (value instanceof ScalarNode scalar) {
						into.add(new ConfigEntry(name, scalar.getValue(), file, key.getStartMark().getLine() + 1,
								profile));
					}
					else {
						flatten(name, value, file, profile, into);
					}
				}
			}
		}
		else if (node instanceof SequenceNode sequence) {
			List<Node> items = sequence.getValue();
			for (int i = 0; i < items.size(); i++) {
				Node item = items.get(i);
				if (item instanceof ScalarNode scalar) {
					into.add(new ConfigEntry(prefix + "[" + i + "]", scalar.getValue(), file,
							scalar.getStartMark().getLine() + 1, profile));
				}
				else {
					flatten(prefix + "[" + i + "]", item, file, profile, into);
				}
			}
		}
	}

	public record Config(List<ConfigEntry> entries, List<String> notes) {

	}

}

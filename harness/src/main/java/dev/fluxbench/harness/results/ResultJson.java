package dev.fluxbench.harness.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The Jackson set-up every JSON result file shares, so that a file is read with the rules
 * it was written with. Records are written in component order and indented for people,
 * {@code "key":
 * value} with arrays of scalars on one line; instants and durations are ISO-8601 text, an
 * empty Optional is null. Reading is lenient because the report must load what a killed
 * run or an older harness left: unknown keys are ignored, missing ones come back empty
 * (each record's constructor fills them in), and an unknown enum value or subtype reads
 * as the default or as nothing.
 */
public final class ResultJson {

	private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter(Separators.createDefaultInstance()
		.withObjectFieldValueSpacing(Separators.Spacing.AFTER)
		.withArrayValueSpacing(Separators.Spacing.AFTER)
		.withObjectEmptySeparator("")
		.withArrayEmptySeparator("")).withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance)
		// The same file on every platform: a results directory moves between machines.
		.withObjectIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));

	static final ObjectMapper MAPPER = JsonMapper.builder()
		.addModule(new JavaTimeModule())
		.addModule(new Jdk8Module())
		.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
		.disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
		.enable(SerializationFeature.INDENT_OUTPUT)
		.defaultPrettyPrinter(PRETTY)
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.disable(DeserializationFeature.FAIL_ON_INVALID_SUBTYPE)
		.enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
		.build();

	private ResultJson() {
	}

	/** A value as a result file holds it, ending with a line break. */
	public static String write(Object value) {
		try {
			return MAPPER.writeValueAsString(value) + "\n";
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("Could not write " + value.getClass().getSimpleName() + " as JSON", ex);
		}
	}

	/**
	 * A JSON text someone else wrote, such as an {@code /actuator/info} answer, as a tree
	 * to embed in a result file; JSON null when the text is empty or not JSON, so that
	 * the file stays JSON.
	 */
	public static JsonNode tree(String text) {
		if (text == null || text.isBlank()) {
			return NullNode.getInstance();
		}
		try {
			return MAPPER.readTree(text);
		}
		catch (JsonProcessingException ex) {
			return NullNode.getInstance();
		}
	}

	/**
	 * Reads a whole file as one record.
	 * @param what how the file is named in a message, as {@code run.json}
	 * @throws IllegalArgumentException in one line, when the file is not JSON or holds no
	 * object
	 */
	public static <T> T read(Path file, Class<T> type, String what) {
		T value;
		try {
			value = MAPPER.readValue(file.toFile(), type);
		}
		catch (JsonProcessingException ex) {
			String reason = Objects.requireNonNullElse(ex.getOriginalMessage(), ex.getClass().getSimpleName());
			throw new IllegalArgumentException(
					"'" + file + "' is not a fluxbench " + what + ": " + reason.lines().findFirst().orElse(reason));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
		if (value == null) {
			throw new IllegalArgumentException("'" + file + "' is not a fluxbench " + what + ": it holds null");
		}
		return value;
	}

	/** What a record holds for a missing text: nothing, rather than null. */
	public static String text(String text) {
		return (text != null) ? text : "";
	}

	/**
	 * What a record holds for a missing list: an empty one; null entries are left out.
	 */
	public static <T> List<T> list(List<T> list) {
		return (list != null) ? list.stream().filter(Objects::nonNull).toList() : List.of();
	}

	/** A list whose null entries mean "no figure", kept in place. */
	static <T> List<T> listWithGaps(List<T> list) {
		return (list != null) ? Collections.unmodifiableList(new ArrayList<>(list)) : List.of();
	}

	/**
	 * What a record holds for a missing map: an empty one, in the file's order otherwise.
	 */
	static <K, V> Map<K, V> map(Map<K, V> map) {
		return (map != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(map)) : Map.of();
	}

	/** What a record holds for a missing optional value: empty, never null. */
	public static <T> Optional<T> optional(Optional<T> optional) {
		return (optional != null) ? optional : Optional.empty();
	}

}

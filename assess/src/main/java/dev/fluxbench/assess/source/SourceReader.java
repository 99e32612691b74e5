package dev.fluxbench.assess.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Reads a module's main sources, Java and Kotlin; test sources are not the service. A
 * file that cannot be parsed becomes a note, never a failure.
 */
public final class SourceReader {

	private final JavaReader java = new JavaReader();

	private final KotlinReader kotlin = new KotlinReader();

	/**
	 * Reads the Java sources of one module.
	 * @param root the assessed directory, which file paths are made relative to
	 * @param module the module's directory
	 */
	public Sources read(Path root, Path module) {
		List<Path> paths = new ArrayList<>();
		for (String directory : List.of("src/main/java", "src/main/kotlin")) {
			Path sources = module.resolve(directory);
			if (Files.isDirectory(sources)) {
				try (Stream<Path> walk = Files.walk(sources)) {
					walk.filter(Files::isRegularFile)
						.filter((path) -> path.toString().endsWith(".java") || path.toString().endsWith(".kt"))
						.forEach(paths::add);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
		}
		paths.sort(Comparator.naturalOrder());
		List<String> notes = Collections.synchronizedList(new ArrayList<>());
		long[] lines = new long[1];
		List<SourceFile> files = paths.parallelStream().map((path) -> {
			String relative = root.relativize(path).toString().replace('\\', '/');
			try {
				String text = Files.readString(path, StandardCharsets.UTF_8);
				synchronized (lines) {
					lines[0] += text.lines().count();
				}
				return relative.endsWith(".kt") ? this.kotlin.read(relative, text) : this.java.read(relative, text);
			}
			catch (IOException | RuntimeException ex) {
				notes.add(relative + " could not be read ("
						+ String.valueOf(ex.getMessage()).lines().findFirst().orElse("")
						+ "); its findings are missing");
				return null;
			}
		}).filter(Objects::nonNull).toList();
		List<String> sortedNotes = new ArrayList<>(notes);
		Collections.sort(sortedNotes);
		return new Sources(files, sortedNotes, lines[0]);
	}

	public record Sources(List<SourceFile> files, List<String> notes, long lines) {

	}

}

package dev.fluxbench.launcher;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The end of a log file, read from the end so that a long run's log costs no more than a
 * short one's.
 */
final class LogTail {

	/** Enough for 20 lines of a Spring Boot log, stack trace lines included. */
	private static final int WINDOW_BYTES = 64 * 1024;

	private LogTail() {
	}

	static List<String> lastLines(Path file, int count) {
		if (!Files.isRegularFile(file)) {
			return List.of();
		}
		try (RandomAccessFile log = new RandomAccessFile(file.toFile(), "r")) {
			long length = log.length();
			int window = (int) Math.min(length, WINDOW_BYTES);
			byte[] bytes = new byte[window];
			log.seek(length - window);
			log.readFully(bytes);
			List<String> lines = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\\R"));
			if (window < length && !lines.isEmpty()) {
				// The window most likely starts in the middle of a line.
				lines = lines.subList(1, lines.size());
			}
			return List.copyOf(lines.subList(Math.max(0, lines.size() - count), lines.size()));
		}
		catch (IOException ex) {
			return List.of("(could not read " + file + ": " + ex + ")");
		}
	}

}

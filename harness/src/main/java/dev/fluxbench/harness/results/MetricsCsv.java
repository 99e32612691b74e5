package dev.fluxbench.harness.results;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code metrics.csv}: one line per value, a scrape's lines written and flushed together,
 * so that a harness killed with SIGKILL leaves at most a torn last line. The recorder
 * writes it and the report reads it, both through this class.
 */
public final class MetricsCsv implements Closeable {

	public static final String HEADER = "timestamp,source,metric,tags,value";

	private final BufferedWriter writer;

	private MetricsCsv(Path file) throws IOException {
		Files.createDirectories(file.toAbsolutePath().getParent());
		this.writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
		this.writer.write(HEADER);
		this.writer.newLine();
		this.writer.flush();
	}

	public static MetricsCsv create(Path file) {
		try {
			return new MetricsCsv(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create " + file, ex);
		}
	}

	/**
	 * Writes one scrape's lines and flushes them, so that they are on disk before the
	 * next scrape.
	 */
	public synchronized void write(List<Line> lines) {
		try {
			for (Line line : lines) {
				this.writer.write(line.format());
				this.writer.newLine();
			}
			this.writer.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write metrics", ex);
		}
	}

	@Override
	public synchronized void close() {
		try {
			this.writer.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not close the metrics file", ex);
		}
	}

	/**
	 * Every complete line of a metrics file, in file order; none when the file is
	 * missing. A torn last line (a killed run) is skipped, like a line that cannot be
	 * read: metrics are context for the samples, and one lost second must not cost the
	 * whole report.
	 */
	public static List<Line> read(Path file) {
		String content;
		try {
			content = Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (NoSuchFileException ex) {
			return List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
		// split keeps what follows the last line break: empty for a complete file, a torn
		// line otherwise.
		String[] lines = content.split("\n", -1);
		List<Line> read = new ArrayList<>(lines.length);
		for (int i = 1; i < lines.length - 1; i++) {
			Line.parse(lines[i]).ifPresent(read::add);
		}
		return read;
	}

	/**
	 * One value of one scrape.
	 *
	 * @param at when the scrape was taken
	 * @param source whose value: {@code app}, {@code generator}, {@code downstream},
	 * {@code ldap}
	 * @param metric the Prometheus name, or one of ours ({@code rss_bytes},
	 * {@code cpu_time_seconds})
	 * @param tags the Prometheus labels as written, as {@code area="heap",id="eden"}; may
	 * be empty
	 * @param value the value
	 */
	public record Line(Instant at, String source, String metric, String tags, double value) {

		/**
		 * {@code timestamp,source,metric,"tags",value}: tags hold commas, quoted as one
		 * field with inner quotes doubled.
		 */
		String format() {
			return this.at + "," + this.source + "," + this.metric + ",\"" + this.tags.replace("\"", "\"\"") + "\","
					+ String.format(Locale.ROOT, "%s", this.value);
		}

		/** The line, or nothing when it cannot be read; only the tags may hold commas. */
		static Optional<Line> parse(String line) {
			int first = line.indexOf(',');
			int second = line.indexOf(',', first + 1);
			int third = line.indexOf(',', second + 1);
			int last = line.lastIndexOf(',');
			if (first < 0 || second < 0 || third < 0 || last <= third) {
				return Optional.empty();
			}
			try {
				String tags = line.substring(third + 1, last);
				if (tags.length() >= 2 && tags.startsWith("\"") && tags.endsWith("\"")) {
					tags = tags.substring(1, tags.length() - 1).replace("\"\"", "\"");
				}
				return Optional.of(new Line(Instant.parse(line.substring(0, first)), line.substring(first + 1, second),
						line.substring(second + 1, third), tags, Double.parseDouble(line.substring(last + 1))));
			}
			catch (DateTimeParseException | NumberFormatException ex) {
				return Optional.empty();
			}
		}

	}

}

package dev.fluxbench.harness.results;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code samples.csv}: one line per sample, written as samples arrive and flushed at
 * least every {@link #FLUSH_INTERVAL}, so that a harness killed with SIGKILL leaves every
 * finished load complete and at most a torn last line in the running one.
 */
public final class SamplesCsv implements Closeable {

	public static final String HEADER = "timestamp,label,elapsed_ms,latency_ms,connect_ms,bytes,status,success,error_cause,"
			+ "sampler_us,engine";

	/** The header of files written before samples named their engine: still read. */
	static final String HEADER_WITHOUT_ENGINE = HEADER.substring(0, HEADER.lastIndexOf(','));

	/** The header of files written before the sampler's call was timed: still read. */
	static final String HEADER_WITHOUT_SAMPLER_TIME = HEADER_WITHOUT_ENGINE.substring(0,
			HEADER_WITHOUT_ENGINE.lastIndexOf(','));

	static final Duration FLUSH_INTERVAL = Duration.ofMillis(500);

	/** The first second of the year 10000: from there on, a year has five digits. */
	private static final long LAST_SECOND = 253_402_300_800L;

	/**
	 * The second the last sample started in: samples come in order, a second at a time.
	 */
	private static volatile Second lastSecond = new Second(Long.MIN_VALUE, "");

	private static final Pattern UNSAFE = Pattern.compile("[,\\r\\n\"]");

	private final BufferedWriter writer;

	private final ScheduledExecutorService flusher;

	private IOException failure;

	private SamplesCsv(Path file) throws IOException {
		Files.createDirectories(file.toAbsolutePath().getParent());
		this.writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
		this.writer.write(HEADER);
		this.writer.newLine();
		this.writer.flush();
		this.flusher = Executors
			.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("samples-flush").factory());
		this.flusher.scheduleAtFixedRate(this::flushQuietly, FLUSH_INTERVAL.toMillis(), FLUSH_INTERVAL.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	public static SamplesCsv create(Path file) {
		try {
			return new SamplesCsv(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create " + file, ex);
		}
	}

	/** Called from every generator thread at once. */
	public synchronized void write(Sample sample) {
		try {
			this.writer.write(format(sample));
			this.writer.newLine();
		}
		catch (IOException ex) {
			// A full disk must not stop the load mid-flight; the failure surfaces at
			// close.
			this.failure = ex;
		}
	}

	@Override
	public void close() {
		this.flusher.shutdownNow();
		synchronized (this) {
			try {
				this.writer.close();
			}
			catch (IOException ex) {
				this.failure = ex;
			}
			if (this.failure != null) {
				throw new UncheckedIOException("Samples were lost", this.failure);
			}
		}
	}

	private synchronized void flushQuietly() {
		try {
			this.writer.flush();
		}
		catch (IOException ex) {
			this.failure = ex;
		}
	}

	static String format(Sample sample) {
		return timestamp(sample.timestamp()) + "," + clean(sample.label()) + "," + sample.elapsed().toMillis() + ","
				+ sample.latency().toMillis() + "," + sample.connect().toMillis() + "," + sample.bytes() + ","
				+ clean(sample.status()) + "," + sample.success() + "," + clean(sample.errorCause()) + ","
				+ sample.samplerTime().map((time) -> Long.toString(time.toNanos() / 1000)).orElse("") + ","
				+ clean(sample.engine());
	}

	/**
	 * What {@code Instant.toString()} writes for a millisecond instant, the date and time
	 * formatted once per second rather than once per sample: a generator thread formats
	 * every sample. Before 1970 or after 9999 it leaves it to {@code Instant.toString()}.
	 */
	static String timestamp(Instant instant) {
		long second = instant.getEpochSecond();
		int millis = instant.getNano() / 1_000_000;
		if (second < 0 || second >= LAST_SECOND || instant.getNano() % 1_000_000 != 0) {
			return instant.toString();
		}
		Second cached = lastSecond;
		if (cached.epochSecond() != second) {
			String text = Instant.ofEpochSecond(second).toString();
			cached = new Second(second, text.substring(0, text.length() - 1));
			lastSecond = cached;
		}
		if (millis == 0) {
			return cached.text() + "Z";
		}
		return cached.text() + "." + (char) ('0' + millis / 100) + (char) ('0' + millis / 10 % 10)
				+ (char) ('0' + millis % 10) + "Z";
	}

	/**
	 * Labels and causes are ours and never hold commas; this keeps a surprise from
	 * shifting columns.
	 */
	private static String clean(String field) {
		// Once per field of every sample, on the generator's threads: a compiled pattern,
		// and none at all for the usual field that needs nothing.
		return UNSAFE.matcher(field).find() ? UNSAFE.matcher(field).replaceAll("_") : field;
	}

	/**
	 * Whether a response code is an HTTP status: JMeter puts an exception's message there
	 * when no answer came.
	 */
	public static boolean isStatusCode(String code) {
		return code.length() == 3 && Character.isDigit(code.charAt(0)) && Character.isDigit(code.charAt(1))
				&& Character.isDigit(code.charAt(2));
	}

	/**
	 * Every sample of a file. A last line without its line break was torn by a kill and
	 * is skipped; a malformed line anywhere else means the file is not ours, and fails.
	 */
	public static List<Sample> read(Path file) {
		String content;
		try {
			content = Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
		String[] lines = content.split("\n", -1);
		if (lines.length == 0 || !(lines[0].equals(HEADER) || lines[0].equals(HEADER_WITHOUT_ENGINE)
				|| lines[0].equals(HEADER_WITHOUT_SAMPLER_TIME))) {
			throw new IllegalArgumentException(file + " is not a fluxbench samples file: its header is not " + HEADER);
		}
		int fields = lines[0].split(",").length;
		// split keeps what follows the last line break: empty for a complete file, a torn
		// line otherwise.
		int complete = lines.length - 1;
		List<Sample> samples = new ArrayList<>(complete);
		for (int i = 1; i < complete; i++) {
			if (!lines[i].isEmpty()) {
				samples.add(parse(lines[i], fields, file, i + 1));
			}
		}
		return samples;
	}

	private static Sample parse(String line, int expected, Path file, int lineNumber) {
		String[] fields = line.split(",", -1);
		if (fields.length != expected) {
			throw new IllegalArgumentException(
					file + ":" + lineNumber + " has " + fields.length + " fields, not " + expected);
		}
		try {
			Optional<Duration> samplerTime = (fields.length > 9 && !fields[9].isEmpty())
					? Optional.of(Duration.ofNanos(Long.parseLong(fields[9]) * 1000)) : Optional.empty();
			return new Sample(Instant.parse(fields[0]), fields[1], Duration.ofMillis(Long.parseLong(fields[2])),
					Duration.ofMillis(Long.parseLong(fields[3])), Duration.ofMillis(Long.parseLong(fields[4])),
					Long.parseLong(fields[5]), fields[6], Boolean.parseBoolean(fields[7]), fields[8], samplerTime,
					(fields.length > 10) ? fields[10] : "");
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException(file + ":" + lineNumber + " is malformed: " + ex.getMessage(), ex);
		}
	}

	/** A second, and its text without the zone's Z. */
	private record Second(long epochSecond, String text) {

	}

}

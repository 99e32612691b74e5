package dev.fluxbench.contract.unit.delta;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.delta.DeltaLine.Accepted;
import dev.fluxbench.contract.unit.delta.DeltaLine.Rejection;
import dev.fluxbench.contract.unit.delta.UnitLineParser.Refusal;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads a unit delta file line by line, holding one line at a time (plus the ids seen, to
 * refuse duplicates). Opening a file reads its header and fails with a
 * {@link DeltaFileException} when the file cannot be ingested at all; from then on every
 * line becomes a {@link DeltaLine}, accepted or rejected, and no line is skipped without
 * a word.
 *
 * <pre>{@code
 * try (DeltaFileReader file = DeltaFileReader.open(in)) {
 *     file.forEachRemaining(line -> ...);
 *     DeltaCounts counts = file.counts();
 * }
 * }</pre>
 *
 * Not thread-safe: one reader, one consumer.
 */
public final class DeltaFileReader implements Iterator<DeltaLine>, Closeable {

	private static final JsonFactory JSON = JsonFactory.builder().build();

	private final Reader in;

	private final LineSplitter lines;

	private final DeltaHeader header;

	private final UnitLineParser parser;

	private final IdLines firstLines = new IdLines();

	private int lineNumber = 1;

	private int accepted;

	private int rejected;

	private DeltaLine next;

	private boolean done;

	private DeltaFileReader(Reader in) {
		this.in = in;
		this.lines = new LineSplitter(in);
		this.header = readHeader();
		this.parser = new UnitLineParser(this.header.partner());
	}

	/**
	 * Opens a file in UTF-8 and reads its header.
	 * @throws DeltaFileException when the header is missing, not ours, or of another
	 * version
	 */
	public static DeltaFileReader open(InputStream in) {
		return open(new InputStreamReader(in, StandardCharsets.UTF_8));
	}

	/**
	 * Opens a file and reads its header. The reader is buffered here, so any
	 * {@link Reader} will do.
	 * @throws DeltaFileException when the header is missing, not ours, or of another
	 * version
	 */
	public static DeltaFileReader open(Reader in) {
		return new DeltaFileReader(in);
	}

	/**
	 * Reads a whole file, handing each line to {@code each}, and closes it.
	 * @throws DeltaFileException when the header is missing, not ours, or of another
	 * version; {@code each} has then seen nothing
	 */
	public static DeltaCounts read(InputStream in, Consumer<? super DeltaLine> each) {
		DeltaFileReader opened;
		try {
			opened = open(in);
		}
		catch (RuntimeException ex) {
			try {
				in.close();
			}
			catch (IOException closing) {
				ex.addSuppressed(closing);
			}
			throw ex;
		}
		try (DeltaFileReader file = opened) {
			file.forEachRemaining(each);
			return file.counts();
		}
	}

	public DeltaHeader header() {
		return this.header;
	}

	/** What was read so far; the whole file's counts once {@link #hasNext()} is false. */
	public DeltaCounts counts() {
		return new DeltaCounts(this.header, this.accepted + this.rejected, this.accepted, this.rejected);
	}

	@Override
	public boolean hasNext() {
		if (this.next == null && !this.done) {
			this.next = readLine();
			this.done = (this.next == null);
		}
		return this.next != null;
	}

	@Override
	public DeltaLine next() {
		if (!hasNext()) {
			throw new NoSuchElementException("The delta file has no more lines");
		}
		DeltaLine line = this.next;
		this.next = null;
		return line;
	}

	@Override
	public void close() {
		try {
			this.in.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private DeltaLine readLine() {
		String text = nextText();
		if (text == null) {
			return null;
		}
		int number = ++this.lineNumber;
		DeltaLine line = judge(number, text);
		if (line instanceof Accepted) {
			this.accepted++;
		}
		else {
			this.rejected++;
		}
		return line;
	}

	private DeltaLine judge(int number, String text) {
		if (this.lines.tooLong()) {
			return new Rejection(number, "line is longer than " + DeltaFormat.MAX_LINE_LENGTH + " characters");
		}
		if (text.isBlank()) {
			return new Rejection(number, "blank line");
		}
		UnitDto unit;
		try {
			unit = this.parser.parse(text, this.lines.terminated());
		}
		catch (Refusal refusal) {
			return new Rejection(number, refusal.getMessage());
		}
		// Only accepted lines claim an id: a refused line was never ingested, so it
		// cannot be the original.
		int first = this.firstLines.putIfAbsent(unit.id(), number);
		return (first == 0) ? new Accepted(number, unit)
				: new Rejection(number, "duplicate of line " + first + " (id " + unit.id() + ")");
	}

	private String nextText() {
		try {
			return this.lines.next();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Reading line " + (this.lineNumber + 1) + " of the delta file failed", ex);
		}
	}

	private DeltaHeader readHeader() {
		String text = nextText();
		if (text == null) {
			throw new DeltaFileException("The delta file is empty: it has no header line.");
		}
		if (this.lines.tooLong() || text.isBlank()) {
			throw new DeltaFileException("The delta file's first line is not a header: it is "
					+ ((text.isBlank() && !this.lines.tooLong()) ? "blank." : "too long."));
		}
		Map<String, Object> members = members(text);
		Object format = members.get("format");
		if (!DeltaFormat.NAME.equals(format)) {
			throw new DeltaFileException("Not a unit delta file: its header's format is "
					+ ((format != null) ? "'" + format + "'" : "missing") + ", not '" + DeltaFormat.NAME + "'.");
		}
		Object version = members.get("version");
		if (!(version instanceof Long number) || number != DeltaFormat.VERSION) {
			throw new DeltaFileException("Unsupported delta file version " + ((version != null) ? version : "(missing)")
					+ ": this reader reads version " + DeltaFormat.VERSION + " only.");
		}
		for (String name : members.keySet()) {
			if (!name.equals("format") && !name.equals("version") && !name.equals("partner") && !name.equals("day")
					&& !name.equals("units")) {
				throw new DeltaFileException("The delta file's header has an unknown member '" + name + "'.");
			}
		}
		String partner = headerString(members, "partner");
		LocalDate day;
		try {
			day = LocalDate.parse(headerString(members, "day"));
		}
		catch (DateTimeParseException ex) {
			throw new DeltaFileException("The delta file's header has a day that is not a date such as 2026-11-22: '"
					+ members.get("day") + "'.");
		}
		if (!(members.get("units") instanceof Long units) || units < 0 || units > Integer.MAX_VALUE) {
			throw new DeltaFileException("The delta file's header needs 'units', the number of unit lines, not "
					+ members.get("units") + ".");
		}
		return new DeltaHeader(partner, day, (int) (long) units);
	}

	private static String headerString(Map<String, Object> members, String name) {
		if (!(members.get(name) instanceof String value) || value.isBlank()) {
			throw new DeltaFileException("The delta file's header needs '" + name + "' as a non-blank string.");
		}
		return value;
	}

	/**
	 * The header's members: strings, longs, and anything else as its token, which no
	 * check accepts.
	 */
	private static Map<String, Object> members(String text) {
		Map<String, Object> members = new HashMap<>();
		try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), text)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				throw new DeltaFileException(
						"The delta file's first line is not a JSON object, so it is not a header.");
			}
			while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
				String name = parser.currentName();
				JsonToken value = parser.nextToken();
				members.put(name, switch (value) {
					case VALUE_STRING -> parser.getString();
					case VALUE_NUMBER_INT -> parser.getValueAsLong();
					default -> value;
				});
				parser.skipChildren();
			}
			if (parser.nextToken() != null) {
				throw new DeltaFileException("The delta file's header has more after its JSON object.");
			}
		}
		catch (JacksonException ex) {
			String message = String.valueOf(ex.getOriginalMessage()).lines().findFirst().orElse("");
			throw new DeltaFileException("The delta file's header is not valid JSON: " + message, ex);
		}
		return members;
	}

}

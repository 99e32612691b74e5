package dev.fluxbench.contract.unit.delta;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.unit.SeedUnits;
import dev.fluxbench.contract.unit.UnitDto;

/**
 * Writes a partner's delta file for one day, the same bytes for the same arguments. Every
 * line is computed from its position and the seed alone, so a file of any size streams in
 * constant memory, and {@link #produced()} knows what each line is without writing any.
 *
 * <p>
 * Unit lines come in this order: the partner's seeded units (ids 1 to 10 000, as
 * {@code V4__seed_units.sql} assigns them to partners), changed to version 2 with a new
 * amount, for the first half of the file or until the partner's 2 000 seeded units are
 * used up; then units the seed does not have, ids above 10 000 that follow the seed's
 * partner rule, at version 1. Every {@code malformedEvery}-th line is broken in one of
 * the {@link Kind#malformed()} ways, in turn, and every {@code duplicateEvery}-th of the
 * others repeats the id of an earlier accepted line.
 *
 * <pre>{@code
 * DeltaFileGenerator.of("partner-1", LocalDate.parse("2026-11-22"), 100_000).seed(7).malformedEvery(1000).write(out);
 * }</pre>
 */
public final class DeltaFileGenerator {

	private static final List<Kind> MALFORMED = List.of(Kind.BAD_JSON, Kind.MISSING_FIELD, Kind.NEGATIVE_AMOUNT,
			Kind.BAD_CURRENCY, Kind.WRONG_PARTNER, Kind.UNKNOWN_FIELD, Kind.WRONG_TYPE, Kind.NON_POSITIVE_ID,
			Kind.BAD_INSTANT, Kind.TOO_MANY_DECIMALS, Kind.BLANK_LINE);

	private static final int SECONDS_A_DAY = 86_400;

	private final DeltaHeader header;

	private final long seed;

	private final int malformedEvery;

	private final int duplicateEvery;

	private final int residue;

	private final int updates;

	private final long firstNewId;

	private final Instant dayStart;

	private DeltaFileGenerator(DeltaHeader header, long seed, int malformedEvery, int duplicateEvery) {
		this.header = header;
		this.seed = seed;
		this.malformedEvery = malformedEvery;
		this.duplicateEvery = duplicateEvery;
		this.residue = SeedUnits.residue(header.partner());
		this.updates = Math.min((header.units() + 1) / 2, seededUnitsOf(this.residue));
		long first = SeedUnits.COUNT + 1;
		while (first % 5 != this.residue) {
			first++;
		}
		this.firstNewId = first;
		this.dayStart = header.day().atStartOfDay(ZoneOffset.UTC).toInstant();
	}

	/**
	 * A file of {@code units} unit lines, all of them valid, from seed 0.
	 * @param partner one of {@link SeedUnits#PARTNERS}
	 */
	public static DeltaFileGenerator of(String partner, LocalDate day, int units) {
		if (SeedUnits.residue(partner) < 0) {
			throw new IllegalArgumentException(
					"partner must be one of " + SeedUnits.PARTNERS + ", not '" + partner + "'");
		}
		return new DeltaFileGenerator(new DeltaHeader(partner, day, units), 0, 0, 0);
	}

	/**
	 * Another seed gives other amounts, times and duplicate targets; the ids stay the
	 * same.
	 */
	public DeltaFileGenerator seed(long seed) {
		return new DeltaFileGenerator(this.header, seed, this.malformedEvery, this.duplicateEvery);
	}

	/** Break every {@code n}-th unit line; 0, the default, breaks none. */
	public DeltaFileGenerator malformedEvery(int n) {
		return new DeltaFileGenerator(this.header, this.seed, nonNegative("malformedEvery", n), this.duplicateEvery);
	}

	/**
	 * Repeat an earlier id on every {@code n}-th unit line that is not broken; 0, the
	 * default, never.
	 */
	public DeltaFileGenerator duplicateEvery(int n) {
		return new DeltaFileGenerator(this.header, this.seed, this.malformedEvery, nonNegative("duplicateEvery", n));
	}

	public DeltaHeader header() {
		return this.header;
	}

	/** What {@link #write} writes, line kind by line kind, without writing it. */
	public Produced produced() {
		Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
		for (int index = 1; index <= this.header.units(); index++) {
			counts.merge(kind(index), 1, Integer::sum);
		}
		return new Produced(counts);
	}

	/** Writes the file in UTF-8; the stream is flushed, not closed. */
	public Produced write(OutputStream out) throws IOException {
		Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
		Produced produced = write(writer);
		writer.flush();
		return produced;
	}

	/** Writes the file in pieces of about 8 KB; the writer is flushed, not closed. */
	public Produced write(Writer out) throws IOException {
		Cursor cursor = cursor();
		StringBuilder chunk = new StringBuilder(16 * 1024);
		while (cursor.hasNext()) {
			cursor.appendNext(chunk);
			if (chunk.length() >= 8 * 1024) {
				out.append(chunk);
				chunk.setLength(0);
			}
		}
		out.append(chunk);
		out.flush();
		return produced();
	}

	/** The file's lines one at a time, the header first, for writers that pull. */
	public Cursor cursor() {
		return new Cursor();
	}

	/**
	 * What unit line {@code index} (1 for the line after the header) is. Malformed lines
	 * come first, so that the two counts do not depend on each other; the first line is
	 * never a duplicate, as nothing came before it.
	 */
	public Kind kind(int index) {
		if (this.malformedEvery > 0 && index % this.malformedEvery == 0) {
			return MALFORMED.get((index / this.malformedEvery - 1) % MALFORMED.size());
		}
		if (this.duplicateEvery > 0 && index % this.duplicateEvery == 0 && index > 1) {
			return Kind.DUPLICATE;
		}
		return (index <= this.updates) ? Kind.UPDATE : Kind.ADDITION;
	}

	/** The text of unit line {@code index}, without its line break. */
	String line(int index) {
		Kind kind = kind(index);
		long random = mix(this.seed, index);
		if (kind == Kind.DUPLICATE) {
			// The same id as an accepted line before it, with another amount: the first
			// one must win.
			int original = 1 + (int) Long.remainderUnsigned(random, index - 1);
			while (!kind(original).accepted()) {
				original--;
			}
			UnitDto unit = unit(original, mix(this.seed, original));
			return json(withAmount(unit, unit.amount().add(BigDecimal.ONE)), random);
		}
		UnitDto unit = unit(index, random);
		return switch (kind) {
			case UPDATE, ADDITION, DUPLICATE -> json(unit, random);
			case BAD_JSON -> {
				String json = json(unit, random);
				yield json.substring(0, json.length() / 2);
			}
			case MISSING_FIELD -> json(unit, random).replace(",\"currency\":\"" + unit.currency() + "\"", "");
			case NEGATIVE_AMOUNT -> json(withAmount(unit, unit.amount().add(BigDecimal.ONE).negate()), random);
			case BAD_CURRENCY -> json(new UnitDto(unit.id(), unit.partner(), unit.name(), unit.category(),
					unit.amount(), unit.currency().toLowerCase(), unit.version(), unit.updatedAt()), random);
			case WRONG_PARTNER ->
				json(new UnitDto(unit.id(), SeedUnits.PARTNERS.get((this.residue + 1) % 5), unit.name(),
						unit.category(), unit.amount(), unit.currency(), unit.version(), unit.updatedAt()), random);
			case UNKNOWN_FIELD -> "{\"colour\":\"blue\"," + json(unit, random).substring(1);
			case WRONG_TYPE -> json(unit, random).replace(",\"version\":" + unit.version() + ",",
					",\"version\":\"" + unit.version() + "\",");
			case NON_POSITIVE_ID -> json(new UnitDto(-unit.id() % 2, unit.partner(), unit.name(), unit.category(),
					unit.amount(), unit.currency(), unit.version(), unit.updatedAt()), random);
			case BAD_INSTANT -> json(unit, random).replace(unit.updatedAt().toString(),
					unit.updatedAt().toString().replace('T', ' ').replace("Z", ""));
			case TOO_MANY_DECIMALS -> json(withAmount(unit, unit.amount().add(new BigDecimal("0.00001"))), random);
			case BLANK_LINE -> "";
		};
	}

	/** The unit line {@code index} would carry if it were valid. */
	private UnitDto unit(int index, long random) {
		long id;
		BigDecimal amount;
		long version;
		if (index <= this.updates) {
			id = (this.residue == 0) ? 5L * index : this.residue + 5L * (index - 1);
			// Up to ten units more, in steps of 0.0001: always a change, sometimes with
			// four decimals.
			amount = SeedUnits.amount(id).add(BigDecimal.valueOf(1 + Long.remainderUnsigned(random, 100_000), 4));
			version = 2;
		}
		else {
			id = this.firstNewId + 5L * (index - this.updates - 1);
			amount = BigDecimal.valueOf(Long.remainderUnsigned(random >>> 8, 10_000_000_00L), 2);
			version = 1;
		}
		Instant updatedAt = this.dayStart.plusSeconds(Long.remainderUnsigned(random >>> 16, SECONDS_A_DAY));
		return new UnitDto(id, this.header.partner(), SeedUnits.name(id), SeedUnits.category(id), amount,
				SeedUnits.currency(id), version, updatedAt);
	}

	private static String json(UnitDto unit, long random) {
		// Both forms an amount may take, about half of each.
		return UnitLines.append(new StringBuilder(224), unit, (random & 0x80) == 0).toString();
	}

	private static UnitDto withAmount(UnitDto unit, BigDecimal amount) {
		return new UnitDto(unit.id(), unit.partner(), unit.name(), unit.category(), amount, unit.currency(),
				unit.version(), unit.updatedAt());
	}

	/**
	 * SplitMix64 of the seed and the line: independent per line, so any line can be
	 * written alone.
	 */
	private static long mix(long seed, long index) {
		long z = seed + index * 0x9E3779B97F4A7C15L;
		z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
		z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
		return z ^ (z >>> 31);
	}

	private static int seededUnitsOf(int residue) {
		int count = 0;
		for (long n = (residue == 0) ? 5 : residue; n <= SeedUnits.COUNT; n += 5) {
			count++;
		}
		return count;
	}

	private static int nonNegative(String name, int n) {
		if (n < 0) {
			throw new IllegalArgumentException(name + " must be 0 (never) or more, not " + n);
		}
		return n;
	}

	/** What a unit line is, and whether a reader accepts it. */
	public enum Kind {

		/** A seeded unit at version 2 with a new amount. */
		UPDATE(true),

		/** A unit the seed does not have. */
		ADDITION(true),

		/** The id of an earlier accepted line again. */
		DUPLICATE(false),

		/** The first half of a valid line. */
		BAD_JSON(false),

		/** No {@code currency}. */
		MISSING_FIELD(false),

		NEGATIVE_AMOUNT(false),

		/** The currency in lower case. */
		BAD_CURRENCY(false),

		/** Another of the seed's partners than the file's. */
		WRONG_PARTNER(false),

		/** An extra {@code colour}. */
		UNKNOWN_FIELD(false),

		/** {@code version} as a string. */
		WRONG_TYPE(false),

		/** Id 0 or a negative one. */
		NON_POSITIVE_ID(false),

		/** {@code updatedAt} with a space for the T and no zone. */
		BAD_INSTANT(false),

		/** Five decimals. */
		TOO_MANY_DECIMALS(false),

		BLANK_LINE(false);

		private final boolean accepted;

		Kind(boolean accepted) {
			this.accepted = accepted;
		}

		public boolean accepted() {
			return this.accepted;
		}

		/**
		 * Whether a line of this kind is broken in itself, as opposed to valid or a
		 * duplicate.
		 */
		public boolean malformed() {
			return MALFORMED.contains(this);
		}

	}

	/** How many unit lines of each kind a file has. */
	public record Produced(Map<Kind, Integer> counts) {

		public Produced {
			Map<Kind, Integer> all = new EnumMap<>(Kind.class);
			for (Kind kind : Kind.values()) {
				all.put(kind, counts.getOrDefault(kind, 0));
			}
			counts = Collections.unmodifiableMap(all);
		}

		public int count(Kind kind) {
			return this.counts.get(kind);
		}

		public int units() {
			return accepted() + rejected();
		}

		public int accepted() {
			return sum(true, false);
		}

		public int rejected() {
			return sum(false, true);
		}

		public int malformed() {
			return rejected() - count(Kind.DUPLICATE);
		}

		private int sum(boolean accepted, boolean rejected) {
			int sum = 0;
			for (Map.Entry<Kind, Integer> entry : this.counts.entrySet()) {
				if (entry.getKey().accepted() ? accepted : rejected) {
					sum += entry.getValue();
				}
			}
			return sum;
		}

	}

	/** The file's lines in order, the header first; each with its line break. */
	public final class Cursor {

		private int next;

		private Cursor() {
		}

		public boolean hasNext() {
			return this.next <= DeltaFileGenerator.this.header.units();
		}

		/** Appends the next line and its line break to {@code out}. */
		public void appendNext(StringBuilder out) {
			if (!hasNext()) {
				throw new IllegalStateException("The file has no more lines");
			}
			out.append((this.next == 0) ? DeltaFileGenerator.this.header.toJson() : line(this.next)).append('\n');
			this.next++;
		}

	}

}

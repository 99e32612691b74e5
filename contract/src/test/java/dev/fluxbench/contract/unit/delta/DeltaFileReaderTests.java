package dev.fluxbench.contract.unit.delta;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.delta.DeltaLine.Accepted;
import dev.fluxbench.contract.unit.delta.DeltaLine.Rejection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * One file per situation, written out so that the bytes under test are in plain sight.
 */
class DeltaFileReaderTests {

	private static final String HEADER = """
			{"format":"fluxbench-unit-delta","version":1,"partner":"partner-1","day":"2026-11-22","units":1}""";

	private static final String UNIT = """
			{"id":5,"partner":"partner-1","name":"Unit 000005","category":"equity","amount":"396.95","currency":"GBP","version":2,"updatedAt":"2026-11-22T08:30:00Z"}""";

	@Test
	void readerWhenLineIsValidShouldAcceptTheUnitWithEveryField() {
		List<DeltaLine> lines = read(HEADER, UNIT);
		assertThat(lines).containsExactly(new Accepted(2, new UnitDto(5, "partner-1", "Unit 000005", "equity",
				new BigDecimal("396.95"), "GBP", 2, Instant.parse("2026-11-22T08:30:00Z"))));
	}

	@Test
	void readerWhenAmountIsANumberShouldAcceptItLikeAString() {
		List<DeltaLine> lines = read(HEADER, UNIT.replace("\"396.95\"", "396.9512"));
		assertThat(((Accepted) lines.get(0)).unit().amount()).isEqualByComparingTo("396.9512");
	}

	@Test
	void readerWhenInstantHasAnOffsetShouldAcceptItAsTheSameInstant() {
		List<DeltaLine> lines = read(HEADER, UNIT.replace("08:30:00Z", "09:30:00+01:00"));
		assertThat(((Accepted) lines.get(0)).unit().updatedAt()).isEqualTo(Instant.parse("2026-11-22T08:30:00Z"));
	}

	@Test
	void readerShouldReadTheHeader() {
		try (DeltaFileReader file = DeltaFileReader.open(new StringReader(HEADER + "\n"))) {
			assertThat(file.header()).isEqualTo(new DeltaHeader("partner-1", LocalDate.parse("2026-11-22"), 1));
			assertThat(file.hasNext()).isFalse();
			assertThat(file.counts().matchesHeader()).isFalse();
		}
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					malformed JSON           | {"id":5,"partner":}                                  | malformed JSON at column 19: Unexpected character ('}' (code 125))
					line ends inside object  | {"id":5,"partner":"partner-1"                        | malformed JSON: the line ends inside the object
					not an object            | [5]                                                  | not a JSON object
					missing field            | UNIT without currency                                | missing field 'currency'
					id as a string           | "id":"5"                                             | id must be an integer, not a string
					name as a number         | "name":42                                            | name must be a string, not a number
					amount as null           | "amount":null                                        | amount must be a number or a string, not null
					amount not a number      | "amount":"lots"                                      | amount 'lots' is not a decimal number
					version as a string      | "version":"2"                                        | version must be an integer, not a string
					unknown field            | "colour":"blue"                                      | unknown field 'colour'
					field twice              | "name":"again"                                       | field 'name' appears twice
					id zero                  | "id":0                                               | id must be positive, not 0
					id negative              | "id":-3                                              | id must be positive, not -3
					id out of range          | "id":99999999999999999999                            | id is out of range: 99999999999999999999
					negative amount          | "amount":"-1.50"                                     | amount must not be negative, not -1.50
					five decimals            | "amount":1.00001                                     | amount has more than 4 decimals: 1.00001
					lower-case currency      | "currency":"gbp"                                     | currency must be 3 upper-case letters, not 'gbp'
					currency too long        | "currency":"EURO"                                    | currency must be 3 upper-case letters, not 'EURO'
					another partner          | "partner":"partner-2"                                | partner 'partner-2' is not the file's partner 'partner-1'
					blank name               | "name":" "                                           | name must not be blank
					bad instant              | "updatedAt":"2026-11-22 08:30"                       | updatedAt '2026-11-22 08:30' is not an ISO-8601 instant such as 2026-11-22T08:30:00Z
					day out of range         | "updatedAt":"2026-02-30T08:30:00Z"                    | updatedAt '2026-02-30T08:30:00Z' is not an ISO-8601 instant
					version zero             | "version":0                                          | version must be positive, not 0
					""")
	void readerWhenLineIsInvalidShouldRejectItWithOneReadableReason(String situation, String change, String reason) {
		String line = (change.startsWith("{") || change.startsWith("[")) ? change : mutate(change);
		List<DeltaLine> lines = read(HEADER, line);
		assertThat(lines).hasSize(1);
		assertThat(lines.get(0)).isInstanceOf(Rejection.class);
		Rejection rejection = (Rejection) lines.get(0);
		assertThat(rejection.lineNumber()).isEqualTo(2);
		assertThat(rejection.reason()).startsWith(reason).doesNotContain("\n");
	}

	@Test
	void readerWhenIdComesAgainShouldKeepTheFirstAndNameItsLine() {
		String again = UNIT.replace("396.95", "500.00");
		List<DeltaLine> lines = read(header(3), UNIT, again, again);
		assertThat(lines).extracting(DeltaLine::lineNumber).containsExactly(2, 3, 4);
		assertThat(lines.get(0)).isInstanceOf(Accepted.class);
		assertThat(lines.subList(1, 3)).allSatisfy(
				(line) -> assertThat(line).isEqualTo(new Rejection(line.lineNumber(), "duplicate of line 2 (id 5)")));
	}

	@Test
	void readerWhenTheFirstOccurrenceWasRejectedShouldAcceptTheNextOne() {
		List<DeltaLine> lines = read(header(2), UNIT.replace("\"GBP\"", "\"gbp\""), UNIT);
		assertThat(lines.get(0)).isInstanceOf(Rejection.class);
		assertThat(lines.get(1)).isInstanceOf(Accepted.class);
	}

	@Test
	void readerWhenLineIsBlankShouldRejectItAndCountOn() {
		List<DeltaLine> lines = read(header(3), UNIT, "   ", UNIT.replace("\"id\":5", "\"id\":10"));
		assertThat(lines).extracting(DeltaLine::lineNumber).containsExactly(2, 3, 4);
		assertThat(lines.get(1)).isEqualTo(new Rejection(3, "blank line"));
		assertThat(lines.get(2)).isInstanceOf(Accepted.class);
	}

	@Test
	void readerWhenLineIsTruncatedShouldRejectItWithItsLineNumber() {
		String file = HEADER.replace("\"units\":1", "\"units\":2") + "\n" + UNIT + "\n"
				+ UNIT.substring(0, UNIT.length() / 2);
		List<DeltaLine> lines = readText(file);
		assertThat(lines).hasSize(2);
		assertThat(lines.get(1)).isEqualTo(new Rejection(3, "truncated: the file ends in the middle of this line"));
	}

	@Test
	void readerWhenLastLineIsCompleteButHasNoLineBreakShouldAcceptIt() {
		List<DeltaLine> lines = readText(HEADER + "\n" + UNIT);
		assertThat(lines).singleElement().isInstanceOf(Accepted.class);
	}

	@Test
	void readerWhenLinesEndWithCarriageReturnsShouldReadThemAlike() {
		List<DeltaLine> lines = readText(HEADER + "\r\n" + UNIT + "\r\n");
		assertThat(lines).singleElement().isInstanceOf(Accepted.class);
	}

	@Test
	void readerWhenLineIsTooLongShouldRejectItAndReadTheNext() {
		String huge = "{\"name\":\"" + "x".repeat(DeltaFormat.MAX_LINE_LENGTH) + "\"}";
		List<DeltaLine> lines = read(header(2), huge, UNIT);
		assertThat(lines.get(0))
			.isEqualTo(new Rejection(2, "line is longer than " + DeltaFormat.MAX_LINE_LENGTH + " characters"));
		assertThat(lines.get(1)).isInstanceOf(Accepted.class).extracting(DeltaLine::lineNumber).isEqualTo(3);
	}

	@Test
	void readerShouldCountLinesAndCompareThemWithTheHeader() {
		DeltaCounts counts = DeltaFileReader.read(stream(header(3) + "\n" + UNIT + "\n\n"), (line) -> {
		});
		assertThat(counts)
			.isEqualTo(new DeltaCounts(new DeltaHeader("partner-1", LocalDate.parse("2026-11-22"), 3), 2, 1, 1));
		assertThat(counts.matchesHeader()).isFalse();
	}

	@Test
	void readerWhenFileIsEmptyShouldFailTheWholeFile() {
		assertThatExceptionOfType(DeltaFileException.class).isThrownBy(() -> DeltaFileReader.open(stream("")))
			.withMessage("The delta file is empty: it has no header line.");
	}

	@Test
	void readerWhenFirstLineIsAUnitShouldFailTheWholeFile() {
		List<DeltaLine> seen = new ArrayList<>();
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.read(stream(UNIT + "\n" + UNIT + "\n"), seen::add))
			.withMessage("Not a unit delta file: its header's format is missing, not 'fluxbench-unit-delta'.");
		assertThat(seen).isEmpty();
	}

	@Test
	void readerWhenFormatIsAnotherShouldFailTheWholeFile() {
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.open(stream(HEADER.replace("fluxbench-unit-delta", "csv") + "\n")))
			.withMessageContaining("its header's format is 'csv'");
	}

	@Test
	void readerWhenVersionIsUnknownShouldFailTheWholeFile() {
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.open(stream(HEADER.replace("\"version\":1", "\"version\":2") + "\n")))
			.withMessage("Unsupported delta file version 2: this reader reads version 1 only.");
	}

	@Test
	void readerWhenHeaderIsNotJsonShouldFailTheWholeFile() {
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.open(stream(HEADER.substring(0, 30) + "\n" + UNIT)))
			.withMessageStartingWith("The delta file's header is not valid JSON");
	}

	@Test
	void readerWhenHeaderLacksPartnerDayOrUnitsShouldFailTheWholeFile() {
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.open(stream(HEADER.replace("\"partner\":\"partner-1\",", ""))))
			.withMessage("The delta file's header needs 'partner' as a non-blank string.");
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.open(stream(HEADER.replace("2026-11-22", "yesterday"))))
			.withMessageContaining("'yesterday'");
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.open(stream(HEADER.replace("\"units\":1", "\"units\":-1"))))
			.withMessageContaining("'units'");
		assertThatExceptionOfType(DeltaFileException.class)
			.isThrownBy(() -> DeltaFileReader.open(stream(HEADER.replace("\"units\":1", "\"units\":1,\"gzip\":true"))))
			.withMessage("The delta file's header has an unknown member 'gzip'.");
	}

	private static String mutate(String change) {
		if (change.equals("UNIT without currency")) {
			return UNIT.replace(",\"currency\":\"GBP\"", "");
		}
		String field = change.substring(0, change.indexOf(':') + 1);
		int start = UNIT.indexOf(field);
		if (start < 0 || change.startsWith("\"name\":\"again\"")) {
			// A field the line does not have yet, or one given twice: added at the end.
			return UNIT.substring(0, UNIT.length() - 1) + "," + change + "}";
		}
		int end = UNIT.indexOf(",\"", start + field.length());
		return UNIT.substring(0, start) + change + ((end < 0) ? "}" : UNIT.substring(end));
	}

	private static String header(int units) {
		return HEADER.replace("\"units\":1", "\"units\":" + units);
	}

	private static List<DeltaLine> read(String header, String... lines) {
		return readText(header + "\n" + String.join("\n", lines) + "\n");
	}

	private static List<DeltaLine> readText(String text) {
		List<DeltaLine> lines = new ArrayList<>();
		DeltaFileReader.read(stream(text), lines::add);
		return lines;
	}

	private static ByteArrayInputStream stream(String text) {
		return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
	}

}

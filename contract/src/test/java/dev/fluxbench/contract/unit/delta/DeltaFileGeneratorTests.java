package dev.fluxbench.contract.unit.delta;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import dev.fluxbench.contract.unit.SeedUnits;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator.Kind;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator.Produced;
import dev.fluxbench.contract.unit.delta.DeltaLine.Accepted;
import dev.fluxbench.contract.unit.delta.DeltaLine.Rejection;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The generator and the reader against each other: every line the generator breaks, the
 * reader must refuse, and every line it means to be valid, the reader must accept.
 */
class DeltaFileGeneratorTests {

	private static final LocalDate DAY = LocalDate.parse("2026-11-22");

	@Test
	void generatorWithoutFaultsShouldRoundTripThroughTheReader() throws IOException {
		DeltaFileGenerator generator = DeltaFileGenerator.of("partner-2", DAY, 1000).seed(3);
		List<DeltaLine> lines = new ArrayList<>();
		DeltaCounts counts = DeltaFileReader.read(new ByteArrayInputStream(bytes(generator)), lines::add);

		assertThat(counts).isEqualTo(new DeltaCounts(generator.header(), 1000, 1000, 0));
		assertThat(counts.matchesHeader()).isTrue();
		List<UnitDto> units = lines.stream().map((line) -> ((Accepted) line).unit()).toList();
		// The first half are the partner's seeded units, newer; the rest are new to the
		// seed.
		assertThat(units.subList(0, 500)).allSatisfy((unit) -> {
			UnitDto seeded = SeedUnits.unit(unit.id());
			assertThat(unit.id()).isBetween(1L, 10_000L);
			assertThat(unit.partner()).isEqualTo(seeded.partner()).isEqualTo("partner-2");
			assertThat(unit.name()).isEqualTo(seeded.name());
			assertThat(unit.version()).isEqualTo(2);
			assertThat(unit.amount()).isNotEqualByComparingTo(seeded.amount());
		});
		assertThat(units.subList(500, 1000)).allSatisfy((unit) -> {
			assertThat(unit.id()).isGreaterThan(10_000L);
			assertThat(SeedUnits.partner(unit.id())).isEqualTo("partner-2");
			assertThat(unit.version()).isEqualTo(1);
		});
		assertThat(units).allSatisfy((unit) -> {
			assertThat(unit.updatedAt()).isBetween(DAY.atStartOfDay(java.time.ZoneOffset.UTC).toInstant(),
					DAY.plusDays(1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant().minusSeconds(1));
			assertThat(unit.amount().stripTrailingZeros().scale()).isLessThanOrEqualTo(4);
		});
		assertThat(units).extracting(UnitDto::id).doesNotHaveDuplicates();
	}

	@Test
	void generatorShouldWriteBothFormsOfAmount() throws IOException {
		String file = new String(bytes(DeltaFileGenerator.of("partner-1", DAY, 100)), StandardCharsets.UTF_8);
		assertThat(file).containsPattern("\"amount\":\"[0-9.]+\"").containsPattern("\"amount\":[0-9.]+,");
	}

	@Test
	void generatorShouldStopOverlappingWhenThePartnersSeededUnitsAreUsedUp() {
		Produced produced = DeltaFileGenerator.of("partner-5", DAY, 100_000).produced();
		assertThat(produced.count(Kind.UPDATE)).isEqualTo(2000);
		assertThat(produced.count(Kind.ADDITION)).isEqualTo(98_000);
	}

	@Test
	void generatorWithSameArgumentsShouldWriteTheSameBytes() throws IOException {
		DeltaFileGenerator generator = DeltaFileGenerator.of("partner-3", DAY, 5000)
			.seed(42)
			.malformedEvery(7)
			.duplicateEvery(11);
		assertThat(bytes(generator)).isEqualTo(bytes(generator)).isNotEqualTo(bytes(generator.seed(43)));
	}

	@Test
	void generatorShouldRejectPartnersOutsideTheSeedAndNegativeKnobs() {
		assertThatIllegalArgumentException().isThrownBy(() -> DeltaFileGenerator.of("acme", DAY, 1))
			.withMessageContaining("'acme'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> DeltaFileGenerator.of("partner-1", DAY, 1).malformedEvery(-1))
			.withMessage("malformedEvery must be 0 (never) or more, not -1");
	}

	@Test
	void generatorShouldBreakLinesInEveryWayInTurn() {
		DeltaFileGenerator generator = DeltaFileGenerator.of("partner-1", DAY, 110).malformedEvery(10);
		Set<Kind> kinds = new HashSet<>();
		for (int index = 10; index <= 110; index += 10) {
			kinds.add(generator.kind(index));
		}
		assertThat(kinds).hasSize(11).allMatch(Kind::malformed);
	}

	@Test
	void readerOnAHundredThousandGeneratedLinesShouldCountEveryKindExactly() throws Exception {
		DeltaFileGenerator generator = DeltaFileGenerator.of("partner-1", DAY, 100_000)
			.seed(2026)
			.malformedEvery(97)
			.duplicateEvery(89);
		Produced produced = generator.produced();
		assertThat(produced.units()).isEqualTo(100_000);
		assertThat(produced.malformed()).isEqualTo(100_000 / 97);
		assertThat(produced.count(Kind.DUPLICATE)).isPositive();

		// Written on one thread and read on this one through a pipe: neither side holds
		// the file.
		PipedInputStream in = new PipedInputStream(64 * 1024);
		PipedOutputStream out = new PipedOutputStream(in);
		CompletableFuture<Produced> written = CompletableFuture.supplyAsync(() -> {
			try (out) {
				return generator.write(out);
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		});
		Map<Kind, Integer> rejectedByKind = new EnumMap<>(Kind.class);
		Map<Integer, Integer> duplicateOf = new HashMap<>();
		long start = System.nanoTime();
		DeltaCounts counts = DeltaFileReader.read(in, (line) -> {
			Kind kind = generator.kind(line.lineNumber() - 1);
			if (line instanceof Rejection rejection) {
				rejectedByKind.merge(kind, 1, Integer::sum);
				if (rejection.reason().startsWith("duplicate of line ")) {
					duplicateOf.put(line.lineNumber(), Integer.valueOf(rejection.reason().split(" ")[3]));
				}
			}
			else {
				assertThat(kind.accepted()).as("line %d (%s)", line.lineNumber(), kind).isTrue();
			}
		});
		Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
		System.out.printf("Read 100 000 generated lines (with the generator writing them) in %d ms%n",
				elapsed.toMillis());

		assertThat(written.join()).isEqualTo(produced);
		assertThat(counts)
			.isEqualTo(new DeltaCounts(generator.header(), 100_000, produced.accepted(), produced.rejected()));
		for (Kind kind : Kind.values()) {
			if (!kind.accepted()) {
				assertThat(rejectedByKind.getOrDefault(kind, 0)).as(kind.name()).isEqualTo(produced.count(kind));
			}
		}
		assertThat(duplicateOf).hasSize(produced.count(Kind.DUPLICATE));
		assertThat(duplicateOf).allSatisfy((line, original) -> {
			assertThat(original).isLessThan(line);
			assertThat(generator.kind(original - 1).accepted()).isTrue();
		});
	}

	@Test
	void readerShouldParseAHundredThousandLinesQuickly() throws IOException {
		byte[] file = bytes(DeltaFileGenerator.of("partner-4", DAY, 100_000).seed(1));
		// The first read includes the JIT's work; the best of the others is the reader's
		// own time, or as near as a shared machine allows.
		Duration first = null;
		Duration best = null;
		DeltaCounts counts = null;
		for (int run = 0; run < 4; run++) {
			long start = System.nanoTime();
			counts = DeltaFileReader.read(new ByteArrayInputStream(file), (line) -> {
			});
			Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
			first = (first != null) ? first : elapsed;
			best = (best == null || elapsed.compareTo(best) < 0) ? elapsed : best;
		}
		System.out.printf("Read 100 000 lines (%d KB): first time %d ms, best of the next three %d ms%n",
				file.length / 1024, first.toMillis(), best.toMillis());
		assertThat(counts.accepted()).isEqualTo(100_000);
		assertThat(counts.rejected()).isZero();
	}

	@Test
	void generatorWriterAndStreamShouldWriteTheSameText() throws IOException {
		DeltaFileGenerator generator = DeltaFileGenerator.of("partner-1", DAY, 300).malformedEvery(5);
		StringWriter writer = new StringWriter();
		generator.write(writer);
		StringBuilder pulled = new StringBuilder();
		DeltaFileGenerator.Cursor cursor = generator.cursor();
		while (cursor.hasNext()) {
			cursor.appendNext(pulled);
		}
		assertThat(writer.toString()).isEqualTo(new String(bytes(generator), StandardCharsets.UTF_8))
			.isEqualTo(pulled.toString())
			.startsWith(generator.header().toJson() + "\n")
			.endsWith("\n");
		assertThat(pulled.toString().split("\n", -1)).hasSize(302);
	}

	@Test
	void seedUnitsShouldFollowTheSqlFormula() {
		assertThat(SeedUnits.unit(42)).isEqualTo(new UnitDto(42, "partner-3", "Unit 000042", "fund",
				new BigDecimal("3325.98"), "EUR", 1, SeedUnits.SEEDED_AT));
	}

	private static byte[] bytes(DeltaFileGenerator generator) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		generator.write(out);
		return out.toByteArray();
	}

}

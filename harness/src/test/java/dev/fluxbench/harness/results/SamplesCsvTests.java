package dev.fluxbench.harness.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

class SamplesCsvTests {

	@TempDir
	Path directory;

	private static Sample sample(int i, boolean success) {
		return new Sample(Instant.parse("2026-11-22T10:00:00Z").plusMillis(i), (i % 2 == 0) ? "passthrough" : "list",
				Duration.ofMillis(100 + i), Duration.ofMillis(90 + i), Duration.ofMillis(i % 3), 150,
				success ? "200" : "", success, success ? "" : ErrorCause.TIMEOUT);
	}

	@Test
	void samplesCsvWhenWrittenShouldReadBack() {
		Path file = this.directory.resolve("load-5/samples.csv");
		try (SamplesCsv csv = SamplesCsv.create(file)) {
			csv.write(sample(1, true));
			csv.write(sample(2, false));
		}
		assertThat(SamplesCsv.read(file)).containsExactly(sample(1, true), sample(2, false));
	}

	@Test
	void samplerCallsTimeShouldBeKeptToTheMicrosecond() {
		Path file = this.directory.resolve("samples.csv");
		Sample timed = new Sample(Instant.parse("2026-11-22T10:00:00Z"), "passthrough", Duration.ofMillis(1),
				Duration.ofMillis(1), Duration.ZERO, 2, "200", true, "", Optional.of(Duration.ofNanos(1_234_567)));
		try (SamplesCsv csv = SamplesCsv.create(file)) {
			csv.write(timed);
			csv.write(sample(2, true));
		}
		assertThat(SamplesCsv.read(file)).extracting(Sample::samplerTime)
			.containsExactly(Optional.of(Duration.ofNanos(1_234_000)), Optional.empty());
	}

	@Test
	void engineOfASampleShouldBeKept() {
		Path file = this.directory.resolve("samples.csv");
		Sample remote = new Sample(Instant.parse("2026-11-22T10:00:00Z"), "passthrough", Duration.ofMillis(1),
				Duration.ofMillis(1), Duration.ZERO, 2, "200", true, "", Optional.empty(), "10.0.0.7:1099");
		try (SamplesCsv csv = SamplesCsv.create(file)) {
			csv.write(remote);
			csv.write(sample(2, true));
		}
		assertThat(SamplesCsv.read(file)).extracting(Sample::engine).containsExactly("10.0.0.7:1099", "");
	}

	@Test
	void fileWhenAnEarlierHarnessWroteItWithoutEnginesShouldBeRead() throws IOException {
		Path file = Files.writeString(this.directory.resolve("samples.csv"),
				"timestamp,label,elapsed_ms,latency_ms,connect_ms,bytes,status,success,error_cause,sampler_us\n"
						+ "2026-11-22T10:00:00.001Z,list,101,91,1,150,200,true,,\n");
		assertThat(SamplesCsv.read(file)).containsExactly(sample(1, true));
	}

	@Test
	void fileWhenAnEarlierHarnessWroteItWithoutSamplerTimesShouldBeRead() throws IOException {
		Path file = Files.writeString(this.directory.resolve("samples.csv"),
				"timestamp,label,elapsed_ms,latency_ms,connect_ms,bytes,status,success,error_cause\n"
						+ "2026-11-22T10:00:00.001Z,list,101,91,1,150,200,true,\n");
		assertThat(SamplesCsv.read(file)).containsExactly(sample(1, true));
	}

	@Test
	void samplesShouldReachTheDiskWhileTheFileIsStillOpen() {
		Path file = this.directory.resolve("samples.csv");
		try (SamplesCsv csv = SamplesCsv.create(file)) {
			csv.write(sample(1, true));
			// What a kill -9 would leave behind once the flusher has run. It runs every
			// FLUSH_INTERVAL; the bound is far wider, for a loaded machine that runs it
			// late.
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(SamplesCsv.read(file)).containsExactly(sample(1, true)));
		}
	}

	@Test
	void lastLineWhenTornShouldBeSkipped() throws IOException {
		Path file = this.directory.resolve("samples.csv");
		try (SamplesCsv csv = SamplesCsv.create(file)) {
			csv.write(sample(1, true));
			csv.write(sample(2, true));
		}
		Files.writeString(file, "2026-11-22T10:00:01Z,passthrough,12", StandardOpenOption.APPEND);
		assertThat(SamplesCsv.read(file)).containsExactly(sample(1, true), sample(2, true));
	}

	@Test
	void lineWhenMalformedInTheMiddleShouldFail() throws IOException {
		Path file = this.directory.resolve("samples.csv");
		Files.writeString(file, SamplesCsv.HEADER + "\nnot,a,sample\n" + SamplesCsv.format(sample(1, true)) + "\n");
		assertThatIllegalArgumentException().isThrownBy(() -> SamplesCsv.read(file))
			.withMessageContaining(":2 has 3 fields");
	}

	@Test
	void fileWhenItHoldsSomethingElseShouldBeRejected() throws IOException {
		Path file = Files.writeString(this.directory.resolve("other.csv"), "a,b,c\n");
		assertThatIllegalArgumentException().isThrownBy(() -> SamplesCsv.read(file))
			.withMessageContaining("is not a fluxbench samples file");
	}

	@Test
	void summaryShouldHaveExactPercentilesAndCountErrorsByCause() {
		LoadKey key = new LoadKey("quick", 5, "mvc", 1);
		List<Sample> samples = new java.util.ArrayList<>();
		for (int i = 1; i <= 1000; i++) {
			samples.add(new Sample(Instant.parse("2026-11-22T10:00:00Z").plusMillis(i), "passthrough",
					Duration.ofMillis(i), Duration.ZERO, Duration.ZERO, 10, (i <= 990) ? "200" : "503", i <= 990,
					(i <= 990) ? "" : "http_503"));
		}
		List<Summary> summaries = Summary.of(key, samples);
		assertThat(summaries).singleElement().satisfies((all) -> {
			assertThat(all.label()).isEqualTo(Summary.ALL);
			assertThat(all.samples()).isEqualTo(1000);
			assertThat(all.errors()).isEqualTo(10);
			assertThat(all.errorsByCause()).containsEntry("http_503", 10L);
			assertThat(all.min()).isEqualTo(Duration.ofMillis(1));
			assertThat(all.p50()).isEqualTo(Duration.ofMillis(500));
			assertThat(all.p99()).isEqualTo(Duration.ofMillis(990));
			assertThat(all.p999()).isEqualTo(Duration.ofMillis(999));
			assertThat(all.max()).isEqualTo(Duration.ofMillis(1000));
			assertThat(all.mean()).isEqualTo(Duration.ofMillis(500).plus(Duration.ofMillis(1).dividedBy(2)));
		});
	}

	@Test
	void summaryWhenThereAreSeveralLabelsShouldHaveALinePerLabel() {
		List<Summary> summaries = Summary.of(new LoadKey("quick", 5, "mvc", 1),
				List.of(sample(1, true), sample(2, true), sample(3, false)));
		assertThat(summaries).extracting(Summary::label).containsExactly(Summary.ALL, "list", "passthrough");
		assertThat(summaries.get(1).errorsByCause()).containsEntry(ErrorCause.TIMEOUT, 1L);
	}

	@Test
	void summaryCsvShouldGetOneHeaderAndALinePerSummary() throws IOException {
		Path file = this.directory.resolve("summary.csv");
		LoadKey key = new LoadKey("quick", 5, "mvc", 1);
		SummaryCsv.append(file, Summary.of(key, List.of(sample(1, true))), java.util.Optional.empty(), "ok");
		SummaryCsv.append(file, Summary.of(new LoadKey("quick", 20, "mvc", 1), List.of(sample(1, true))),
				java.util.Optional.of(20.0), "p99 12000 ms is not below 10000 ms");
		List<String> lines = Files.readAllLines(file);
		assertThat(lines).hasSize(3);
		assertThat(lines.get(0)).isEqualTo(SummaryCsv.HEADER);
		assertThat(lines.get(1)).startsWith("quick,5,mvc,1,*,1,0,,101.000,").endsWith(",ok");
		assertThat(lines.get(2)).contains(",20.000,").endsWith("p99 12000 ms is not below 10000 ms");
		assertThat(lines).allSatisfy((line) -> assertThat(line.split(",", -1)).hasSize(21));
	}

	@Test
	void timestampsShouldBeWrittenAsInstantWritesThem() {
		Random random = new Random(11);
		List<Instant> instants = new ArrayList<>(List.of(Instant.parse("2026-11-27T04:24:06Z"),
				Instant.parse("2026-11-27T04:24:06.500Z"), Instant.parse("2026-11-27T04:24:06.007Z"),
				Instant.parse("2026-11-27T04:24:06.999Z"), Instant.parse("2026-11-27T04:24:07.010Z"), Instant.EPOCH,
				Instant.parse("1969-12-31T23:59:59.100Z"), Instant.parse("9999-12-31T23:59:59.999Z"),
				Instant.parse("+10000-01-01T00:00:00.001Z"), Instant.parse("2026-11-27T04:24:06.123456Z")));
		for (int i = 0; i < 10_000; i++) {
			instants.add(Instant.ofEpochMilli(1_790_000_000_000L + random.nextLong(10_000_000)));
		}
		assertThat(instants)
			.allSatisfy((instant) -> assertThat(SamplesCsv.timestamp(instant)).isEqualTo(instant.toString()));
	}

	@Test
	void statusCodeShouldBeOnlyThreeDigits() {
		assertThat(SamplesCsv.isStatusCode("200")).isTrue();
		assertThat(List.of("", "20", "2000", "Non HTTP response code: java.net.SocketTimeoutException", "2x0"))
			.noneMatch(SamplesCsv::isStatusCode);
	}

}

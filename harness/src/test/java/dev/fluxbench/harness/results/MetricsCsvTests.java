package dev.fluxbench.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class MetricsCsvTests {

	private static final Instant AT = Instant.parse("2026-11-22T06:00:01.250Z");

	@Test
	void linesShouldReadBackAsWrittenWithPrometheusLabelsQuoted(@TempDir Path directory) throws IOException {
		Path file = directory.resolve("load-10/metrics.csv");
		List<MetricsCsv.Line> lines = List.of(new MetricsCsv.Line(AT, "app", "rss_bytes", "", 4.0e8),
				new MetricsCsv.Line(AT, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"G1 Eden Space\"", 52428800),
				new MetricsCsv.Line(AT.plusSeconds(1), "generator", "cpu_time_seconds", "", 5.25));
		try (MetricsCsv csv = MetricsCsv.create(file)) {
			csv.write(lines);
		}
		assertThat(Files.readAllLines(file)).startsWith(MetricsCsv.HEADER,
				"2026-11-22T06:00:01.250Z,app,rss_bytes,\"\",4.0E8",
				"2026-11-22T06:00:01.250Z,app,jvm_memory_used_bytes,\"area=\"\"heap\"\",id=\"\"G1 Eden Space\"\"\",5.24288E7");
		assertThat(MetricsCsv.read(file)).isEqualTo(lines);
	}

	@Test
	void linesWhenTornAtTheEndOrUnreadableShouldBeLeftOut(@TempDir Path directory) throws IOException {
		Path file = directory.resolve("metrics.csv");
		try (MetricsCsv csv = MetricsCsv.create(file)) {
			csv.write(List.of(new MetricsCsv.Line(AT, "app", "rss_bytes", "", 1)));
		}
		Files.writeString(file, "yesterday,app,rss_bytes,\"\",2\n2026-11-22T06:00:02Z,app,rss", StandardCharsets.UTF_8,
				StandardOpenOption.APPEND);
		assertThat(MetricsCsv.read(file)).extracting(MetricsCsv.Line::value).containsExactly(1.0);
	}

	@Test
	void fileWhenMissingShouldHaveNoLines(@TempDir Path directory) {
		assertThat(MetricsCsv.read(directory.resolve("metrics.csv"))).isEmpty();
	}

}

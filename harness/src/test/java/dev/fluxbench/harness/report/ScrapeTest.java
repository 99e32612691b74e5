package dev.fluxbench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.fluxbench.harness.results.MetricsCsv;

class ScrapeTest {

	private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");

	@Test
	void aGivenServicesOwnCpuCounterStandsInForProc(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "process_cpu_time_ns_total", "", 2.5e9),
				new MetricsCsv.Line(AT.plusSeconds(1), "app", "process_cpu_seconds_total", "", 3.0)));
		metrics.close();
		assertThat(Scrape.read(file)).extracting(Scrape::appCpuSeconds).containsExactly(2.5, 3.0);
	}

	@Test
	void procWinsOverTheServicesOwnCounter(@TempDir Path directory) {
		Path file = directory.resolve("metrics.csv");
		MetricsCsv metrics = MetricsCsv.create(file);
		metrics.write(List.of(new MetricsCsv.Line(AT, "app", "process_cpu_time_ns_total", "", 9e9),
				new MetricsCsv.Line(AT, "app", "cpu_time_seconds", "", 1.25)));
		metrics.close();
		assertThat(Scrape.read(file)).extracting(Scrape::appCpuSeconds).containsExactly(1.25);
	}

}

package dev.fluxbench.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import dev.fluxbench.harness.results.Json;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;

/**
 * A results directory as the harness writes it, made up with a fixed seed so that tests know
 * what the report must say: two stacks, two loads, three trials. At 20 users mvc is slower and
 * times out one request in 50; webflux is not. Optionally the run was killed during webflux's
 * last load, leaving a torn line.
 */
final class FixtureRun {

	static final String SCENARIO = "fixture";

	static final List<String> STACKS = List.of("mvc", "webflux");

	static final List<Integer> LOADS = List.of(10, 20);

	static final int TRIALS = 3;

	private static final Instant START = Instant.parse("2026-11-22T06:00:00Z");

	private static final int SECONDS_PER_LOAD = 8;

	private FixtureRun() {
	}

	static Path write(Path directory, boolean killed) {
		return write(directory, killed, false);
	}

	/** With {@code open}, the loads are target rates for a generator of at most 15 threads. */
	static Path write(Path directory, boolean killed, boolean open) {
		ResultsDirectory files = new ResultsDirectory(directory);
		SplittableRandom random = new SplittableRandom(42);
		List<Object> stackRuns = new ArrayList<>();
		Instant clock = START;
		for (int trial = 1; trial <= TRIALS; trial++) {
			for (String stack : STACKS) {
				Map<String, Object> stackRun = new LinkedHashMap<>();
				stackRun.put("trial", trial);
				stackRun.put("stack", stack);
				stackRun.put("startup", "PT5S");
				List<Object> loads = new ArrayList<>();
				stackRun.put("loads", loads);
				stackRuns.add(stackRun);
				for (int load : LOADS) {
					boolean torn = killed && trial == TRIALS && stack.equals("webflux") && load == 20;
					LoadKey key = new LoadKey(SCENARIO, load, stack, trial);
					writeLoad(files, key, clock, random, torn);
					Map<String, Object> recorded = new LinkedHashMap<>();
					recorded.put("load", load);
					recorded.put("started", clock.toString());
					if (!torn) {
						recorded.put("finished", clock.plusSeconds(SECONDS_PER_LOAD).toString());
						recorded.put("verdict", "ok");
						loads.add(recorded);
					}
					clock = clock.plusSeconds(SECONDS_PER_LOAD + 2);
				}
				if (!(killed && trial == TRIALS && stack.equals("webflux"))) {
					stackRun.put("stopped", clock.toString());
				}
			}
		}
		ResultsDirectory.writeAtomically(files.runJson(), Json.write(runJson(stackRuns, killed, open, clock)));
		return directory;
	}

	private static Map<String, Object> runJson(List<Object> stackRuns, boolean killed, boolean open, Instant end) {
		Map<String, Object> run = new LinkedHashMap<>();
		run.put("fluxbench", "test");
		run.put("started", START.toString());
		run.put("status", killed ? "running" : "finished");
		run.put("jdk", Map.of("version", "25.0.3", "vendor", "Eclipse Adoptium", "vm", "OpenJDK 64-Bit Server VM"));
		run.put("os", Map.of("name", "Linux", "version", "6.1", "arch", "amd64"));
		run.put("cores", 2);
		Map<String, Object> layout = new LinkedHashMap<>();
		layout.put("pinned", true);
		layout.put("app", "0");
		layout.put("generatorAndDownstream", "1");
		layout.put("database", "not pinned (not started by fluxbench)");
		layout.put("appActiveProcessorCount", 1);
		run.put("cpuLayout", layout);
		run.put("appJvmFlags", List.of("-Xms512m", "-Xmx512m", "-XX:+UseSerialGC"));
		run.put("libraries", Map.of("jmeter-java-dsl", "2.2"));
		run.put("git", Map.of("commit", "0123456789abcdef0123", "dirty", false));
		Map<String, Object> scenario = new LinkedHashMap<>();
		scenario.put("name", SCENARIO);
		scenario.put("description", "a made-up passthrough");
		scenario.put("seeds", List.of("004_22a772f8fae86275.txt"));
		scenario.put("model", open ? "open (loads are target requests/s)" : "closed (loads are users)");
		if (open) {
			scenario.put("maxThreads", 15);
		}
		scenario.put("loads", LOADS);
		scenario.put("rampUp", "PT1S");
		scenario.put("termination", "held 8 s");
		scenario.put("thinkTime", "PT0S..PT0S");
		scenario.put("requests", List.of(Map.of("label", "passthrough", "method", "POST", "path", "/passthrough/message",
				"expectedStatus", 200, "floor", "PT0.1S")));
		scenario.put("assertions", List.of());
		run.put("scenario", scenario);
		run.put("scale", 1.0);
		run.put("trials", TRIALS);
		run.put("warmup", "PT10S");
		run.put("stacks", STACKS);
		run.put("database", "h2 (in each app's memory)");
		run.put("stackRuns", stackRuns);
		if (!killed) {
			run.put("failedAssertions", List.of());
			run.put("ended", end.toString());
		}
		return run;
	}

	/** Users send back to back for the load's seconds; the app's cost and memory rise with its work. */
	private static void writeLoad(ResultsDirectory files, LoadKey key, Instant start, SplittableRandom random,
			boolean torn) {
		boolean slow = key.stack().equals("mvc") && key.load() == 20;
		double spread = slow ? 60 : 20;
		List<Sample> samples = new ArrayList<>();
		for (int user = 0; user < key.load(); user++) {
			long at = start.toEpochMilli() + user * 100L / key.load();
			int sent = 0;
			while (at < start.toEpochMilli() + SECONDS_PER_LOAD * 1000L) {
				sent++;
				boolean timeout = slow && sent % 50 == 0;
				long elapsed = timeout ? 1000 : 100 + (long) (-spread * Math.log(1 - random.nextDouble()));
				samples.add(new Sample(Instant.ofEpochMilli(at), "passthrough", Duration.ofMillis(elapsed),
						Duration.ofMillis(elapsed), Duration.ZERO, timeout ? 0 : 42, timeout ? "" : "200", !timeout,
						timeout ? "timeout" : ""));
				at += elapsed;
			}
		}
		samples.sort((a, b) -> a.timestamp().compareTo(b.timestamp()));
		try (SamplesCsv csv = SamplesCsv.create(files.samplesCsv(key))) {
			samples.forEach(csv::write);
		}
		if (torn) {
			append(files.samplesCsv(key), "2026-11-22T06:59:59.000Z,passthrough,1");
		}
		writeMetrics(files.metricsCsv(key), start, samples.size(), key.stack().equals("mvc") ? 0.9 : 0.6, key.trial());
	}

	private static void writeMetrics(Path file, Instant start, int samples, double cpuPerRequestMillis, int trial) {
		StringBuilder lines = new StringBuilder("timestamp,source,metric,tags,value\n");
		double perSecond = samples / (double) SECONDS_PER_LOAD;
		for (int second = 0; second <= SECONDS_PER_LOAD; second++) {
			String at = start.plusSeconds(second).toString();
			double cpu = 10 + second * perSecond * cpuPerRequestMillis * (1 + 0.03 * trial) / 1000;
			line(lines, at, "app", "cpu_time_seconds", "", cpu);
			line(lines, at, "app", "rss_bytes", "", 400e6 + second * 1e6);
			line(lines, at, "generator", "cpu_time_seconds", "", 5 + second * perSecond * 0.0003);
			line(lines, at, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"eden\"", (50 + second * 5) * 1048576.0);
			line(lines, at, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"old\"", 30 * 1048576.0);
			line(lines, at, "app", "jvm_memory_used_bytes", "area=\"nonheap\",id=\"Metaspace\"", 60 * 1048576.0);
			line(lines, at, "app", "jvm_memory_committed_bytes", "area=\"heap\",id=\"eden\"", 512 * 1048576.0);
			line(lines, at, "app", "jvm_memory_committed_bytes", "area=\"nonheap\",id=\"Metaspace\"", 64 * 1048576.0);
			line(lines, at, "app", "jvm_threads_live_threads", "", 30);
			line(lines, at, "app", "jvm_gc_pause_seconds_count", "action=\"end of minor GC\"", second / 2);
			line(lines, at, "app", "jvm_gc_pause_seconds_sum", "action=\"end of minor GC\"", second / 2 * 0.004);
		}
		write(file, lines.toString());
	}

	private static void line(StringBuilder lines, String at, String source, String metric, String tags, double value) {
		lines.append(at).append(',').append(source).append(',').append(metric).append(",\"")
			.append(tags.replace("\"", "\"\""))
			.append("\",")
			.append(String.format(Locale.ROOT, "%s", value))
			.append('\n');
	}

	private static void append(Path file, String text) {
		try {
			Files.writeString(file, text, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void write(Path file, String text) {
		try {
			Files.writeString(file, text, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}

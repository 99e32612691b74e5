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
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.MetricsCsv;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;

/**
 * A results directory as the harness writes it, made up with a fixed seed so that tests
 * know what the report must say: two stacks, two loads, three trials. At 20 users mvc is
 * slower and times out one request in 50; webflux is not. Optionally the run was killed
 * during webflux's last load, leaving a torn line. run.json is written as today's harness
 * writes it, or as an older one did, which must give the same report.
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

	/**
	 * With {@code open}, the loads are target rates for a generator of at most 15
	 * threads.
	 */
	static Path write(Path directory, boolean killed, boolean open) {
		ResultsDirectory files = new ResultsDirectory(directory);
		List<RunJson.TargetRun> targetRuns = writeLoads(files, killed);
		runJson(targetRuns, killed, open).write(files.runJson());
		return directory;
	}

	/**
	 * The same run as a harness from before targets recorded it: {@code stacks},
	 * {@code stackRuns} and {@code stack}, no {@code round} (Little's law then comes from
	 * the requests), no {@code formatVersion}, no key it did not know yet.
	 */
	static Path writeAsOlderHarness(Path directory, boolean killed) {
		ResultsDirectory files = new ResultsDirectory(directory);
		List<RunJson.TargetRun> targetRuns = writeLoads(files, killed);
		ResultsDirectory.writeAtomically(files.runJson(), json(olderRunJson(targetRuns, killed)));
		return directory;
	}

	/**
	 * The targets of {@link #writeSeed002}: one on virtual threads, one over a blocking
	 * repository.
	 */
	static final List<String> SEED_002_STACKS = List.of("mvc-vt", "webflux-jdbc");

	/**
	 * A run like seed 002's, at 50 users started at once, one journey each: sign in (a
	 * password check), then two requests. mvc-vt's users all finish; five of
	 * webflux-jdbc's are stopped by a failed request and one more ends short. Both apps
	 * expose their password checks, mvc-vt's as wall time (virtual threads, where the JDK
	 * measures no thread CPU), webflux-jdbc's as CPU time, and the SQL statements they
	 * executed.
	 */
	static Path writeSeed002(Path directory) {
		ResultsDirectory files = new ResultsDirectory(directory);
		int users = 50;
		List<RunJson.TargetRun> targetRuns = new ArrayList<>();
		Instant clock = START;
		for (String stack : SEED_002_STACKS) {
			boolean loses = stack.equals("webflux-jdbc");
			LoadKey key = new LoadKey("seed-002", users, stack, 1);
			List<Sample> samples = new ArrayList<>();
			for (int user = 0; user < users; user++) {
				boolean stopped = loses && user < 5;
				boolean endedShort = loses && user == 5;
				int sent = stopped ? 2 : endedShort ? 1 : 3;
				for (int request = 0; request < sent; request++) {
					boolean failed = stopped && request == 1;
					samples.add(
							new Sample(clock.plusMillis(user * 10L + request * 2000L),
									List.of("authentication", "get-all-operations", "create-new-operation")
										.get(request),
									Duration.ofMillis(120), Duration.ofMillis(110), Duration.ZERO, 64,
									failed ? "500" : "200", !failed, failed ? "http_500" : ""));
				}
			}
			samples.sort((a, b) -> a.timestamp().compareTo(b.timestamp()));
			try (SamplesCsv csv = SamplesCsv.create(files.samplesCsv(key))) {
				samples.forEach(csv::write);
			}
			List<MetricsCsv.Line> lines = new ArrayList<>();
			for (int second = 0; second <= 6; second++) {
				Instant at = clock.plusSeconds(second);
				// 20 CPU-seconds over the load, of which the 50 password checks took a
				// quarter.
				lines.add(new MetricsCsv.Line(at, "app", "cpu_time_seconds", "", 30 + second * 20 / 6.0));
				lines.add(new MetricsCsv.Line(at, "app", "fluxbench_password_checks_total", "stack=\"" + stack + "\"",
						7 + second * 50 / 6.0));
				double checking = 1 + second * 5 / 6.0;
				lines.add(new MetricsCsv.Line(at, "app", "fluxbench_password_check_seconds_total",
						"clock=\"cpu\",stack=\"" + stack + "\"", loses ? checking : 0.5));
				lines.add(new MetricsCsv.Line(at, "app", "fluxbench_password_check_seconds_total",
						"clock=\"wall\",stack=\"" + stack + "\"", loses ? 0 : checking));
				// Two statements per request for mvc-vt's 150, one for webflux-jdbc's
				// 143.
				lines.add(new MetricsCsv.Line(at, "app", "fluxbench_sql_statements_total", "stack=\"" + stack + "\"",
						100 + second * (loses ? 143 : 300) / 6.0));
			}
			try (MetricsCsv csv = MetricsCsv.create(files.metricsCsv(key))) {
				csv.write(lines);
			}
			targetRuns.add(RunJson.TargetRun.starting(1, stack)
				.launched(2000, 8080, List.of(), Duration.ofSeconds(5), NullNode.getInstance())
				.withLoad(new RunJson.LoadRun(users, Optional.of(clock), Optional.of(clock.plusSeconds(6)),
						samples.size(), loses ? 5 : 0, "ok",
						Optional.of(loses ? new Journeys(50, 44, 5, 1) : new Journeys(50, 50, 0, 0))))
				.stoppedAt(clock.plusSeconds(7)));
			clock = clock.plusSeconds(10);
		}
		RunJson.Scenario scenario = new RunJson.Scenario("seed-002", "sign in, list, create", "scenarios/seed-002.yaml",
				List.of("002_40e23d62534e9a56.txt"), "closed (loads are users)", List.of(users), Duration.ZERO,
				"1 iteration each", List.of(new RunJson.Level(users, Duration.ZERO, "1 iteration each")), "PT0S..PT0S",
				List.of(new RunJson.Request("authentication", "POST", "/api/authenticate", 200, Duration.ZERO,
						List.of(), 0, List.of("access_token"), Optional.empty(), true),
						new RunJson.Request("get-all-operations", "GET", "/api/operations", 200, Duration.ZERO,
								List.of("Authorization"), 0, List.of(), Optional.empty(), true),
						new RunJson.Request("create-new-operation", "POST", "/api/operations", 200, Duration.ZERO,
								List.of("Authorization"), 0, List.of(), Optional.empty(), false)),
				List.of(new RunJson.JourneyStep.Send("authentication"),
						new RunJson.JourneyStep.Send("get-all-operations"),
						new RunJson.JourneyStep.Send("create-new-operation")),
				Optional.of(new RunJson.Round(3, Duration.ZERO, false)), List.of(), List.of(), List.of(),
				Optional.empty(), Optional.empty(), Optional.empty());
		new RunJson(RunJson.FORMAT_VERSION, "test", List.of("run"), RunJson.Status.FINISHED, Optional.empty(),
				Optional.of(START), Optional.of(clock), new RunJson.Jdk(null, null, null, null),
				new RunJson.Os(null, null, null), 2, null, List.of(), Map.of(), null, scenario, 1.0, 1,
				Optional.of(Duration.ZERO), SEED_002_STACKS, List.of(), Optional.empty(), Optional.empty(),
				Optional.empty(), Optional.empty(), targetRuns, List.of())
			.write(files.runJson());
		return directory;
	}

	/**
	 * One trial at 10 users of an endpoint that answers in a few milliseconds, as the
	 * quick scenario's passthrough does on a fast machine: its times are mostly JMeter's
	 * rounding to the millisecond. webflux paused once for GC 5 s into the load, and the
	 * pause's series appeared only then, as Micrometer makes it; mvc's metrics never
	 * answered, so only /proc tells what its load cost.
	 */
	static Path writeFastEndpoint(Path directory) {
		ResultsDirectory files = new ResultsDirectory(directory);
		SplittableRandom random = new SplittableRandom(7);
		List<RunJson.TargetRun> targetRuns = new ArrayList<>();
		Instant clock = START;
		int load = LOADS.getFirst();
		for (String stack : STACKS) {
			LoadKey key = new LoadKey(SCENARIO, load, stack, 1);
			List<Sample> samples = new ArrayList<>();
			for (int user = 0; user < load; user++) {
				long at = clock.toEpochMilli() + user;
				while (at < clock.toEpochMilli() + SECONDS_PER_LOAD * 1000L) {
					long elapsed = random.nextInt(stack.equals("mvc") ? 5 : 3);
					samples.add(new Sample(Instant.ofEpochMilli(at), "passthrough", Duration.ofMillis(elapsed),
							Duration.ofMillis(elapsed), Duration.ZERO, 42, "200", true, ""));
					at += elapsed + 1;
				}
			}
			samples.sort((a, b) -> a.timestamp().compareTo(b.timestamp()));
			try (SamplesCsv csv = SamplesCsv.create(files.samplesCsv(key))) {
				samples.forEach(csv::write);
			}
			List<MetricsCsv.Line> lines = new ArrayList<>();
			for (int second = 0; second <= SECONDS_PER_LOAD; second++) {
				Instant at = clock.plusSeconds(second);
				lines.add(new MetricsCsv.Line(at, "app", "cpu_time_seconds", "", 10 + second * 0.5));
				lines.add(new MetricsCsv.Line(at, "app", "rss_bytes", "", 400e6));
				lines.add(new MetricsCsv.Line(at, "generator", "cpu_time_seconds", "", 5 + second * 0.25));
				if (stack.equals("mvc")) {
					lines.add(new MetricsCsv.Line(at, "app", "scrape_failed", "HttpConnectTimeoutException", 1));
					continue;
				}
				lines.add(new MetricsCsv.Line(at, "app", "jvm_threads_live_threads", "", 30));
				lines.add(new MetricsCsv.Line(at, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"eden\"",
						64 * 1048576.0));
				lines.add(new MetricsCsv.Line(at, "app", "jvm_gc_memory_allocated_bytes_total", "", second * 1e8));
				if (second >= 5) {
					String young = "action=\"end of minor GC\",cause=\"G1 Evacuation Pause\",gc=\"G1 Young Generation\"";
					lines.add(new MetricsCsv.Line(at, "app", "jvm_gc_pause_seconds_count", young, 1));
					lines.add(new MetricsCsv.Line(at, "app", "jvm_gc_pause_seconds_sum", young, 0.062));
				}
			}
			try (MetricsCsv csv = MetricsCsv.create(files.metricsCsv(key))) {
				csv.write(lines);
			}
			targetRuns.add(RunJson.TargetRun.starting(1, stack)
				.launched(3000, 8080, List.of(), Duration.ofSeconds(5), NullNode.getInstance())
				.withLoad(new RunJson.LoadRun(load, Optional.of(clock),
						Optional.of(clock.plusSeconds(SECONDS_PER_LOAD)), samples.size(), 0, "ok", Optional.empty()))
				.stoppedAt(clock.plusSeconds(SECONDS_PER_LOAD + 1)));
			clock = clock.plusSeconds(SECONDS_PER_LOAD + 2);
		}
		runJson(targetRuns, false, false).write(files.runJson());
		return directory;
	}

	/**
	 * Writes every load's samples and metrics; returns the target runs as run.json
	 * records them.
	 */
	private static List<RunJson.TargetRun> writeLoads(ResultsDirectory files, boolean killed) {
		SplittableRandom random = new SplittableRandom(42);
		List<RunJson.TargetRun> targetRuns = new ArrayList<>();
		Instant clock = START;
		for (int trial = 1; trial <= TRIALS; trial++) {
			for (String stack : STACKS) {
				RunJson.TargetRun targetRun = RunJson.TargetRun.starting(trial, stack)
					.launched(1000 + trial, 8080, List.of(), Duration.ofSeconds(5), NullNode.getInstance());
				for (int load : LOADS) {
					boolean torn = killed && trial == TRIALS && stack.equals("webflux") && load == 20;
					LoadKey key = new LoadKey(SCENARIO, load, stack, trial);
					int samples = writeLoad(files, key, clock, random, torn);
					if (!torn) {
						// Each user's journey is one request, sent back to back: the one
						// under way when the 8 s ran out is unfinished.
						targetRun = targetRun.withLoad(new RunJson.LoadRun(load, Optional.of(clock),
								Optional.of(clock.plusSeconds(SECONDS_PER_LOAD)), 0, 0, "ok",
								Optional.of(new Journeys(samples + load, samples, 0, load))));
					}
					clock = clock.plusSeconds(SECONDS_PER_LOAD + 2);
				}
				if (!(killed && trial == TRIALS && stack.equals("webflux"))) {
					targetRun = targetRun.stoppedAt(clock);
				}
				targetRuns.add(targetRun);
			}
		}
		return targetRuns;
	}

	private static RunJson runJson(List<RunJson.TargetRun> targetRuns, boolean killed, boolean open) {
		Instant end = targetRuns.getLast().stopped().orElse(START);
		RunJson.Scenario scenario = new RunJson.Scenario(SCENARIO, "a made-up passthrough", "scenarios/fixture.yaml",
				List.of("004_22a772f8fae86275.txt"),
				open ? "open (loads are target requests/s)" : "closed (loads are users)", LOADS, Duration.ofSeconds(1),
				"held 8 s",
				LOADS.stream().map((load) -> new RunJson.Level(load, Duration.ofSeconds(1), "held 8 s")).toList(),
				"PT0S..PT0S",
				List.of(new RunJson.Request("passthrough", "POST", "/passthrough/message", 200, Duration.ofMillis(100),
						List.of(), 0, List.of(), Optional.empty(), false)),
				List.of(new RunJson.JourneyStep.Send("passthrough")),
				Optional.of(new RunJson.Round(1, Duration.ofMillis(100), true)), List.of(), List.of(), List.of(),
				open ? Optional.of(15) : Optional.empty(), Optional.of(Duration.ofSeconds(10)),
				Optional.of(Duration.ofSeconds(30)));
		return new RunJson(RunJson.FORMAT_VERSION, "test", List.of("run", "--scenario", SCENARIO),
				killed ? RunJson.Status.RUNNING : RunJson.Status.FINISHED, Optional.empty(), Optional.of(START),
				killed ? Optional.empty() : Optional.of(end),
				new RunJson.Jdk("25.0.3", "Eclipse Adoptium", "OpenJDK 64-Bit Server VM", "/opt/jdk"),
				new RunJson.Os("Linux", "6.1", "amd64"), 2,
				new RunJson.CpuLayout(true, "0", "1", "not pinned (not started by fluxbench)", 1),
				List.of("-Xms512m", "-Xmx512m", "-XX:+UseSerialGC"), Map.of("jmeter-java-dsl", "2.2"),
				new RunJson.Git("0123456789abcdef0123", Optional.of(false)), scenario, 1.0, TRIALS,
				Optional.of(Duration.ofSeconds(10)), STACKS,
				STACKS
					.stream().<RunJson
							.TargetDescription>map(
									(stack) -> new RunJson.TargetDescription.Launched(stack,
											"apps/" + stack + "/target/fluxbench-" + stack + ".jar", List.of(), "none",
											"the " + stack + " stack"))
					.toList(),
				Optional.of("h2 (in each app's memory)"), Optional.empty(), Optional.empty(), Optional.empty(),
				targetRuns, List.of());
	}

	private static Map<String, Object> olderRunJson(List<RunJson.TargetRun> targetRuns, boolean killed) {
		List<Object> stackRuns = new ArrayList<>();
		for (RunJson.TargetRun targetRun : targetRuns) {
			Map<String, Object> stackRun = new LinkedHashMap<>();
			stackRun.put("trial", targetRun.trial());
			stackRun.put("stack", targetRun.target());
			stackRun.put("startup", "PT5S");
			List<Object> loads = new ArrayList<>();
			for (RunJson.LoadRun load : targetRun.loads()) {
				Map<String, Object> recorded = new LinkedHashMap<>();
				recorded.put("load", load.load());
				recorded.put("started", load.started().orElseThrow().toString());
				recorded.put("finished", load.finished().orElseThrow().toString());
				recorded.put("verdict", load.verdict());
				loads.add(recorded);
			}
			stackRun.put("loads", loads);
			targetRun.stopped().ifPresent((stopped) -> stackRun.put("stopped", stopped.toString()));
			stackRuns.add(stackRun);
		}
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
		scenario.put("model", "closed (loads are users)");
		scenario.put("loads", LOADS);
		scenario.put("rampUp", "PT1S");
		scenario.put("termination", "held 8 s");
		scenario.put("thinkTime", "PT0S..PT0S");
		scenario.put("requests", List.of(Map.of("label", "passthrough", "method", "POST", "path",
				"/passthrough/message", "expectedStatus", 200, "floor", "PT0.1S")));
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
			run.put("ended", targetRuns.getLast().stopped().orElseThrow().toString());
		}
		return run;
	}

	/**
	 * Older files, written as any JSON writer would: what they hold matters, not how it
	 * is laid out.
	 */
	static String json(Object value) {
		try {
			return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(value);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Users send back to back for the load's seconds; the app's cost and memory rise with
	 * its work.
	 * @return how many samples it wrote
	 */
	private static int writeLoad(ResultsDirectory files, LoadKey key, Instant start, SplittableRandom random,
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
		return samples.size();
	}

	private static void writeMetrics(Path file, Instant start, int samples, double cpuPerRequestMillis, int trial) {
		List<MetricsCsv.Line> lines = new ArrayList<>();
		double perSecond = samples / (double) SECONDS_PER_LOAD;
		for (int second = 0; second <= SECONDS_PER_LOAD; second++) {
			Instant at = start.plusSeconds(second);
			double cpu = 10 + second * perSecond * cpuPerRequestMillis * (1 + 0.03 * trial) / 1000;
			lines.add(new MetricsCsv.Line(at, "app", "cpu_time_seconds", "", cpu));
			lines.add(new MetricsCsv.Line(at, "app", "rss_bytes", "", 400e6 + second * 1e6));
			lines.add(new MetricsCsv.Line(at, "generator", "cpu_time_seconds", "", 5 + second * perSecond * 0.0003));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"eden\"",
					(50 + second * 5) * 1048576.0));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_memory_used_bytes", "area=\"heap\",id=\"old\"",
					30 * 1048576.0));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_memory_used_bytes", "area=\"nonheap\",id=\"Metaspace\"",
					60 * 1048576.0));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_memory_committed_bytes", "area=\"heap\",id=\"eden\"",
					512 * 1048576.0));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_memory_committed_bytes", "area=\"nonheap\",id=\"Metaspace\"",
					64 * 1048576.0));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_threads_live_threads", "", 30));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_gc_pause_seconds_count", "action=\"end of minor GC\"",
					second / 2));
			lines.add(new MetricsCsv.Line(at, "app", "jvm_gc_pause_seconds_sum", "action=\"end of minor GC\"",
					second / 2 * 0.004));
		}
		try (MetricsCsv csv = MetricsCsv.create(file)) {
			csv.write(lines);
		}
	}

	private static void append(Path file, String text) {
		try {
			Files.writeString(file, text, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}

package dev.fluxbench.harness.calibrate;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxbench.harness.launch.EnvironmentException;
import dev.fluxbench.harness.metrics.ProcessStats;
import dev.fluxbench.harness.results.CalibrationJson;

/**
 * wrk, the lean reference: one thread, driven from a Lua script whose {@code done} hook
 * prints one JSON line with the counts, the percentiles and wrk's own /proc stat line.
 * The stat is read inside wrk once its threads are done: from outside, the process would
 * be gone from /proc by the time its output is read.
 */
public final class Wrk {

	/** What to tell someone without wrk: Debian's package has it. */
	public static final String MISSING = "wrk is not on the PATH: install Debian's package (apt-get install wrk)";

	/** Where a run's JSON line starts among wrk's own output. */
	private static final String MARKER = "{\"requests\":";

	static final String SCRIPT = """
			-- fluxbench calibrate: one JSON line at the end, parsed by the harness.
			done = function(summary, latency, requests)
			  local stat = ""
			  local file = io.open("/proc/self/stat", "r")
			  if file then
			    stat = file:read("*l") or ""
			    file:close()
			  end
			  stat = stat:gsub('[\\\\"]', "")
			  local errors = summary.errors
			  io.write(string.format('{"requests":%d,"durationMicros":%d,"p50Micros":%d,"p99Micros":%d,'
			    .. '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"stat":"%s"}\\n',
			    summary.requests, summary.duration, math.floor(latency:percentile(50)),
			    math.floor(latency:percentile(99)), errors.connect, errors.read, errors.write, errors.status,
			    errors.timeout, stat))
			end
			""";

	private static final ObjectMapper MAPPER = new ObjectMapper();

	private final Path executable;

	private Wrk(Path executable) {
		this.executable = executable;
	}

	/** wrk from the PATH, or empty when it has none. */
	public static Optional<Wrk> onPath(String path) {
		if (path == null) {
			return Optional.empty();
		}
		for (String directory : path.split(File.pathSeparator)) {
			if (directory.isEmpty()) {
				continue;
			}
			Path candidate = Path.of(directory, "wrk");
			if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
				return Optional.of(new Wrk(candidate));
			}
		}
		return Optional.empty();
	}

	/** wrk's version line, as {@code wrk -v} prints it first. */
	String version() {
		try {
			Process process = new ProcessBuilder(this.executable.toString(), "-v").redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			process.waitFor(10, TimeUnit.SECONDS);
			return output.lines().findFirst().orElse("wrk").strip();
		}
		catch (IOException ex) {
			throw new EnvironmentException("wrk could not be run: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while asking wrk its version");
		}
	}

	/**
	 * Runs wrk with one thread and {@code connections} connections for {@code duration}.
	 * @param cpus the cores to pin it to, in taskset syntax; empty to pin nothing
	 * @param directory where the script and wrk's output are kept
	 * @param name the output's file name, without extension
	 */
	CalibrationJson.Side run(URI url, int connections, Duration duration, Optional<String> cpus, Path directory,
			String name) {
		Path script = directory.resolve("wrk.lua");
		Path output = directory.resolve(name + ".txt");
		List<String> command = new ArrayList<>();
		cpus.ifPresent((list) -> command.addAll(List.of("taskset", "-c", list)));
		command.addAll(List.of(this.executable.toString(), "-t1", "-c" + connections,
				"-d" + Math.max(1, duration.toSeconds()) + "s", "--timeout", "10s", "-s", script.toString(),
				url.toString()));
		try {
			if (!Files.exists(script)) {
				Files.writeString(script, SCRIPT, StandardCharsets.UTF_8);
			}
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(output.toFile())
				.start();
			if (!process.waitFor(duration.toSeconds() + 60, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new EnvironmentException("wrk did not end within a minute of its " + duration.toSeconds()
						+ "s (output: " + output + ")");
			}
			String text = Files.readString(output, StandardCharsets.UTF_8);
			if (process.exitValue() != 0) {
				throw new EnvironmentException("wrk failed with exit code " + process.exitValue() + ": "
						+ text.lines().findFirst().orElse("no output"));
			}
			return parse(text);
		}
		catch (IOException ex) {
			throw new EnvironmentException("wrk could not be run: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while wrk ran");
		}
		catch (IllegalArgumentException ex) {
			throw new EnvironmentException(ex.getMessage() + " (output: " + output + ")");
		}
	}

	/**
	 * The figures of wrk's output: its JSON line, wherever it is among wrk's own summary.
	 * @throws IllegalArgumentException in one line, when there is no such line or it is
	 * not what the script prints
	 */
	static CalibrationJson.Side parse(String output) {
		String line = output.lines()
			.map(String::strip)
			.filter((candidate) -> candidate.startsWith(MARKER))
			.reduce((first, second) -> second)
			.orElseThrow(() -> new IllegalArgumentException("wrk printed no result line: did its script run?"));
		JsonNode json;
		try {
			json = MAPPER.readTree(line);
		}
		catch (IOException ex) {
			throw new IllegalArgumentException("wrk's result line is not JSON: " + line);
		}
		long requests = number(json, "requests");
		Duration elapsed = Duration.ofNanos(number(json, "durationMicros") * 1000);
		JsonNode errors = json.path("errors");
		long failed = 0;
		for (String kind : List.of("connect", "read", "write", "status", "timeout")) {
			failed += errors.path(kind).asLong(0);
		}
		Duration p50 = Duration.ofNanos(number(json, "p50Micros") * 1000);
		Duration p99 = Duration.ofNanos(number(json, "p99Micros") * 1000);
		Duration cpu = ProcessStats.cpuTime(json.path("stat").asText(""));
		return CalibrationJson.Side.of(requests, failed, elapsed, cpu, p50, p99);
	}

	private static long number(JsonNode json, String field) {
		JsonNode value = json.get(field);
		if (value == null || !value.isNumber() || value.asLong() < 0) {
			throw new IllegalArgumentException("wrk's result line has no " + field + ": " + json);
		}
		return value.asLong();
	}

}

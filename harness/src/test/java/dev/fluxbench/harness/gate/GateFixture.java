package dev.fluxbench.harness.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultJson;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.results.SamplesCsv;

/**
 * Results directories as the harness writes them, made up for the gate's tests: a closed
 * model whose users send back to back, each request taking 100 ms plus an exponential
 * tail of mean 20 ms, drawn from a seeded generator. Immutable: each method returns a
 * changed copy.
 */
public record GateFixture(String scenario, List<String> targets, List<Integer> loads, int trials, List<String> labels,
		int seconds, long seed) {

	static final Duration RAMP_UP = Duration.ofSeconds(1);

	private static final Instant START = Instant.parse("2026-11-24T06:00:00Z");

	/**
	 * One target, one load of 10 users for 24 s (about 2000 samples), one trial, one
	 * step.
	 */
	public static GateFixture run() {
		return new GateFixture("checkout", List.of("app"), List.of(10), 1, List.of("passthrough"), 24, 1);
	}

	GateFixture scenario(String scenario) {
		return new GateFixture(scenario, this.targets, this.loads, this.trials, this.labels, this.seconds, this.seed);
	}

	public GateFixture targets(String... targets) {
		return new GateFixture(this.scenario, List.of(targets), this.loads, this.trials, this.labels, this.seconds,
				this.seed);
	}

	GateFixture loads(Integer... loads) {
		return new GateFixture(this.scenario, this.targets, List.of(loads), this.trials, this.labels, this.seconds,
				this.seed);
	}

	public GateFixture trials(int trials) {
		return new GateFixture(this.scenario, this.targets, this.loads, trials, this.labels, this.seconds, this.seed);
	}

	/** Each user sends these steps in turn. */
	GateFixture labels(String... labels) {
		return new GateFixture(this.scenario, this.targets, this.loads, this.trials, List.of(labels), this.seconds,
				this.seed);
	}

	/** How long each load lasts. */
	GateFixture seconds(int seconds) {
		return new GateFixture(this.scenario, this.targets, this.loads, this.trials, this.labels, seconds, this.seed);
	}

	GateFixture seed(long seed) {
		return new GateFixture(this.scenario, this.targets, this.loads, this.trials, this.labels, this.seconds, seed);
	}

	public Path write(Path directory) {
		ResultsDirectory files = new ResultsDirectory(directory);
		SplittableRandom random = new SplittableRandom(this.seed);
		List<Object> stackRuns = new ArrayList<>();
		Instant clock = START;
		for (int trial = 1; trial <= this.trials; trial++) {
			for (String target : this.targets) {
				List<Object> loadRuns = new ArrayList<>();
				for (int load : this.loads) {
					writeSamples(files.samplesCsv(new LoadKey(this.scenario, load, target, trial)),
							samples(load, clock, random));
					loadRuns.add(Map.of("load", load, "started", clock.toString(), "finished",
							clock.plusSeconds(this.seconds).toString(), "verdict", "ok"));
					clock = clock.plusSeconds(this.seconds + 5);
				}
				stackRuns.add(Map.of("trial", trial, "stack", target, "loads", loadRuns, "stopped", clock.toString()));
			}
		}
		Map<String, Object> scenario = new LinkedHashMap<>();
		scenario.put("name", this.scenario);
		scenario.put("model", "closed (loads are users)");
		scenario.put("loads", this.loads);
		scenario.put("rampUp", RAMP_UP.toString());
		scenario.put("thinkTime", "PT0S..PT0S");
		scenario.put("requests",
				this.labels.stream()
					.map((label) -> Map.of("label", label, "method", "GET", "path", "/" + label, "floor", "PT0.1S"))
					.toList());
		Map<String, Object> run = new LinkedHashMap<>();
		run.put("status", "finished");
		run.put("started", START.toString());
		run.put("scenario", scenario);
		run.put("trials", this.trials);
		run.put("stacks", this.targets);
		run.put("stackRuns", stackRuns);
		run.put("ended", clock.toString());
		ResultsDirectory.writeAtomically(files.runJson(), ResultJson.write(run));
		return directory;
	}

	/** Users start over the ramp-up and send back to back until the load's time is up. */
	private List<Sample> samples(int users, Instant start, SplittableRandom random) {
		List<Sample> samples = new ArrayList<>();
		long end = start.toEpochMilli() + this.seconds * 1000L;
		for (int user = 0; user < users; user++) {
			long at = start.toEpochMilli() + user * RAMP_UP.toMillis() / users;
			int sent = 0;
			while (at < end) {
				long elapsed = 100 + (long) (-20 * Math.log(1 - random.nextDouble()));
				samples.add(new Sample(Instant.ofEpochMilli(at), this.labels.get(sent % this.labels.size()),
						Duration.ofMillis(elapsed), Duration.ofMillis(elapsed), Duration.ZERO, 42, "200", true, ""));
				sent++;
				at += elapsed;
			}
		}
		samples.sort(Comparator.comparing(Sample::timestamp));
		return samples;
	}

	/**
	 * A copy of a results directory in which one target's samples, in every trial and
	 * load, went through {@code change}.
	 */
	public static Path copy(Path from, Path to, String target, UnaryOperator<List<Sample>> change) {
		try (Stream<Path> files = Files.walk(from)) {
			for (Path file : files.toList()) {
				Path copy = to.resolve(from.relativize(file).toString());
				if (Files.isDirectory(file)) {
					Files.createDirectories(copy);
				}
				else if (file.getFileName().toString().equals("samples.csv")
						&& file.getParent().getParent().getFileName().toString().equals(target)) {
					writeSamples(copy, change.apply(SamplesCsv.read(file)));
				}
				else {
					Files.copy(file, copy);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return to;
	}

	/**
	 * Every sample of the step (or of every step, for null) takes {@code millis} longer.
	 */
	public static UnaryOperator<List<Sample>> slower(long millis, String label) {
		return (samples) -> samples.stream()
			.map((sample) -> (label != null && !sample.label().equals(label)) ? sample
					: new Sample(sample.timestamp(), sample.label(), sample.elapsed().plusMillis(millis),
							sample.latency().plusMillis(millis), sample.connect(), sample.bytes(), sample.status(),
							sample.success(), sample.errorCause()))
			.toList();
	}

	/**
	 * One sample in {@code every} is gone, as if the app had answered fewer requests in
	 * the same time.
	 */
	static UnaryOperator<List<Sample>> fewer(int every) {
		return (samples) -> {
			List<Sample> kept = new ArrayList<>();
			for (int i = 0; i < samples.size(); i++) {
				if (i % every != 0) {
					kept.add(samples.get(i));
				}
			}
			return kept;
		};
	}

	/** One sample in {@code every} failed with a timeout. */
	static UnaryOperator<List<Sample>> failing(int every) {
		return (samples) -> {
			List<Sample> changed = new ArrayList<>();
			for (int i = 0; i < samples.size(); i++) {
				Sample sample = samples.get(i);
				changed.add((i % every != 0) ? sample : new Sample(sample.timestamp(), sample.label(), sample.elapsed(),
						sample.latency(), sample.connect(), 0, "", false, "timeout"));
			}
			return changed;
		};
	}

	private static void writeSamples(Path file, List<Sample> samples) {
		try (SamplesCsv csv = SamplesCsv.create(file)) {
			samples.forEach(csv::write);
		}
	}

}

package dev.fluxbench.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.results.SamplesCsv;

/**
 * A results directory read back: run.json for the setup, and every load found on disk.
 * Loads are found from the tree rather than from run.json, because a run killed during a
 * load has its samples on disk before run.json mentions them.
 *
 * @param directory where the files are
 * @param run what run.json says
 * @param loads every load with at least one sample, by trial, then stack in run order,
 * then load
 */
public record RunResults(Path directory, RunRecord run, List<LoadResult> loads) {

	private static final Pattern TRIAL = Pattern.compile("trial-(\\d+)");

	private static final Pattern LOAD = Pattern.compile("load-(\\d+)");

	/**
	 * Reads the results the harness wrote into a directory.
	 * @throws NotResultsException when the directory is not one the harness wrote
	 */
	public static RunResults read(Path directory) {
		if (!Files.isDirectory(directory)) {
			throw new NotResultsException("'" + directory + "' is not a directory");
		}
		if (!ResultsDirectory.isResultsDirectory(directory)) {
			throw new NotResultsException(
					"'" + directory + "' is not a results directory: it has no " + ResultsDirectory.RUN_JSON);
		}
		RunRecord run = new RunRecord(runJson(directory));
		ResultsDirectory files = new ResultsDirectory(directory);
		List<LoadResult> loads = new ArrayList<>();
		for (int trial : numbered(directory, TRIAL)) {
			for (String stack : stacksOnDisk(files.stackDirectory(trial, "x").getParent(), run.stacks())) {
				for (int load : numbered(files.stackDirectory(trial, stack), LOAD)) {
					LoadKey key = new LoadKey(run.scenario(), load, stack, trial);
					LoadResult result = LoadResult.of(key, run.isFinished(trial, stack, load),
							samples(files.samplesCsv(key)), Scrape.read(files.metricsCsv(key)), run.rampUp(load),
							run.isOpenModel(), run.littlesLawLimit(load),
							run.loadRun(trial, stack, load).flatMap(RunJson.LoadRun::journeys),
							run.maxCompileShare(trial, stack));
					if (result != null) {
						loads.add(result);
					}
				}
			}
		}
		return new RunResults(directory, run, List.copyOf(sharingTheGenerator(run, loads)));
	}

	/**
	 * In a mixed run, one generator served every target's share of a load at once: its
	 * CPU per request is over all of them.
	 */
	private static List<LoadResult> sharingTheGenerator(RunRecord run, List<LoadResult> loads) {
		if (run.json().mixed().isEmpty()) {
			return loads;
		}
		Map<String, Long> requests = new HashMap<>();
		loads.forEach((load) -> requests.merge(load.key().trial() + "/" + load.key().load(), load.all().samples(),
				Long::sum));
		return loads.stream()
			.map((load) -> load.sharingTheGenerator(requests.get(load.key().trial() + "/" + load.key().load())))
			.toList();
	}

	/** The stacks measured, in the order the run named them. */
	public List<String> stacks() {
		Set<String> present = new LinkedHashSet<>();
		this.loads.forEach((load) -> present.add(load.key().stack()));
		List<String> ordered = new ArrayList<>(this.run.stacks().stream().filter(present::contains).toList());
		present.stream().filter((stack) -> !ordered.contains(stack)).forEach(ordered::add);
		return ordered;
	}

	/** The load levels measured, in increasing order. */
	public List<Integer> loadLevels() {
		return this.loads.stream().map((load) -> load.key().load()).distinct().sorted().toList();
	}

	/**
	 * The step labels, in journey order: what the verdicts compare one by one. A run
	 * recorded without its requests falls back to the labels found in the summaries.
	 */
	public List<String> labels() {
		List<String> labels = new ArrayList<>(this.run.requests().stream().map(RunJson.Request::label).toList());
		if (labels.isEmpty()) {
			this.loads.stream()
				.flatMap((load) -> load.summaries().stream())
				.map(dev.fluxbench.harness.results.Summary::label)
				.filter((label) -> !label.equals(dev.fluxbench.harness.results.Summary.ALL))
				.distinct()
				.forEach(labels::add);
		}
		return labels.isEmpty() ? List.of(dev.fluxbench.harness.results.Summary.ALL) : List.copyOf(labels);
	}

	public int trials() {
		return this.loads.stream().mapToInt((load) -> load.key().trial()).max().orElse(0);
	}

	/** A stack's results at one load, one per trial, in trial order. */
	public List<LoadResult> at(int load, String stack) {
		return this.loads.stream()
			.filter((result) -> result.key().load() == load && result.key().stack().equals(stack))
			.sorted(Comparator.comparingInt((LoadResult result) -> result.key().trial()))
			.toList();
	}

	/** Whether some load ran but did not finish. */
	public boolean hasUnfinishedLoads() {
		return this.loads.stream().anyMatch((load) -> !load.finished());
	}

	private static RunJson runJson(Path directory) {
		try {
			return RunJson.read(directory.resolve(ResultsDirectory.RUN_JSON));
		}
		catch (IllegalArgumentException ex) {
			throw new NotResultsException(ex.getMessage());
		}
	}

	/** A load's samples; none when it left no file. */
	static List<dev.fluxbench.harness.results.Sample> samples(Path file) {
		if (!Files.isRegularFile(file)) {
			return List.of();
		}
		return SamplesCsv.read(file);
	}

	private static List<Integer> numbered(Path directory, Pattern pattern) {
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (Stream<Path> children = Files.list(directory)) {
			return children.map((child) -> pattern.matcher(child.getFileName().toString()))
				.filter(Matcher::matches)
				.map((matcher) -> Integer.parseInt(matcher.group(1)))
				.sorted()
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not list " + directory, ex);
		}
	}

	private static List<String> stacksOnDisk(Path trialDirectory, List<String> runOrder) {
		try (Stream<Path> children = Files.list(trialDirectory)) {
			List<String> found = children.filter(Files::isDirectory)
				.map((child) -> child.getFileName().toString())
				.toList();
			List<String> ordered = new ArrayList<>(runOrder.stream().filter(found::contains).toList());
			found.stream().filter((stack) -> !ordered.contains(stack)).sorted().forEach(ordered::add);
			return ordered;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not list " + trialDirectory, ex);
		}
	}

	/**
	 * The directory is not a results directory: the report refuses it with exit code 2.
	 */
	public static final class NotResultsException extends RuntimeException {

		NotResultsException(String message) {
			super(message);
		}

	}

}

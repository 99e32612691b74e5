package dev.fluxbench.harness.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where each result file goes; docs/results-layout.md describes the same tree for the
 * report.
 *
 * <pre>
 * run.json                               the run's setup and state
 * summary.csv                            one line per label per finished load
 * downstream.log
 * trial-T/STACK/info.json                the stack's /actuator/info
 * trial-T/STACK/app.log
 * trial-T/STACK/load-N/samples.csv       every sample
 * trial-T/STACK/load-N/metrics.csv       one scrape per second
 * trial-T/STACK/load-N/faults.json       the downstream's fault schedule and when it started, with faults
 * </pre>
 */
public record ResultsDirectory(Path root) {

	public static final String RUN_JSON = "run.json";

	public static final String SUMMARY_CSV = "summary.csv";

	public Path runJson() {
		return this.root.resolve(RUN_JSON);
	}

	public Path summaryCsv() {
		return this.root.resolve(SUMMARY_CSV);
	}

	public Path downstreamLog() {
		return this.root.resolve("downstream.log");
	}

	public Path directoryLog() {
		return this.root.resolve("ldap.log");
	}

	public Path stackDirectory(int trial, String stack) {
		return this.root.resolve("trial-" + trial).resolve(stack);
	}

	public Path loadDirectory(LoadKey key) {
		return stackDirectory(key.trial(), key.stack()).resolve("load-" + key.load());
	}

	public Path samplesCsv(LoadKey key) {
		return loadDirectory(key).resolve("samples.csv");
	}

	public Path metricsCsv(LoadKey key) {
		return loadDirectory(key).resolve("metrics.csv");
	}

	public Path faultsJson(LoadKey key) {
		return loadDirectory(key).resolve("faults.json");
	}

	/** Whether a directory holds a run's results: the report's only precondition. */
	public static boolean isResultsDirectory(Path directory) {
		return Files.isRegularFile(directory.resolve(RUN_JSON));
	}

	/**
	 * Replaces a file as a whole, through a rename, so that a kill mid-write leaves the
	 * old version rather than half of the new one.
	 */
	public static void writeAtomically(Path file, String content) {
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
			Files.writeString(temporary, content, StandardCharsets.UTF_8);
			Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + file, ex);
		}
	}

}

package dev.fluxbench.harness.knee;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.fluxbench.harness.results.ResultJson;
import dev.fluxbench.harness.results.ResultsDirectory;

/**
 * {@code knee.json}: what a knee search was asked, every step it ran, and what it found
 * per target (docs/knee.md). Rewritten whole after every step, so that a search that dies
 * leaves every finished step. Written and read through this record with the Jackson
 * set-up of every other result file: durations are ISO-8601, latencies milliseconds,
 * rates per second.
 *
 * @param formatVersion {@link #FORMAT_VERSION} when written
 * @param fluxbench the harness version
 * @param commandLine the arguments as given
 * @param status how far the search got
 * @param failure with {@link Status#FAILED}, why, in one line
 * @param started when the search started
 * @param ended when it ended; empty while it runs
 * @param scenario the scenario's name
 * @param source where the scenario was read from
 * @param requestsPerJourney requests in one journey, repeats counted
 * @param settings how the knee was searched for
 * @param targets target ids, in the first trial's order
 * @param steps every step of every search, in the order they ran
 * @param results per target, what its searches found
 */
public record KneeJson(int formatVersion, String fluxbench, List<String> commandLine, Status status,
		Optional<String> failure, Optional<Instant> started, Optional<Instant> ended, String scenario, String source,
		int requestsPerJourney, Settings settings, List<String> targets, List<StepEntry> steps,
		List<TargetResult> results) {

	public static final int FORMAT_VERSION = 1;

	public static final String FILE = "knee.json";

	/** Rates in knee.json count journeys started per second. */
	public static final String RATE_UNIT = "journeys/s";

	public KneeJson {
		fluxbench = ResultJson.text(fluxbench);
		commandLine = ResultJson.list(commandLine);
		status = (status != null) ? status : Status.UNKNOWN;
		failure = ResultJson.optional(failure);
		started = ResultJson.optional(started);
		ended = ResultJson.optional(ended);
		scenario = ResultJson.text(scenario);
		source = ResultJson.text(source);
		targets = ResultJson.list(targets);
		steps = ResultJson.list(steps);
		results = ResultJson.list(results);
	}

	/**
	 * Reads a knee.json, leniently: missing keys come back empty.
	 * @throws IllegalArgumentException in one line, when the file is not JSON or holds no
	 * object
	 */
	public static KneeJson read(Path file) {
		return ResultJson.read(file, KneeJson.class, FILE);
	}

	/** Replaces the file whole, so that a kill mid-write leaves the previous version. */
	public void write(Path file) {
		ResultsDirectory.writeAtomically(file, ResultJson.write(this));
	}

	/** Whether every target got a knee in every trial: exit code 0. */
	public boolean everyTargetHasAKnee() {
		return this.status == Status.FINISHED && !this.results.isEmpty()
				&& this.results.stream()
					.allMatch((result) -> !result.trials().isEmpty() && result.trials()
						.stream()
						.allMatch((trial) -> trial.ending() == Ending.KNEE || trial.ending() == Ending.MET_AT_MAX));
	}

	/** How far the search got. */
	public enum Status {

		RUNNING, FINISHED, FAILED, INTERRUPTED,

		@JsonEnumDefaultValue
		UNKNOWN;

		@JsonValue
		public String word() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	/** How one trial's search ended. */
	public enum Ending {

		/** The knee is between two steps within the precision. */
		KNEE,

		/** The start rate did not meet the SLO. */
		NOT_MET_AT_START,

		/** The maximum rate met the SLO: the knee is at least that. */
		MET_AT_MAX,

		/** A step could not run. */
		FAILED,

		@JsonEnumDefaultValue
		UNKNOWN;

		@JsonValue
		public String word() {
			return name().toLowerCase(Locale.ROOT).replace('_', '-');
		}

	}

	/**
	 * How the knee was searched for, after {@code --scale}.
	 *
	 * @param slo the limits, as {@code --slo} takes them
	 * @param startRate the first rate
	 * @param maxRate the highest rate tried
	 * @param growth the climb's factor
	 * @param precision the relative gap at which the bisection stops
	 * @param margin how near a limit sends a step to be run again
	 * @param repeats runs in all of a step near a limit
	 * @param shortfall how far the achieved rate may fall below the asked one
	 * @param stepRamp each step's ramp, not measured
	 * @param stepHold each step's hold, measured
	 * @param warmup each target's warm-up before its first step, not measured
	 * @param maxThreads the generator threads a step may use
	 * @param trials searches per target
	 * @param scale the factor ramps, holds and the warm-up were multiplied by
	 * @param rateUnit what a rate counts: {@link #RATE_UNIT}
	 */
	public record Settings(String slo, int startRate, int maxRate, double growth, double precision, double margin,
			int repeats, double shortfall, Duration stepRamp, Duration stepHold, Duration warmup, int maxThreads,
			int trials, double scale, String rateUnit) {

		public Settings {
			slo = ResultJson.text(slo);
			rateUnit = ResultJson.text(rateUnit);
		}

	}

	/**
	 * One step of one search.
	 *
	 * @param target the target's id
	 * @param trial from 1
	 * @param step from 1, in the order this search ran them
	 * @param rateAsked journeys started per second
	 * @param met the step's verdict: its run's, or its runs' by majority
	 * @param runs one, or more when the first was near a limit
	 */
	public record StepEntry(String target, int trial, int step, int rateAsked, boolean met, List<RunEntry> runs) {

		public StepEntry {
			target = ResultJson.text(target);
			runs = ResultJson.list(runs);
		}

	}

	/**
	 * One run of a step, over its hold.
	 *
	 * @param run from 1
	 * @param rateAchieved journeys started per second
	 * @param requestRate requests started per second
	 * @param throughput successful requests ended per second
	 * @param requests requests started
	 * @param errors how many of them failed
	 * @param errorPercent errors per hundred requests
	 * @param meanMs mean elapsed time in milliseconds
	 * @param p50Ms median
	 * @param p90Ms 90th percentile
	 * @param p95Ms 95th percentile
	 * @param p99Ms 99th percentile
	 * @param p999Ms 99.9th percentile
	 * @param concurrency requests in flight on average, by Little's law
	 * @param met whether it kept every limit and reached its rate
	 * @param near whether a figure was within the margin of its limit
	 * @param why the limits it broke and any shortfall of its rate
	 * @param directory its samples.csv and metrics.csv, relative to the results directory
	 * @param jitShare the share of the app's CPU its JIT took during the run; empty when
	 * not known
	 * @param steady whether that share was within the run's {@code --steady-jit}: a
	 * step's verdict leaves out runs that were not, unless none was
	 */
	public record RunEntry(int run, double rateAchieved, double requestRate, double throughput, long requests,
			long errors, double errorPercent, double meanMs, double p50Ms, double p90Ms, double p95Ms, double p99Ms,
			double p999Ms, double concurrency, boolean met, boolean near, List<String> why, String directory,
			Optional<Double> jitShare, boolean steady) {

		public RunEntry {
			why = ResultJson.list(why);
			directory = ResultJson.text(directory);
			jitShare = ResultJson.optional(jitShare);
		}

	}

	/**
	 * What one target's searches found.
	 *
	 * @param target the target's id
	 * @param trials one per search
	 * @param knee the mean knee over the trials that found one, with its interval
	 * @param summary one line, as the console and the reports say it
	 * @param usl the Universal Scalability Law fitted to every run of every trial
	 */
	public record TargetResult(String target, List<TrialEntry> trials, Optional<KneeEntry> knee, String summary,
			UslEntry usl) {

		public TargetResult {
			target = ResultJson.text(target);
			trials = ResultJson.list(trials);
			knee = ResultJson.optional(knee);
			summary = ResultJson.text(summary);
			usl = (usl != null) ? usl : new UslEntry(0, null, null, null, null, null, null, null);
		}

	}

	/**
	 * One search.
	 *
	 * @param trial from 1
	 * @param ending how it ended
	 * @param knee the highest rate that met the SLO; empty when none did
	 * @param above the lowest rate above the knee that did not; empty when none failed
	 * above it
	 * @param failure with {@link Ending#FAILED}, why
	 */
	public record TrialEntry(int trial, Ending ending, Optional<Integer> knee, Optional<Integer> above,
			Optional<String> failure) {

		public TrialEntry {
			ending = (ending != null) ? ending : Ending.UNKNOWN;
			knee = ResultJson.optional(knee);
			above = ResultJson.optional(above);
			failure = ResultJson.optional(failure);
		}

	}

	/**
	 * A target's knee over trials.
	 *
	 * @param mean the mean of the trials' knees
	 * @param low the 95% interval's lower end; empty with one trial
	 * @param high its upper end
	 * @param trials how many knees the mean is over
	 * @param atLeast whether some trial met the SLO even at the maximum rate, so that the
	 * knee is a lower bound
	 */
	public record KneeEntry(double mean, Optional<Double> low, Optional<Double> high, int trials, boolean atLeast) {

		public KneeEntry {
			low = ResultJson.optional(low);
			high = ResultJson.optional(high);
		}

	}

	/**
	 * The Universal Scalability Law fitted to a target's runs; the figures are empty when
	 * there is no fit.
	 *
	 * @param points how many (concurrency, throughput) points there were
	 * @param lambda λ, requests per second per request in flight at low load
	 * @param sigma σ, contention
	 * @param kappa κ, coherency
	 * @param peakConcurrency N*, where throughput peaks; empty when it has no peak
	 * @param peakThroughput X(N*), or the ceiling λ/σ when there is no peak
	 * @param rSquared the fit's R²
	 * @param note why there is no fit or no peak; empty otherwise
	 */
	public record UslEntry(int points, Optional<Double> lambda, Optional<Double> sigma, Optional<Double> kappa,
			Optional<Double> peakConcurrency, Optional<Double> peakThroughput, Optional<Double> rSquared,
			Optional<String> note) {

		public UslEntry {
			lambda = ResultJson.optional(lambda);
			sigma = ResultJson.optional(sigma);
			kappa = ResultJson.optional(kappa);
			peakConcurrency = ResultJson.optional(peakConcurrency);
			peakThroughput = ResultJson.optional(peakThroughput);
			rSquared = ResultJson.optional(rSquared);
			note = ResultJson.optional(note);
		}

	}

}

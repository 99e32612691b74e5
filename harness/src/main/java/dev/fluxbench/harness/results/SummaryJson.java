package dev.fluxbench.harness.results;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.contract.fault.FaultPhase;

/**
 * {@code summary.json}: the report's figures and verdicts for tools, in milliseconds and
 * requests/s, rounded to three decimals. The report writes it; tools, and the tests, read
 * it back through this record. A figure that could not be computed (no metrics, say) is
 * null: JSON has no NaN.
 *
 * @param formatVersion {@link #FORMAT_VERSION} when written; 0 in files from before it
 * existed
 * @param scenario the scenario's name
 * @param status run.json's status: {@code finished}, {@code failed}, {@code interrupted},
 * {@code running} (killed)
 * @param complete whether every load of every target ran to its end
 * @param loadUnit {@code users}, or {@code requests/s} in the open model
 * @param stacks the targets measured, in run order
 * @param trials the most trials any target ran
 * @param scale the factor users and durations were multiplied by
 * @param loads every load with samples, by trial, then target, then load
 * @param verdicts one per load, label and aspect
 * @param decision the report's first section, a line per load and label
 * @param summary the report's plain-language summary, a paragraph per entry
 * @param faults the downstream's fault profile and what the circuit breakers did under
 * it; empty when the run had neither
 */
public record SummaryJson(int formatVersion, String scenario, String status, boolean complete, String loadUnit,
		List<String> stacks, int trials, double scale, List<Load> loads, List<Verdict> verdicts, List<String> decision,
		List<String> summary, Optional<Faults> faults) {

	/** Raised when a key changes meaning. */
	public static final int FORMAT_VERSION = 1;

	public SummaryJson {
		scenario = ResultJson.text(scenario);
		status = ResultJson.text(status);
		loadUnit = ResultJson.text(loadUnit);
		stacks = ResultJson.list(stacks);
		loads = ResultJson.list(loads);
		verdicts = ResultJson.list(verdicts);
		decision = ResultJson.list(decision);
		summary = ResultJson.list(summary);
		faults = ResultJson.optional(faults);
	}

	/** A summary of a run without faults or circuit breakers. */
	public SummaryJson(int formatVersion, String scenario, String status, boolean complete, String loadUnit,
			List<String> stacks, int trials, double scale, List<Load> loads, List<Verdict> verdicts,
			List<String> decision, List<String> summary) {
		this(formatVersion, scenario, status, complete, loadUnit, stacks, trials, scale, loads, verdicts, decision,
				summary, Optional.empty());
	}

	/**
	 * Reads a summary.json, leniently as run.json is read.
	 * @throws IllegalArgumentException in one line, when the file is not JSON or holds no
	 * object
	 */
	public static SummaryJson read(Path file) {
		return ResultJson.read(file, SummaryJson.class, "summary.json");
	}

	/** Replaces the file whole. */
	public void write(Path file) {
		ResultsDirectory.writeAtomically(file, ResultJson.write(this));
	}

	/**
	 * One load of one target in one trial.
	 *
	 * @param finished whether run.json says it ran to its end; an unfinished one enters
	 * no verdict
	 * @param steady whether the app's JIT took no more than its set share of the app's
	 * CPU during the load; a load that is not steady enters no verdict either
	 * @param summaries the figures over all labels ({@code *}) first, then per label when
	 * there are several
	 * @param efficiency what the answers cost
	 * @param journeys how the users' journeys ended (run.json's count); empty when it has
	 * none
	 * @param passwordChecks what checking passwords cost the app; empty when it exposes
	 * no such metric
	 */
	public record Load(int load, String stack, int trial, boolean finished, boolean steady, List<Figures> summaries,
			Efficiency efficiency, Optional<Journeys> journeys, Optional<PasswordChecks> passwordChecks) {

		public Load {
			stack = ResultJson.text(stack);
			summaries = ResultJson.list(summaries);
			efficiency = (efficiency != null) ? efficiency
					: new Efficiency(null, null, null, null, null, null, null, null, null, null, null, null);
			journeys = ResultJson.optional(journeys);
			passwordChecks = ResultJson.optional(passwordChecks);
		}

	}

	/**
	 * What checking passwords cost the app during one load.
	 *
	 * @param checks password checks made
	 * @param cpuSeconds the time they took: thread CPU, plus wall time where the JDK
	 * measured no CPU
	 * @param wallSeconds of {@code cpuSeconds}, the wall time
	 * @param upperBound whether some of it is wall time, which makes every figure here an
	 * upper bound
	 * @param cpuSecondsPerJourney per journey started; null when the journeys were not
	 * counted
	 * @param shareOfAppCpu as a fraction of the app's CPU over the load; null when that
	 * is unknown
	 */
	public record PasswordChecks(double checks, double cpuSeconds, double wallSeconds, boolean upperBound,
			Optional<Double> cpuSecondsPerJourney, Optional<Double> shareOfAppCpu) {

		public PasswordChecks {
			cpuSecondsPerJourney = ResultJson.optional(cpuSecondsPerJourney);
			shareOfAppCpu = ResultJson.optional(shareOfAppCpu);
		}

	}

	/** One label's figures at one load, as a line of summary.csv holds them. */
	public record Figures(String label, long samples, long errors, Map<String, Long> errorsByCause, double minMs,
			double meanMs, double maxMs, double stdDevMs, double p50Ms, double p90Ms, double p95Ms, double p99Ms,
			double p999Ms, double throughputRps) {

		public Figures {
			label = ResultJson.text(label);
			errorsByCause = ResultJson.map(errorsByCause);
		}

	}

	/**
	 * What the answers of one load cost; empty where the target had no metrics.
	 *
	 * @param appCpuSecondsPer1000 the app's CPU-seconds per 1000 requests
	 * @param generatorCpuSecondsPer1000 the load generator's CPU-seconds per 1000
	 * requests
	 * @param jitShare the share of the app's CPU time its JIT compiler used, 0 to 1
	 * @param plateauThroughputRps requests/s once every user had started and none had
	 * finished
	 * @param littlesLawLimitRps the most requests/s the clients could ask for
	 * @param ofLittlesLawLimit the plateau throughput as a share of that limit
	 * @param unknown why each figure above that is empty is not known, by its key: as
	 * {@code "gcPauses": "not scraped"}; empty in files of earlier harnesses
	 */
	public record Efficiency(Optional<Double> appCpuSecondsPer1000, Optional<Double> generatorCpuSecondsPer1000,
			Optional<Double> heapUsedMeanMb, Optional<Double> heapUsedMaxMb, Optional<Double> rssMaxMb,
			Optional<Double> gcPauses, Optional<Double> gcPauseMs, Optional<Double> jitShare,
			Optional<Double> plateauThroughputRps, Optional<Double> littlesLawLimitRps,
			Optional<Double> ofLittlesLawLimit, Map<String, String> unknown) {

		public Efficiency {
			appCpuSecondsPer1000 = ResultJson.optional(appCpuSecondsPer1000);
			generatorCpuSecondsPer1000 = ResultJson.optional(generatorCpuSecondsPer1000);
			heapUsedMeanMb = ResultJson.optional(heapUsedMeanMb);
			heapUsedMaxMb = ResultJson.optional(heapUsedMaxMb);
			rssMaxMb = ResultJson.optional(rssMaxMb);
			gcPauses = ResultJson.optional(gcPauses);
			gcPauseMs = ResultJson.optional(gcPauseMs);
			jitShare = ResultJson.optional(jitShare);
			plateauThroughputRps = ResultJson.optional(plateauThroughputRps);
			littlesLawLimitRps = ResultJson.optional(littlesLawLimitRps);
			ofLittlesLawLimit = ResultJson.optional(ofLittlesLawLimit);
			unknown = ResultJson.map(unknown);
		}

	}

	/**
	 * Which target did better on one aspect at one load.
	 *
	 * @param label the step label, or {@code *} for what belongs to the whole load (CPU,
	 * heap)
	 * @param aspect what was compared, as {@code p99}
	 * @param unit the unit of the figures
	 * @param outcome {@code better}, {@code no_significant_difference},
	 * {@code indicative}, {@code equal} or {@code no_data}
	 * @param best the target with the best median
	 * @param tiedWith the targets whose intervals overlap the best one's
	 * @param estimates each target's figures, in run order
	 * @param sentence the verdict in words, as the report prints it
	 */
	public record Verdict(int load, String label, String aspect, String unit, String outcome, Optional<String> best,
			List<String> tiedWith, Map<String, Estimate> estimates, String sentence) {

		public Verdict {
			label = ResultJson.text(label);
			aspect = ResultJson.text(aspect);
			unit = ResultJson.text(unit);
			outcome = ResultJson.text(outcome);
			best = ResultJson.optional(best);
			tiedWith = ResultJson.list(tiedWith);
			estimates = ResultJson.map(estimates);
			sentence = ResultJson.text(sentence);
		}

	}

	/**
	 * A target's figure over its finished trials.
	 *
	 * @param values one per trial, null where a trial had no figure
	 * @param median their median
	 * @param ci95 the bootstrap 95% confidence interval of the median, low then high
	 */
	public record Estimate(List<Double> values, Optional<Double> median, List<Double> ci95) {

		public Estimate {
			values = ResultJson.listWithGaps(values);
			median = ResultJson.optional(median);
			ci95 = ResultJson.listWithGaps(ci95);
		}

	}

	/**
	 * Faults and circuit breakers (docs/faults.md).
	 *
	 * @param phases the downstream's fault profile, in order
	 * @param findings what a reader must not miss: a breaker that never opened in a
	 * failing phase, or never closed after the last, one sentence each
	 * @param breakers what each breaker did, per load, target and trial
	 */
	public record Faults(List<FaultPhase> phases, List<String> findings, List<BreakerLoad> breakers) {

		public Faults {
			phases = FaultsJson.phases(phases);
			findings = ResultJson.list(findings);
			breakers = ResultJson.list(breakers);
		}

	}

	/**
	 * One circuit breaker under one load's faults.
	 *
	 * @param phases each failing phase of the schedule, in order
	 * @param recovery after the last failing phase the load reached; empty when the
	 * breaker never opened, or no failing phase was reached
	 */
	public record BreakerLoad(int load, String stack, int trial, String breaker, List<BreakerPhase> phases,
			Optional<BreakerRecovery> recovery) {

		public BreakerLoad {
			stack = ResultJson.text(stack);
			breaker = ResultJson.text(breaker);
			phases = ResultJson.list(phases);
			recovery = ResultJson.optional(recovery);
		}

	}

	/**
	 * What a breaker did in one failing phase.
	 *
	 * @param phase the phase's number, from 1
	 * @param fromSeconds when it began, from the moment the schedule started
	 * @param toSeconds when it ended
	 * @param outcome {@code opened}, {@code already_open}, {@code never_opened},
	 * {@code not_observed} or {@code not_reached}
	 * @param afterSeconds with {@code opened}, how long after the phase began
	 * @param sentence the finding in words, as the report prints it
	 */
	public record BreakerPhase(int phase, double fromSeconds, double toSeconds, String outcome,
			Optional<Double> afterSeconds, String sentence) {

		public BreakerPhase {
			outcome = ResultJson.text(outcome);
			afterSeconds = ResultJson.optional(afterSeconds);
			sentence = ResultJson.text(sentence);
		}

	}

	/**
	 * What a breaker did after the last failing phase.
	 *
	 * @param afterPhase that phase's number
	 * @param outcome {@code closed}, {@code never_closed} or {@code not_observed}
	 * @param afterSeconds with {@code closed}, when it closed for good from the end of
	 * that phase (negative: before); with {@code never_closed}, how long the load went on
	 * @param sentence the finding in words
	 */
	public record BreakerRecovery(int afterPhase, String outcome, Optional<Double> afterSeconds, String sentence) {

		public BreakerRecovery {
			outcome = ResultJson.text(outcome);
			afterSeconds = ResultJson.optional(afterSeconds);
			sentence = ResultJson.text(sentence);
		}

	}

}

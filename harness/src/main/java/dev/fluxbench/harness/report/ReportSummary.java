package dev.fluxbench.harness.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.results.Summary;
import dev.fluxbench.harness.results.SummaryJson;

/**
 * The report as summary.json holds it: figures in milliseconds and requests/s, three
 * decimals.
 */
final class ReportSummary {

	private ReportSummary() {
	}

	static SummaryJson of(Report report) {
		RunResults results = report.results();
		return new SummaryJson(SummaryJson.FORMAT_VERSION, results.run().scenario(), results.run().status(),
				results.run().isComplete() && !results.hasUnfinishedLoads(), results.run().loadUnit(), results.stacks(),
				results.trials(), results.run().scale(), results.loads().stream().map(ReportSummary::load).toList(),
				report.verdicts().stream().map(ReportSummary::verdict).toList(), report.decision(), report.narrative(),
				report.faults().present() ? Optional.of(faults(report.faults())) : Optional.empty());
	}

	private static SummaryJson.Faults faults(FaultReport faults) {
		List<SummaryJson.BreakerLoad> breakers = new ArrayList<>();
		for (FaultReport.LoadFaults load : faults.loads()) {
			for (BreakerFindings breaker : load.findings()) {
				breakers.add(new SummaryJson.BreakerLoad(load.load().key().load(), load.load().key().stack(),
						load.load().key().trial(), breaker.breaker(),
						breaker.phases().stream().map(ReportSummary::breakerPhase).toList(),
						breaker.recovery().map(ReportSummary::recovery)));
			}
		}
		return new SummaryJson.Faults(faults.phases(), faults.findings(), breakers);
	}

	private static SummaryJson.BreakerPhase breakerPhase(BreakerFindings.PhaseOutcome phase) {
		return new SummaryJson.BreakerPhase(phase.window().phase(), seconds(phase.window().from()),
				seconds(phase.window().to()), phase.opening().name().toLowerCase(Locale.ROOT),
				phase.after().map(ReportSummary::seconds), phase.sentence());
	}

	private static SummaryJson.BreakerRecovery recovery(BreakerFindings.Recovery recovery) {
		return new SummaryJson.BreakerRecovery(recovery.lastFailing().phase(),
				recovery.closing().name().toLowerCase(Locale.ROOT), recovery.after().map(ReportSummary::seconds),
				recovery.sentence());
	}

	private static double seconds(Duration duration) {
		return round(duration.toMillis() / 1000.0);
	}

	private static SummaryJson.Load load(LoadResult load) {
		LoadResult.Efficiency efficiency = load.efficiency();
		return new SummaryJson.Load(load.key().load(), load.key().stack(), load.key().trial(), load.finished(),
				load.steady(), load.summaries().stream().map(ReportSummary::figures).toList(),
				new SummaryJson.Efficiency(figure(efficiency.appCpuPer1000()), figure(efficiency.generatorCpuPer1000()),
						figure(efficiency.heapUsedMeanMb()), figure(efficiency.heapUsedMaxMb()),
						figure(efficiency.rssMaxMb()), figure(efficiency.gcPauses()),
						figure(efficiency.gcPauseMillis()), figure(efficiency.jitShare()),
						figure(load.plateauThroughput()), efficiency.littlesLawLimit().flatMap(ReportSummary::figure),
						load.ofLittlesLawLimit().flatMap(ReportSummary::figure), unknown(efficiency)),
				load.journeys(), load.passwordChecks().map((checks) -> passwordChecks(checks, load)));
	}

	private static Optional<Double> figure(Figure figure) {
		return figure(figure.orElse(Double.NaN));
	}

	/** Why each figure that is null is not known, under its key in summary.json. */
	private static Map<String, String> unknown(LoadResult.Efficiency efficiency) {
		Map<String, Figure> figures = new LinkedHashMap<>();
		figures.put("appCpuSecondsPer1000", efficiency.appCpuPer1000());
		figures.put("generatorCpuSecondsPer1000", efficiency.generatorCpuPer1000());
		figures.put("heapUsedMeanMb", efficiency.heapUsedMeanMb());
		figures.put("heapUsedMaxMb", efficiency.heapUsedMaxMb());
		figures.put("rssMaxMb", efficiency.rssMaxMb());
		figures.put("gcPauses", efficiency.gcPauses());
		figures.put("gcPauseMs", efficiency.gcPauseMillis());
		figures.put("jitShare", efficiency.jitShare());
		Map<String, String> unknown = new LinkedHashMap<>();
		figures.forEach((key, figure) -> {
			if (!figure.known()) {
				unknown.put(key, figure.unknownBecause());
			}
		});
		return unknown;
	}

	private static SummaryJson.PasswordChecks passwordChecks(LoadResult.PasswordChecks checks, LoadResult load) {
		return new SummaryJson.PasswordChecks(round(checks.checks()), round(checks.seconds()),
				round(checks.wallSeconds()), checks.upperBound(), figure(checks.secondsPerJourney(load.journeys())),
				figure(checks.shareOfAppCpu()));
	}

	private static SummaryJson.Figures figures(Summary summary) {
		return new SummaryJson.Figures(summary.label(), summary.samples(), summary.errors(), summary.errorsByCause(),
				ms(summary.min()), ms(summary.mean()), ms(summary.max()), ms(summary.stdDev()), ms(summary.p50()),
				ms(summary.p90()), ms(summary.p95()), ms(summary.p99()), ms(summary.p999()),
				round(summary.throughput()));
	}

	private static SummaryJson.Verdict verdict(Verdict verdict) {
		Map<String, SummaryJson.Estimate> estimates = new LinkedHashMap<>();
		verdict.estimates()
			.forEach((stack, estimate) -> estimates.put(stack,
					new SummaryJson.Estimate(estimate.values().stream().map(ReportSummary::orNull).toList(),
							figure(estimate.median()),
							List.of(estimate.interval().low(), estimate.interval().high())
								.stream()
								.map(ReportSummary::orNull)
								.toList())));
		return new SummaryJson.Verdict(verdict.load(), verdict.label(),
				verdict.aspect().name().toLowerCase(Locale.ROOT), verdict.aspect().unit(),
				verdict.outcome().name().toLowerCase(Locale.ROOT), verdict.best(), verdict.tiedWith(), estimates,
				verdict.sentence());
	}

	private static double ms(Duration duration) {
		return round(duration.toNanos() / 1e6);
	}

	private static double round(double value) {
		return Math.round(value * 1000) / 1000.0;
	}

	/** Three decimals; JSON has no NaN, so a missing figure is empty, written as null. */
	static Optional<Double> figure(double value) {
		return (Double.isNaN(value) || Double.isInfinite(value)) ? Optional.empty() : Optional.of(round(value));
	}

	/** A figure in a list, where a gap is null in place. */
	private static Double orNull(double value) {
		return figure(value).orElse(null);
	}

}

package dev.fluxbench.harness.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.harness.results.Json;
import dev.fluxbench.harness.results.Summary;

/** summary.json: the report's figures and verdicts for tools, in milliseconds and requests/s. */
final class SummaryJson {

	private SummaryJson() {
	}

	static String render(Report report) {
		RunResults results = report.results();
		Map<String, Object> root = new LinkedHashMap<>();
		root.put("scenario", results.run().scenario());
		root.put("status", results.run().status());
		root.put("complete", results.run().isComplete() && !results.hasUnfinishedLoads());
		root.put("loadUnit", results.run().loadUnit());
		root.put("stacks", results.stacks());
		root.put("trials", results.trials());
		root.put("scale", results.run().scale());
		List<Object> loads = new ArrayList<>();
		for (LoadResult load : results.loads()) {
			loads.add(load(load));
		}
		root.put("loads", loads);
		List<Object> verdicts = new ArrayList<>();
		for (Verdict verdict : report.verdicts()) {
			verdicts.add(verdict(verdict));
		}
		root.put("verdicts", verdicts);
		root.put("decision", report.decision());
		root.put("summary", report.narrative());
		return Json.write(root);
	}

	private static Map<String, Object> load(LoadResult load) {
		Map<String, Object> out = new LinkedHashMap<>();
		out.put("load", load.key().load());
		out.put("stack", load.key().stack());
		out.put("trial", load.key().trial());
		out.put("finished", load.finished());
		List<Object> summaries = new ArrayList<>();
		for (Summary summary : load.summaries()) {
			Map<String, Object> s = new LinkedHashMap<>();
			s.put("label", summary.label());
			s.put("samples", summary.samples());
			s.put("errors", summary.errors());
			s.put("errorsByCause", summary.errorsByCause());
			s.put("minMs", ms(summary.min()));
			s.put("meanMs", ms(summary.mean()));
			s.put("maxMs", ms(summary.max()));
			s.put("stdDevMs", ms(summary.stdDev()));
			s.put("p50Ms", ms(summary.p50()));
			s.put("p90Ms", ms(summary.p90()));
			s.put("p95Ms", ms(summary.p95()));
			s.put("p99Ms", ms(summary.p99()));
			s.put("p999Ms", ms(summary.p999()));
			s.put("throughputRps", round(summary.throughput()));
			summaries.add(s);
		}
		out.put("summaries", summaries);
		LoadResult.Efficiency efficiency = load.efficiency();
		Map<String, Object> e = new LinkedHashMap<>();
		e.put("appCpuSecondsPer1000", round(efficiency.appCpuPer1000()));
		e.put("generatorCpuSecondsPer1000", round(efficiency.generatorCpuPer1000()));
		e.put("heapUsedMeanMb", round(efficiency.heapUsedMeanMb()));
		e.put("heapUsedMaxMb", round(efficiency.heapUsedMaxMb()));
		e.put("rssMaxMb", round(efficiency.rssMaxMb()));
		e.put("gcPauses", round(efficiency.gcPauses()));
		e.put("gcPauseMs", round(efficiency.gcPauseMillis()));
		e.put("plateauThroughputRps", round(load.plateauThroughput()));
		e.put("littlesLawLimitRps", efficiency.littlesLawLimit().map(SummaryJson::round).orElse(null));
		e.put("ofLittlesLawLimit", load.ofLittlesLawLimit().map(SummaryJson::round).orElse(null));
		out.put("efficiency", e);
		return out;
	}

	private static Map<String, Object> verdict(Verdict verdict) {
		Map<String, Object> out = new LinkedHashMap<>();
		out.put("load", verdict.load());
		out.put("label", verdict.label());
		out.put("aspect", verdict.aspect().name().toLowerCase(java.util.Locale.ROOT));
		out.put("unit", verdict.aspect().unit());
		out.put("outcome", verdict.outcome().name().toLowerCase(java.util.Locale.ROOT));
		out.put("best", verdict.best().orElse(null));
		out.put("tiedWith", verdict.tiedWith());
		Map<String, Object> estimates = new LinkedHashMap<>();
		verdict.estimates().forEach((stack, estimate) -> {
			Map<String, Object> e = new LinkedHashMap<>();
			e.put("values", estimate.values().stream().map(SummaryJson::round).toList());
			e.put("median", round(estimate.median()));
			e.put("ci95", List.of(round(estimate.interval().low()), round(estimate.interval().high())));
			estimates.put(stack, e);
		});
		out.put("estimates", estimates);
		out.put("sentence", verdict.sentence());
		return out;
	}

	private static Object ms(Duration duration) {
		return round(duration.toNanos() / 1e6);
	}

	/** Three decimals; JSON has no NaN, so a missing figure is null. */
	static Object round(double value) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			return null;
		}
		return Math.round(value * 1000) / 1000.0;
	}

}

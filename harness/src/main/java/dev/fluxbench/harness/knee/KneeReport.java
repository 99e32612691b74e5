package dev.fluxbench.harness.knee;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.fluxbench.harness.knee.KneeJson.KneeEntry;
import dev.fluxbench.harness.knee.KneeJson.RunEntry;
import dev.fluxbench.harness.knee.KneeJson.StepEntry;
import dev.fluxbench.harness.knee.KneeJson.TargetResult;
import dev.fluxbench.harness.knee.KneeJson.UslEntry;
import dev.fluxbench.harness.results.ResultsDirectory;

/**
 * knee.md and knee.html, from knee.json alone: the knee per target with its interval, the
 * USL fit, and per target a table of its steps and a chart of throughput and p99 against
 * the asked rate with the knee marked. The HTML page is one file with inline SVG and the
 * run report's style sheet: it needs no script and nothing from the network.
 */
final class KneeReport {

	static final String HTML = "knee.html";

	static final String MARKDOWN = "knee.md";

	private static final String THROUGHPUT_COLOUR = "#3b6fb6";

	private static final String P99_COLOUR = "#d1563b";

	private static final String KNEE_COLOUR = "#2e9e6a";

	private KneeReport() {
	}

	static void write(Path results, KneeJson knee) {
		ResultsDirectory.writeAtomically(results.resolve(MARKDOWN), markdown(knee));
		ResultsDirectory.writeAtomically(results.resolve(HTML), html(knee));
	}

	static String title(KneeJson knee) {
		return "fluxbench knee: " + knee.scenario();
	}

	/** How the search ran, in two sentences. */
	static String method(KneeJson knee) {
		KneeJson.Settings s = knee.settings();
		String unit = KneeJson.RATE_UNIT;
		return String.format(Locale.ROOT,
				"SLO %s. Rates count journeys started per second (%d request%s each). Each search climbed from %d %s"
						+ " by x%s until a step missed the SLO or %d %s was met, then bisected until the last rate that met"
						+ " it and the first that did not were within %s%%. Each step ramped for %ss and was measured over"
						+ " a %ss hold; a step with a figure within %s%% of its limit ran %d times and met the SLO when most"
						+ " runs did; a run that achieved less than %s%% of its rate failed. Warm-up %ss, %d trial%s, at"
						+ " most %d generator threads, scale %s.",
				s.slo(), knee.requestsPerJourney(), (knee.requestsPerJourney() == 1) ? "" : "s", s.startRate(), unit,
				Slo.number(s.growth()), s.maxRate(), unit, Slo.number(s.precision() * 100), s.stepRamp().toSeconds(),
				s.stepHold().toSeconds(), Slo.number(s.margin() * 100), s.repeats(),
				Slo.number((1 - s.shortfall()) * 100), s.warmup().toSeconds(), s.trials(), (s.trials() == 1) ? "" : "s",
				s.maxThreads(), Slo.number(s.scale()));
	}

	static String usl(UslEntry usl) {
		if (usl.lambda().isEmpty()) {
			return "no fit: " + usl.note().orElse("no reason recorded");
		}
		String text = String.format(Locale.ROOT,
				"σ (contention) %s, κ (coherency) %s, λ %s req/s, R² %s over %d points",
				scientific(usl.sigma().orElseThrow()), scientific(usl.kappa().orElseThrow()),
				Slo.number(usl.lambda().orElseThrow()), Slo.number(usl.rSquared().orElseThrow()), usl.points());
		if (usl.peakConcurrency().isPresent()) {
			text += String.format(Locale.ROOT, "; throughput peaks at N* = %s in flight, %s req/s",
					Slo.number(usl.peakConcurrency().get()), Slo.number(usl.peakThroughput().orElseThrow()));
		}
		return text + usl.note().map((note) -> "; " + note).orElse("");
	}

	static String markdown(KneeJson knee) {
		StringBuilder md = new StringBuilder();
		md.append("# ").append(title(knee)).append("\n\n");
		md.append("Status: ")
			.append(knee.status().word())
			.append(knee.failure().map((failure) -> " (" + failure + ")").orElse(""))
			.append(". Targets: ")
			.append(String.join(", ", knee.targets()))
			.append(".\n\n");
		md.append(method(knee)).append("\n\n");
		md.append("## Knees\n\n");
		table(md, kneeHeaders(), knee.results().stream().map(KneeReport::kneeRow).toList());
		md.append("\n## Universal Scalability Law\n\n");
		md.append(USL_NOTE).append("\n\n");
		table(md, uslHeaders(), knee.results().stream().map(KneeReport::uslRow).toList());
		for (String target : knee.targets()) {
			List<StepEntry> steps = steps(knee, target);
			if (!steps.isEmpty()) {
				md.append("\n## ").append(target).append(": steps\n\n");
				table(md, stepHeaders(), stepRows(steps));
			}
		}
		return md.toString();
	}

	static String html(KneeJson knee) {
		StringBuilder html = new StringBuilder(64_000);
		html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
			.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
			.append(escape(title(knee)))
			.append("</title>\n<style>\n")
			.append(resource("/report/report.css"))
			.append(".knee svg { max-width: 100%; height: auto; }\n")
			.append("</style>\n</head>\n<body>\n<main class=\"knee\">\n<h1>")
			.append(escape(title(knee)))
			.append("</h1>\n");
		boolean finished = knee.status() == KneeJson.Status.FINISHED;
		html.append("<p class=\"subtitle")
			.append(finished ? "" : " partial")
			.append("\">Status: ")
			.append(escape(knee.status().word() + knee.failure().map((failure) -> " (" + failure + ")").orElse("")))
			.append("</p>\n<p>")
			.append(escape(method(knee)))
			.append("</p>\n");
		htmlTable(html, "knees", "Knees", kneeHeaders(), knee.results().stream().map(KneeReport::kneeRow).toList());
		htmlTable(html, "usl", "Universal Scalability Law", uslHeaders(),
				knee.results().stream().map(KneeReport::uslRow).toList());
		html.append("<p class=\"note\">").append(escape(USL_NOTE)).append("</p>\n");
		for (String target : knee.targets()) {
			List<StepEntry> steps = steps(knee, target);
			if (steps.isEmpty()) {
				continue;
			}
			Optional<TargetResult> result = knee.results()
				.stream()
				.filter((candidate) -> candidate.target().equals(target))
				.findFirst();
			html.append("<section id=\"target-")
				.append(escape(target))
				.append("\">\n<h2>")
				.append(escape(target))
				.append("</h2>\n");
			result.ifPresent((found) -> html.append("<p>").append(escape(found.summary())).append("</p>\n"));
			html.append("<div class=\"grid\">\n<figure>")
				.append(rateChart(knee, target, steps, result.flatMap(TargetResult::knee)))
				.append("</figure>\n");
			result.map(TargetResult::usl)
				.filter((usl) -> usl.lambda().isPresent())
				.ifPresent((usl) -> html.append("<figure>").append(uslChart(target, steps, usl)).append("</figure>\n"));
			html.append("</div>\n");
			htmlTable(html, "steps-" + target, "Steps", stepHeaders(), stepRows(steps));
			html.append("</section>\n");
		}
		html.append("</main>\n</body>\n</html>\n");
		return html.toString();
	}

	static final String USL_NOTE = "X(N) = λN / (1 + σ(N − 1) + κN(N − 1)), fitted to every run's N (requests in flight by"
			+ " Little's law: the rate they started at times their mean time) and X (successful requests per second)."
			+ " σ is contention: the share of work that waits for something shared. κ is coherency: the cost of keeping"
			+ " shared state agreed, which makes throughput fall past N*.";

	private static List<String> kneeHeaders() {
		return List.of("target", "knee (" + KneeJson.RATE_UNIT + ")", "95% CI", "trials with a knee", "result");
	}

	private static List<String> kneeRow(TargetResult result) {
		Optional<KneeEntry> knee = result.knee();
		return List.of(result.target(),
				knee.map((found) -> (found.atLeast() ? "≥ " : "") + Findings.rate(found.mean())).orElse("none"),
				knee.flatMap((found) -> found.low()
					.map((low) -> Findings.rate(low) + " to " + Findings.rate(found.high().orElseThrow())))
					.orElse(knee.isPresent() ? "one trial: no interval" : "-"),
				knee.map((found) -> found.trials() + " of " + result.trials().size())
					.orElse("0 of " + result.trials().size()),
				result.summary());
	}

	private static List<String> uslHeaders() {
		return List.of("target", "points", "σ contention", "κ coherency", "λ (req/s)", "N* peak concurrency",
				"peak throughput (req/s)", "R²", "note");
	}

	private static List<String> uslRow(TargetResult result) {
		UslEntry usl = result.usl();
		return List.of(result.target(), Integer.toString(usl.points()),
				usl.sigma().map(KneeReport::scientific).orElse("-"),
				usl.kappa().map(KneeReport::scientific).orElse("-"), usl.lambda().map(Slo::number).orElse("-"),
				usl.peakConcurrency().map(Slo::number).orElse("-"), usl.peakThroughput().map(Slo::number).orElse("-"),
				usl.rSquared().map((r) -> String.format(Locale.ROOT, "%.3f", r)).orElse("-"), usl.note().orElse(""));
	}

	private static List<String> stepHeaders() {
		return List.of("trial", "step", "rate asked", "run", "rate achieved", "throughput (req/s)", "mean ms", "p50 ms",
				"p95 ms", "p99 ms", "errors %", "N in flight", "JIT % of app CPU", "run met", "step met", "why not");
	}

	private static List<List<String>> stepRows(List<StepEntry> steps) {
		List<List<String>> rows = new ArrayList<>();
		for (StepEntry step : steps) {
			for (RunEntry run : step.runs()) {
				rows.add(List.of(Integer.toString(step.trial()), Integer.toString(step.step()),
						Integer.toString(step.rateAsked()), Integer.toString(run.run()), Slo.number(run.rateAchieved()),
						Slo.number(run.throughput()), Slo.number(run.meanMs()), Slo.number(run.p50Ms()),
						Slo.number(run.p95Ms()), Slo.number(run.p99Ms()), Slo.number(run.errorPercent()),
						Slo.number(run.concurrency()),
						run.jitShare().map((share) -> Slo.number(share * 100)).orElse("-")
								+ (run.steady() ? "" : " (not steady)"),
						run.met() ? "yes" : "no", step.met() ? "yes" : "no", String.join("; ", run.why())));
			}
		}
		return rows;
	}

	private static List<StepEntry> steps(KneeJson knee, String target) {
		return knee.steps().stream().filter((step) -> step.target().equals(target)).toList();
	}

	/**
	 * Throughput and p99 against the asked rate, every run a point, each trial's steps
	 * joined, the knee marked.
	 */
	private static String rateChart(KneeJson knee, String target, List<StepEntry> steps, Optional<KneeEntry> found) {
		List<RunEntry> runs = steps.stream().flatMap((step) -> step.runs().stream()).toList();
		int lowest = steps.stream().mapToInt(StepEntry::rateAsked).min().orElse(1);
		int highest = steps.stream().mapToInt(StepEntry::rateAsked).max().orElse(1);
		Optional<Double> p99Limit = Slo.parseQuietly(knee.settings().slo())
			.flatMap((slo) -> slo.limit(Slo.Aspect.P99))
			.map(Slo.Limit::value);
		double topThroughput = runs.stream().mapToDouble(RunEntry::throughput).max().orElse(1);
		double lowP99 = runs.stream().mapToDouble(RunEntry::p99Ms).filter((p99) -> p99 > 0).min().orElse(1);
		double highP99 = Math.max(runs.stream().mapToDouble(RunEntry::p99Ms).max().orElse(1), p99Limit.orElse(0.0));
		boolean logRates = highest >= 8 * lowest;
		SvgChart.Axis x = logRates
				? SvgChart.Axis.log("asked rate (" + KneeJson.RATE_UNIT + ", log scale)", lowest, highest)
				: SvgChart.Axis.linear("asked rate (" + KneeJson.RATE_UNIT + ")", highest);
		SvgChart chart = new SvgChart(target + ": throughput and p99 against the asked rate", x,
				SvgChart.Axis.linear("throughput (successful req/s)", topThroughput),
				SvgChart.Axis.log("p99 (ms, log scale)", Math.min(lowP99, p99Limit.orElse(lowP99)), highP99));
		found.ifPresent((knee1) -> chart.vertical(knee1.mean(), knee1.low().orElse(null), knee1.high().orElse(null),
				KNEE_COLOUR, "knee " + (knee1.atLeast() ? "≥ " : "") + Findings.rate(knee1.mean())));
		p99Limit
			.ifPresent((limit) -> chart.horizontal(limit, true, P99_COLOUR, "p99 limit " + Slo.number(limit) + " ms"));
		Map<Integer, List<StepEntry>> byTrial = steps.stream()
			.collect(Collectors.groupingBy(StepEntry::trial, LinkedHashMap::new, Collectors.toList()));
		for (List<StepEntry> trial : byTrial.values()) {
			List<StepEntry> sorted = trial.stream().sorted(Comparator.comparingInt(StepEntry::rateAsked)).toList();
			chart.line(series(sorted, RunEntry::throughput), false, THROUGHPUT_COLOUR, false);
			chart.line(series(sorted, RunEntry::p99Ms), true, P99_COLOUR, true);
		}
		for (StepEntry step : steps) {
			for (RunEntry run : step.runs()) {
				String tip = "trial " + step.trial() + " step " + step.step() + " run " + run.run() + ": "
						+ step.rateAsked() + "/s asked, " + Slo.number(run.throughput()) + " req/s, p99 "
						+ Slo.number(run.p99Ms()) + " ms"
						+ (run.met() ? ", met" : ", not met: " + String.join("; ", run.why()));
				chart.point(step.rateAsked(), run.throughput(), false, THROUGHPUT_COLOUR, run.met(), tip);
				chart.point(step.rateAsked(), Math.max(run.p99Ms(), lowP99), true, P99_COLOUR, run.met(), tip);
			}
		}
		return chart.render("● throughput (left) · ■ p99 (right, dashed) · filled: met the SLO, hollow: did not"
				+ ((byTrial.size() > 1) ? " · a line per trial" : ""));
	}

	/** Throughput against N with the fitted curve and its peak. */
	private static String uslChart(String target, List<StepEntry> steps, UslEntry usl) {
		List<RunEntry> runs = steps.stream()
			.flatMap((step) -> step.runs().stream())
			.filter((run) -> run.concurrency() > 0)
			.toList();
		double highestN = runs.stream().mapToDouble(RunEntry::concurrency).max().orElse(1);
		double axisN = Math.max(highestN,
				usl.peakConcurrency().map((peak) -> Math.min(peak * 1.2, highestN * 4)).orElse(0.0));
		double lambda = usl.lambda().orElseThrow();
		double sigma = usl.sigma().orElseThrow();
		double kappa = usl.kappa().orElseThrow();
		List<double[]> curve = new ArrayList<>();
		double top = runs.stream().mapToDouble(RunEntry::throughput).max().orElse(1);
		for (int i = 1; i <= 120; i++) {
			double n = axisN * i / 120;
			double xValue = Usl.throughput(lambda, sigma, kappa, n);
			curve.add(new double[] { n, xValue });
			top = Math.max(top, xValue);
		}
		SvgChart chart = new SvgChart(target + ": Universal Scalability Law",
				SvgChart.Axis.linear("N: requests in flight" + " (Little's law)", axisN),
				SvgChart.Axis.linear("throughput (successful req/s)", top), null);
		chart.line(curve, false, KNEE_COLOUR, false);
		usl.peakConcurrency()
			.filter((peak) -> peak <= axisN)
			.ifPresent((peak) -> chart.vertical(peak, null, null, KNEE_COLOUR, "N* " + Slo.number(peak)));
		for (RunEntry run : runs) {
			chart.point(run.concurrency(), run.throughput(), false, THROUGHPUT_COLOUR, run.met(),
					"N " + Slo.number(run.concurrency()) + ", " + Slo.number(run.throughput()) + " req/s");
		}
		return chart.render("● measured runs · line: the fit, " + usl(usl).replaceAll(" over \\d+ points.*", ""));
	}

	/** Each step's runs averaged, in rate order: the line through a trial. */
	private static List<double[]> series(List<StepEntry> steps, Function<RunEntry, Double> figure) {
		return steps.stream()
			.map((step) -> new double[] { step.rateAsked(),
					step.runs().stream().mapToDouble(figure::apply).average().orElse(0) })
			.toList();
	}

	private static void table(StringBuilder md, List<String> headers, List<List<String>> rows) {
		md.append("| ").append(String.join(" | ", headers)).append(" |\n|");
		headers.forEach((header) -> md.append("---|"));
		md.append('\n');
		for (List<String> row : rows) {
			md.append("| ")
				.append(row.stream().map((cell) -> cell.replace("|", "\\|")).collect(Collectors.joining(" | ")))
				.append(" |\n");
		}
	}

	private static void htmlTable(StringBuilder html, String id, String title, List<String> headers,
			List<List<String>> rows) {
		html.append("<section id=\"")
			.append(escape(id))
			.append("\">\n<h3>")
			.append(escape(title))
			.append("</h3>\n<div class=\"scroll\"><table>\n<thead><tr>");
		headers.forEach((header) -> html.append("<th>").append(escape(header)).append("</th>"));
		html.append("</tr></thead>\n<tbody>\n");
		for (List<String> row : rows) {
			html.append("<tr>");
			row.forEach((cell) -> html.append("<td>").append(escape(cell)).append("</td>"));
			html.append("</tr>\n");
		}
		html.append("</tbody></table></div>\n</section>\n");
	}

	/** σ and κ span many orders of magnitude: 0.031, 2.4e-05. */
	static String scientific(double value) {
		if (Math.abs(value) < Usl.NO_COHERENCY) {
			// What the optimiser leaves of a parameter the data do not support: zero, to
			// any purpose.
			return "0";
		}
		return (Math.abs(value) >= 0.001) ? Slo.number(value) : String.format(Locale.ROOT, "%.2e", value);
	}

	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

	private static String resource(String path) {
		try (InputStream in = KneeReport.class.getResourceAsStream(path)) {
			if (in == null) {
				throw new IllegalStateException(path + " is missing from the harness jar");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + path, ex);
		}
	}

}

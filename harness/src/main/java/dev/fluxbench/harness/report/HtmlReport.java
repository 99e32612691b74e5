package dev.fluxbench.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.ToDoubleFunction;

import dev.fluxbench.harness.results.ResultJson;
import dev.fluxbench.harness.results.Summary;

/**
 * The HTML report: one file that works offline. The chart library is inlined from its
 * WebJar and the figures travel as a JSON block that report.js turns into charts, so the
 * page needs nothing but itself.
 */
final class HtmlReport {

	/**
	 * One colour per stack, the same in every chart; later stacks take the spare ones in
	 * order.
	 */
	static final Map<String, String> STACK_COLOURS = Map.of("mvc", "#3b6fb6", "mvc-vt", "#2e9e6a", "webflux", "#d1563b",
			// A cached variant is a darker shade of its stack.
			"mvc-redis", "#1d3d6e", "webflux-redis", "#8a2d17",
			// Seed 002's WebFlux variants: lighter shades of webflux, the virtual-thread
			// one leaning to mvc-vt.
			"webflux-jdbc", "#e8875f", "webflux-jdbc-parallel", "#b8742a", "webflux-vt", "#a3a03a",
			// Seed 001's per-relation readers: paler shades of their stack.
			"mvc-per-relation", "#8fb3e3", "webflux-per-relation", "#f0a990");

	private static final List<String> SPARE_COLOURS = List.of("#8a5cc2", "#c9a227", "#4aa3b5", "#7d7d7d");

	private HtmlReport() {
	}

	static String render(Report report) {
		StringBuilder out = new StringBuilder(1_200_000);
		out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
			.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
			.append("<title>")
			.append(escape(report.title()))
			.append("</title>\n<style>\n")
			.append(resource("/report/report.css"))
			.append("</style>\n</head>\n<body>\n<main>\n");
		out.append("<h1>").append(escape(report.title())).append("</h1>\n");
		String status = report.status();
		out.append("<p class=\"subtitle")
			.append(status.equals("finished") ? "" : " partial")
			.append("\">")
			.append(escape(report.subtitle()))
			.append("</p>\n");
		out.append("<p>").append(escape(report.description())).append("</p>\n");
		legend(out, report);
		out.append("<section id=\"decision\"><h2>Decision</h2>\n<ul>\n");
		report.decision().forEach((line) -> out.append("<li>").append(escape(line)).append("</li>\n"));
		out.append("</ul>\n</section>\n");
		out.append("<section id=\"summary\"><h2>Summary</h2>\n");
		report.narrative().forEach((paragraph) -> out.append("<p>").append(escape(paragraph)).append("</p>\n"));
		out.append("</section>\n");
		table(out, report.verdictTable(), "h2");
		if (report.results().trials() > 1) {
			report.results().loadLevels().forEach((load) -> table(out, report.estimateTable(load), "h3"));
		}
		faults(out, report);
		out.append("<section id=\"charts\"><h2>Charts</h2>\n<div class=\"grid\">\n");
		for (int load : report.results().loadLevels()) {
			chart(out, "response-times-" + load);
		}
		for (String id : List.of("errors", "throughput-time", "p99-time", "inflight-time", "threads-time",
				"memory-time", "cpu-time", "gc-pauses")) {
			chart(out, id);
		}
		for (int load : report.results().loadLevels()) {
			chart(out, "percentiles-" + load);
		}
		out.append("</div>\n</section>\n");
		out.append("<section id=\"loads\"><h2>Results by load</h2>\n");
		report.results().loadLevels().forEach((load) -> table(out, report.loadTable(load), "h3"));
		out.append("</section>\n");
		report.journeyTable().ifPresent((journeys) -> table(out, journeys, "h2"));
		report.nodeTable().ifPresent((nodes) -> table(out, nodes, "h2"));
		table(out, report.efficiencyTable(), "h2");
		report.warmupTable().ifPresent((warmup) -> table(out, warmup, "h2"));
		report.rampTable().ifPresent((ramp) -> table(out, ramp, "h2"));
		report.passwordTable().ifPresent((checks) -> table(out, checks, "h2"));
		report.sqlTable().ifPresent((sql) -> table(out, sql, "h2"));
		report.databaseTable().ifPresent((database) -> table(out, database, "h2"));
		table(out, report.environment(), "h2");
		out.append("</main>\n<script type=\"application/json\" id=\"fluxbench-data\">")
			.append(ResultJson.write(chartData(report)).replace("</", "<\\/"))
			.append("</script>\n<script>\n")
			.append(echarts())
			.append("\n</script>\n<script>\n")
			.append(resource("/report/report.js"))
			.append("</script>\n</body>\n</html>\n");
		return out.toString();
	}

	/**
	 * Findings first, then the phases and the breakers on each load's clock, then the
	 * tables.
	 */
	private static void faults(StringBuilder out, Report report) {
		FaultReport faults = report.faults();
		if (!faults.present()) {
			return;
		}
		out.append("<section id=\"faults\"><h2>Faults and circuit breakers</h2>\n");
		List<String> findings = faults.findings();
		if (!findings.isEmpty()) {
			out.append("<ul class=\"findings\">\n");
			findings.forEach((finding) -> out.append("<li>").append(escape(finding)).append("</li>\n"));
			out.append("</ul>\n");
		}
		out.append("<div class=\"grid\">\n");
		for (int load : faults.loads().stream().map((load) -> load.load().key().load()).distinct().sorted().toList()) {
			chart(out, "faults-" + load);
			if (faults.hasBreakers()) {
				chart(out, "breaker-" + load);
				chart(out, "breaker-calls-" + load);
			}
		}
		out.append("</div>\n");
		faults.profileTable().ifPresent((profile) -> table(out, profile, "h3"));
		faults.breakerTable().ifPresent((breakers) -> table(out, breakers, "h3"));
		out.append("</section>\n");
	}

	private static void legend(StringBuilder out, Report report) {
		out.append("<p class=\"legend\">");
		for (String stack : report.results().stacks()) {
			out.append("<span><i style=\"background:")
				.append(colours(report).get(stack))
				.append("\"></i>")
				.append(escape(stack))
				.append("</span>");
		}
		out.append("</p>\n");
	}

	private static void chart(StringBuilder out, String id) {
		out.append("<figure><div class=\"chart\" data-chart=\"").append(id).append("\"></div></figure>\n");
	}

	private static void table(StringBuilder out, Table table, String heading) {
		out.append("<section id=\"")
			.append(table.id())
			.append("\">\n<")
			.append(heading)
			.append('>')
			.append(escape(table.title()))
			.append("</")
			.append(heading)
			.append(">\n<div class=\"scroll\"><table>\n<thead><tr>");
		table.headers().forEach((header) -> out.append("<th>").append(escape(header)).append("</th>"));
		out.append("</tr></thead>\n<tbody>\n");
		for (List<String> row : table.rows()) {
			out.append(row.stream().anyMatch((cell) -> cell.contains("unfinished")) ? "<tr class=\"unfinished\">"
					: "<tr>");
			row.forEach((cell) -> out.append("<td>").append(escape(cell)).append("</td>"));
			out.append("</tr>\n");
		}
		out.append("</tbody></table></div>\n");
		if (!table.note().isEmpty()) {
			out.append("<p class=\"note\">").append(escape(table.note())).append("</p>\n");
		}
		out.append("</section>\n");
	}

	/**
	 * What report.js draws. Bars take the median over finished trials; time series take
	 * each stack's first trial, on a clock that starts with its first measured load, so
	 * stacks that ran one after the other line up.
	 */
	static Map<String, Object> chartData(Report report) {
		RunResults results = report.results();
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("stacks", results.stacks());
		data.put("colours", colours(report));
		data.put("loads", results.loadLevels());
		data.put("loadUnit", results.run().loadUnit());
		data.put("timelineTrial", 1);
		Map<String, Object> resolution = new LinkedHashMap<>();
		resolution.put("belowMillis", Resolution.SHOWN_BELOW_MILLIS);
		resolution.put("note", Resolution.NOTE);
		data.put("resolution", resolution);
		Map<String, Object> perLoad = new LinkedHashMap<>();
		for (int load : results.loadLevels()) {
			Map<String, Object> stacks = new LinkedHashMap<>();
			for (String stack : results.stacks()) {
				List<LoadResult> finished = results.at(load, stack).stream().filter(LoadResult::counted).toList();
				List<LoadResult> trials = finished.isEmpty() ? results.at(load, stack) : finished;
				if (!trials.isEmpty()) {
					stacks.put(stack, bars(trials));
				}
			}
			perLoad.put(Integer.toString(load), stacks);
		}
		data.put("perLoad", perLoad);
		Map<String, Object> timelines = new LinkedHashMap<>();
		for (String stack : results.stacks()) {
			List<LoadResult> loads = results.loads()
				.stream()
				.filter((load) -> load.key().stack().equals(stack) && load.key().trial() == 1)
				.toList();
			if (!loads.isEmpty()) {
				timelines.put(stack, timeline(loads));
			}
		}
		data.put("timelines", timelines);
		if (report.faults().present()) {
			data.put("faults", report.faults().chartData(results.stacks(), 1));
		}
		return data;
	}

	private static Map<String, Object> bars(List<LoadResult> trials) {
		Map<String, Object> bars = new LinkedHashMap<>();
		Map<String, ToDoubleFunction<Summary>> times = new LinkedHashMap<>();
		times.put("min", (all) -> millis(all.min()));
		times.put("avg", (all) -> millis(all.mean()));
		times.put("p50", (all) -> millis(all.p50()));
		times.put("p90", (all) -> millis(all.p90()));
		times.put("p95", (all) -> millis(all.p95()));
		times.put("p99", (all) -> millis(all.p99()));
		times.put("p99.9", (all) -> millis(all.p999()));
		times.put("max", (all) -> millis(all.max()));
		// What a tooltip shows: a time of a few whole milliseconds with its resolution.
		// The mean averages many samples and is finer.
		Map<String, String> labels = new LinkedHashMap<>();
		times.forEach((statistic, time) -> {
			Object median = median(trials, (load) -> time.applyAsDouble(load.all()));
			bars.put(statistic, median);
			if (median instanceof Double value) {
				labels.put(statistic,
						(statistic.equals("avg") ? Aspect.number(value) : Resolution.millis(value)) + " ms");
			}
		});
		bars.put("labels", labels);
		bars.put("errors", median(trials, (load) -> (double) load.all().errors()));
		bars.put("gcPauseMs", median(trials, (load) -> load.efficiency().gcPauseMillis().orElse(Double.NaN)));
		bars.put("gcPauses", median(trials, (load) -> load.efficiency().gcPauses().orElse(Double.NaN)));
		// Why no trial's pauses are known, for the chart's tooltip.
		bars.put("gcUnknown",
				trials.stream().map((load) -> load.efficiency().gcPauses()).allMatch((pauses) -> !pauses.known())
						? trials.getFirst().efficiency().gcPauses().unknownBecause() : null);
		List<Object> distribution = new ArrayList<>();
		LoadResult first = trials.getFirst();
		for (LoadResult.PercentilePoint point : first.distribution()) {
			distribution.add(List.of(point.percentile(), point.millis(), Resolution.millis(point.millis()) + " ms"));
		}
		bars.put("distribution", distribution);
		return bars;
	}

	private static double millis(Duration duration) {
		return duration.toNanos() / 1e6;
	}

	private static Object median(List<LoadResult> trials, ToDoubleFunction<LoadResult> figure) {
		double[] values = trials.stream().mapToDouble(figure).filter((value) -> !Double.isNaN(value)).toArray();
		return (values.length == 0) ? null : ReportSummary.figure(Statistics.median(values)).orElse(null);
	}

	/** Seconds since the stack's first measured load began, and the figures at each. */
	private static Map<String, Object> timeline(List<LoadResult> loads) {
		long origin = loads.stream().mapToLong((load) -> load.seconds().getFirst().epochSecond()).min().orElseThrow();
		List<Object> throughput = new ArrayList<>();
		List<Object> p99 = new ArrayList<>();
		List<Object> inFlight = new ArrayList<>();
		List<Object> heapUsed = new ArrayList<>();
		List<Object> committed = new ArrayList<>();
		List<Object> cpu = new ArrayList<>();
		List<Object> threads = new ArrayList<>();
		List<Object> gc = new ArrayList<>();
		for (LoadResult load : loads) {
			for (LoadResult.Second second : load.seconds()) {
				long t = second.epochSecond() - origin;
				throughput.add(point(t, second.completed()));
				p99.add(point(t, second.p99Millis()));
				inFlight.add(point(t, second.inFlight()));
			}
			Scrape previous = null;
			for (Scrape scrape : load.scrapes()) {
				double t = (scrape.at().toEpochMilli() - origin * 1000) / 1000.0;
				double mb = 1024 * 1024;
				heapUsed.add(point(t, scrape.heapUsed() / mb));
				committed.add(point(t, (scrape.heapCommitted() + scrape.nonHeapCommitted()) / mb));
				threads.add(point(t, scrape.liveThreads()));
				if (previous != null) {
					double interval = seconds(previous.at(), scrape.at());
					List<Scrape> pair = List.of(previous, scrape);
					cpu.add(point(t, 100 * Counters.appCpuSeconds(pair).orElse(Double.NaN) / interval));
					gc.add(point(t, 1000 * Counters.increase(pair, Counter.GC_PAUSE_SECONDS).orElse(Double.NaN)));
				}
				previous = scrape;
			}
			// A gap between loads, so that a line does not join the end of one to the
			// start of the next.
			for (List<Object> series : List.of(throughput, p99, inFlight, heapUsed, committed, cpu, threads, gc)) {
				series.add("-");
			}
		}
		Map<String, Object> timeline = new LinkedHashMap<>();
		timeline.put("throughput", throughput);
		timeline.put("p99", p99);
		timeline.put("inFlight", inFlight);
		timeline.put("heapUsed", heapUsed);
		timeline.put("memoryCommitted", committed);
		timeline.put("cpu", cpu);
		timeline.put("threads", threads);
		timeline.put("gcPauseMs", gc);
		return timeline;
	}

	private static double seconds(Instant from, Instant to) {
		return Math.max((to.toEpochMilli() - from.toEpochMilli()) / 1000.0, 0.001);
	}

	/** A point of a series; echarts draws "-" as a gap. */
	private static Object point(double t, double value) {
		return List.of(ReportSummary.figure(t).orElseThrow(),
				ReportSummary.figure(value).<Object>map((v) -> v).orElse("-"));
	}

	static Map<String, String> colours(Report report) {
		Map<String, String> colours = new LinkedHashMap<>();
		int spare = 0;
		for (String stack : report.results().stacks()) {
			String colour = STACK_COLOURS.get(stack);
			if (colour == null) {
				colour = SPARE_COLOURS.get(spare++ % SPARE_COLOURS.size());
			}
			colours.put(stack, colour);
		}
		return colours;
	}

	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

	private static String echarts() {
		Properties versions = new Properties();
		try (InputStream in = HtmlReport.class.getResourceAsStream("/fluxbench-versions.properties")) {
			versions.load(in);
		}
		catch (IOException | NullPointerException ex) {
			throw new IllegalStateException("fluxbench-versions.properties is missing from the harness jar", ex);
		}
		String path = "/META-INF/resources/webjars/echarts/" + versions.getProperty("echarts") + "/echarts.min.js";
		// The library's text may hold "</script>" inside strings; split it so the page's
		// parser does not end early.
		return resource(path).replace("</script", "<\\/script");
	}

	private static String resource(String path) {
		try (InputStream in = HtmlReport.class.getResourceAsStream(path)) {
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

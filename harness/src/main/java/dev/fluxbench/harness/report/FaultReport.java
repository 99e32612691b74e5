package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.contract.fault.FaultSchedule;
import dev.fluxbench.harness.results.FaultsJson;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;

/**
 * Faults and circuit breakers in a run (docs/faults.md): the downstream's fault profile,
 * each load's phases on the load's own clock, and what every circuit breaker of the app
 * did under them. Read from result files alone, as the rest of the report: run.json for
 * the profile, each load's faults.json for when its schedule started, its metrics.csv for
 * the breakers.
 *
 * @param phases the fault profile; empty when the downstream stayed healthy
 * @param loads every load that had a fault schedule or a circuit breaker, in the run's
 * order
 * @param loadUnit what a load counts: users, or requests/s in the open model
 */
public record FaultReport(List<FaultPhase> phases, List<LoadFaults> loads, String loadUnit) {

	/**
	 * The breaker the charts follow when an app has several: the one issue 14 puts before
	 * the downstream.
	 */
	static final String DOWNSTREAM_BREAKER = "downstream";

	static FaultReport of(RunResults results) {
		ResultsDirectory files = new ResultsDirectory(results.directory());
		List<LoadFaults> loads = new ArrayList<>();
		for (LoadResult load : results.loads()) {
			Optional<FaultsJson> schedule = faultsJson(files, load).filter((json) -> json.started().isPresent());
			List<String> breakers = load.scrapes()
				.stream()
				.flatMap((scrape) -> scrape.breakers().keySet().stream())
				.distinct()
				.sorted()
				.toList();
			if (schedule.isEmpty() && breakers.isEmpty()) {
				continue;
			}
			Instant end = Instant.ofEpochSecond(load.seconds().getLast().epochSecond() + 1);
			if (!load.scrapes().isEmpty() && load.scrapes().getLast().at().isAfter(end)) {
				end = load.scrapes().getLast().at();
			}
			Instant origin = schedule.flatMap(FaultsJson::started)
				.orElseGet(() -> Instant.ofEpochSecond(load.seconds().getFirst().epochSecond()));
			Instant seenUntil = end;
			List<BreakerFindings> findings = schedule
				.map((json) -> breakers.stream()
					.map((name) -> BreakerFindings.of(name, json.schedule(), origin, seenUntil, load.scrapes()))
					.toList())
				.orElse(List.of());
			loads.add(new LoadFaults(load, schedule, origin, end, breakers, findings));
		}
		List<FaultPhase> phases = results.run()
			.json()
			.faults()
			.map(RunJson.Faults::phases)
			.filter((recorded) -> !recorded.isEmpty())
			// A run.json cut short by a kill may lack the profile that its loads' files
			// have.
			.or(() -> loads.stream().flatMap((load) -> load.schedule().stream()).map(FaultsJson::phases).findFirst())
			.orElse(List.of());
		return new FaultReport(phases, List.copyOf(loads), results.run().loadUnit());
	}

	private static Optional<FaultsJson> faultsJson(ResultsDirectory files, LoadResult load) {
		try {
			return FaultsJson.read(files.faultsJson(load.key()));
		}
		catch (IllegalArgumentException ex) {
			// A file that is not what the harness writes places nothing; the rest of the
			// report stands.
			return Optional.empty();
		}
	}

	/**
	 * Whether the report has anything to say of faults or breakers: otherwise it has no
	 * such section.
	 */
	public boolean present() {
		return !this.phases.isEmpty() || !this.loads.isEmpty();
	}

	public boolean hasBreakers() {
		return this.loads.stream().anyMatch((load) -> !load.breakers().isEmpty());
	}

	private boolean hasSchedules() {
		return this.loads.stream().anyMatch((load) -> load.schedule().isPresent());
	}

	/**
	 * What a reader must not miss, one sentence each: a breaker that let calls through a
	 * whole failing phase, or was not closed again when the load ended after the faults.
	 */
	public List<String> findings() {
		List<String> findings = new ArrayList<>();
		for (LoadFaults load : this.loads) {
			for (BreakerFindings breaker : load.findings()) {
				for (BreakerFindings.PhaseOutcome phase : breaker.phases()) {
					if (phase.opening() == BreakerFindings.Opening.NEVER_OPENED) {
						findings
							.add(where(load, breaker) + " never opened in " + BreakerFindings.phase(phase.window()));
					}
				}
				breaker.recovery()
					.filter((recovery) -> recovery.closing() == BreakerFindings.Closing.NEVER_CLOSED)
					.ifPresent((recovery) -> findings.add(where(load, breaker) + " never closed after "
							+ BreakerFindings.phase(recovery.lastFailing()) + ": it was still not closed when the load"
							+ " ended, " + BreakerFindings.seconds(recovery.after().orElseThrow()) + " later"));
			}
		}
		return findings;
	}

	/** The summary's paragraph on faults; none without faults or breakers. */
	List<String> narrative() {
		if (this.phases.isEmpty()) {
			return List.of();
		}
		String profile = "The downstream ran a fault profile of " + this.phases.size() + " phase(s), "
				+ BreakerFindings.seconds(FaultSchedule.of(this.phases).length())
				+ " in all, from the start of every measured load (see Faults and circuit breakers).";
		if (!hasBreakers()) {
			return List.of(profile + " No target exposed a circuit breaker (resilience4j_circuitbreaker_*), so this"
					+ " report cannot say how one behaved.");
		}
		List<String> findings = findings();
		if (findings.isEmpty()) {
			return List.of(profile + " No circuit breaker let calls through a whole failing phase, and none was left"
					+ " open after the last one.");
		}
		return List.of(profile + " " + String.join("; ", findings) + ".");
	}

	/** The phases, each on the clock of the load it is set in; none without faults. */
	Optional<Table> profileTable() {
		if (this.phases.isEmpty()) {
			return Optional.empty();
		}
		FaultSchedule schedule = FaultSchedule.of(this.phases);
		List<List<String>> rows = new ArrayList<>();
		for (FaultSchedule.Window window : schedule.until(schedule.length())) {
			rows.add(List.of(Integer.toString(window.phase()), BreakerFindings.seconds(window.from()),
					BreakerFindings.seconds(window.to()), BreakerFindings.knobs(window.fault()),
					window.fault().failing() ? "yes" : "no"));
		}
		return Optional.of(new Table("fault-profile", "Fault profile",
				List.of("Phase", "From", "To", "The downstream does", "Failing"), rows,
				"Set on the downstream when each measured load started, after"
						+ " the warm-up, and cleared when it ended; times count from that moment. After the last phase"
						+ " the downstream is healthy. A request that sends X-Fault-* headers of its own gets those"
						+ " instead."));
	}

	/**
	 * What every breaker did in every failing phase, and after the last; none without
	 * both.
	 */
	Optional<Table> breakerTable() {
		List<List<String>> rows = new ArrayList<>();
		for (LoadFaults load : this.loads) {
			for (BreakerFindings breaker : load.findings()) {
				List<String> at = List.of(load.load().key().load() + " " + this.loadUnit, load.load().key().stack(),
						Integer.toString(load.load().key().trial()), breaker.breaker());
				for (BreakerFindings.PhaseOutcome phase : breaker.phases()) {
					rows.add(row(at, "in " + BreakerFindings.phase(phase.window()), phase.sentence()));
				}
				breaker.recovery()
					.ifPresent(
							(recovery) -> rows.add(row(at,
									"after phase " + recovery.lastFailing().phase() + ", which ended at "
											+ BreakerFindings.seconds(recovery.lastFailing().to()),
									recovery.sentence())));
			}
		}
		if (rows.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(new Table("breaker-findings", "Circuit breakers under the faults",
				List.of("Load", "Target", "Trial", "Breaker", "When", "What the breaker did"), rows,
				"From the breaker's state at each scrape, once a second: each time is good to about a second. A breaker"
						+ " with nothing to close after the faults, having never opened, has no row after them."));
	}

	private static List<String> row(List<String> at, String when, String what) {
		List<String> row = new ArrayList<>(at);
		row.add(when);
		row.add(what);
		return row;
	}

	private String where(LoadFaults load, BreakerFindings breaker) {
		return load.load().key().stack() + " trial " + load.load().key().trial() + " at " + load.load().key().load()
				+ " " + this.loadUnit + ": the circuit breaker '" + breaker.breaker() + "'";
	}

	/**
	 * What report.js draws for each load level: the phases as bands, and each target's
	 * first trial on the schedule's clock, so that every target meets the phases at the
	 * same places.
	 */
	Map<String, Object> chartData(List<String> stacks, int trial) {
		Map<String, Object> data = new LinkedHashMap<>();
		List<Integer> levels = this.loads.stream().map((load) -> load.load().key().load()).distinct().sorted().toList();
		data.put("loads", levels);
		data.put("breakers", hasBreakers());
		data.put("schedules", hasSchedules());
		Map<String, Object> perLoad = new LinkedHashMap<>();
		for (int level : levels) {
			List<LoadFaults> atLevel = stacks.stream()
				.map((stack) -> this.loads.stream()
					.filter((load) -> load.load().key().load() == level && load.load().key().stack().equals(stack))
					.min(Comparator.comparingInt((LoadFaults load) -> Math.abs(load.load().key().trial() - trial))))
				.flatMap(Optional::stream)
				.toList();
			Map<String, Object> charts = new LinkedHashMap<>();
			charts.put("bands", bands(atLevel));
			String breaker = atLevel.stream()
				.flatMap((load) -> load.breakers().stream())
				.filter(DOWNSTREAM_BREAKER::equals)
				.findFirst()
				.or(() -> atLevel.stream().flatMap((load) -> load.breakers().stream()).findFirst())
				.orElse("");
			charts.put("breaker", breaker);
			Map<String, Object> series = new LinkedHashMap<>();
			atLevel.forEach((load) -> series.put(load.load().key().stack(), series(load, breaker)));
			charts.put("stacks", series);
			perLoad.put(Integer.toString(level), charts);
		}
		data.put("perLoad", perLoad);
		return data;
	}

	/** The phases over the longest of the loads, each a band labelled with its knobs. */
	private static List<Object> bands(List<LoadFaults> loads) {
		Optional<LoadFaults> longest = loads.stream()
			.filter((load) -> load.schedule().isPresent())
			.max(Comparator.comparing((LoadFaults load) -> Duration.between(load.origin(), load.end())));
		List<Object> bands = new ArrayList<>();
		longest.ifPresent((load) -> {
			for (FaultSchedule.Window window : load.schedule()
				.orElseThrow()
				.schedule()
				.until(Duration.between(load.origin(), load.end()))) {
				Map<String, Object> band = new LinkedHashMap<>();
				band.put("from", window.from().toMillis() / 1000.0);
				band.put("to", window.to().toMillis() / 1000.0);
				band.put("label", window.phase() + ": " + BreakerFindings.knobs(window.fault()));
				band.put("failing", window.fault().failing());
				bands.add(band);
			}
		});
		return bands;
	}

	private static Map<String, Object> series(LoadFaults load, String breaker) {
		double origin = load.origin().toEpochMilli() / 1000.0;
		List<Object> throughput = new ArrayList<>();
		List<Object> errors = new ArrayList<>();
		List<Object> p99 = new ArrayList<>();
		for (LoadResult.Second second : load.load().seconds()) {
			double t = second.epochSecond() - origin;
			throughput.add(point(t, second.completed()));
			errors.add(point(t, second.errors()));
			p99.add(point(t, second.p99Millis()));
		}
		List<Object> state = new ArrayList<>();
		List<Object> failureRate = new ArrayList<>();
		List<Object> notPermitted = new ArrayList<>();
		List<Object> failed = new ArrayList<>();
		Scrape previous = null;
		for (Scrape scrape : load.load().scrapes()) {
			Scrape.Breaker now = scrape.breakers().get(breaker);
			if (now != null) {
				double t = scrape.at().toEpochMilli() / 1000.0 - origin;
				state.add(point(t, level(now)));
				// Resilience4j says -1 until its window holds enough calls: no rate yet,
				// not a rate of -1%.
				failureRate.add(point(t, (now.failureRate() >= 0) ? now.failureRate() : Double.NaN));
				if (previous != null) {
					// A breaker made since the previous scrape counted its calls from 0.
					List<Scrape> pair = List.of(previous, scrape);
					double interval = Math.max(Duration.between(previous.at(), scrape.at()).toMillis() / 1000.0, 0.001);
					notPermitted.add(point(t,
							Counters.increase(pair, Counter.breakerNotPermittedCalls(breaker)).orElse(Double.NaN)
									/ interval));
					failed.add(point(t, Counters.increase(pair, Counter.breakerFailedCalls(breaker)).orElse(Double.NaN)
							/ interval));
				}
			}
			previous = scrape;
		}
		Map<String, Object> series = new LinkedHashMap<>();
		series.put("throughput", throughput);
		series.put("errors", errors);
		series.put("p99", p99);
		series.put("state", state);
		series.put("failureRate", failureRate);
		series.put("notPermitted", notPermitted);
		series.put("failed", failed);
		return series;
	}

	/**
	 * The breaker's state as a step on the chart: closed 0, half-open 1, open 2; others
	 * are gaps.
	 */
	private static double level(Scrape.Breaker breaker) {
		if (breaker.closed()) {
			return 0;
		}
		if (breaker.state().equals("half_open")) {
			return 1;
		}
		return breaker.open() ? 2 : Double.NaN;
	}

	/** A point of a series; echarts draws "-" as a gap. */
	private static Object point(double t, double value) {
		Object y = ReportSummary.figure(value).<Object>map((v) -> v).orElse("-");
		return List.of(ReportSummary.figure(t).orElseThrow(), Objects.requireNonNull(y));
	}

	/**
	 * One load under faults, or with a circuit breaker.
	 *
	 * @param load the load
	 * @param schedule its faults.json; empty when the downstream stayed healthy
	 * @param origin where its charts start: when its schedule started, else its first
	 * second
	 * @param end when its last request or scrape ended: nothing later was seen
	 * @param breakers the app's circuit breakers, by name, found in its scrapes
	 * @param findings what each did under the schedule; none without one
	 */
	public record LoadFaults(LoadResult load, Optional<FaultsJson> schedule, Instant origin, Instant end,
			List<String> breakers, List<BreakerFindings> findings) {

	}

}

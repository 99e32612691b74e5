package dev.fluxbench.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A typed view of run.json, read leniently: a run killed with SIGKILL, or recorded by an older
 * harness, may lack any key, and the report still says what it can.
 */
public record RunRecord(Map<String, Object> json) {

	/** One start of one stack in one trial, with the loads it got through. */
	public record StackRun(int trial, String stack, Optional<Duration> startup, List<LoadRun> loads, boolean stopped) {

	}

	/** A load level as the harness recorded it; unfinished when the run died during it. */
	public record LoadRun(int load, Optional<Instant> started, Optional<Instant> finished, String verdict) {

		public boolean isFinished() {
			return this.finished.isPresent();
		}

	}

	/** A request of the scenario: its label and the least time its answer can take. */
	public record RequestDescription(String label, String method, String path, Duration floor) {

		public String describe() {
			return this.method.isEmpty() ? this.label : this.label + ": " + this.method + " " + this.path;
		}

	}

	public String text(String... path) {
		Object value = at(path);
		if (value == null) {
			return "";
		}
		if (value instanceof Double number && number == Math.rint(number)) {
			return Long.toString(number.longValue());
		}
		return String.valueOf(value);
	}

	public String scenario() {
		return text("scenario", "name");
	}

	public String status() {
		String status = text("status");
		return status.isEmpty() ? "unknown" : status;
	}

	/** Whether every load of every stack ran to its end. */
	public boolean isComplete() {
		return status().equals("finished");
	}

	public boolean isOpenModel() {
		return text("scenario", "model").startsWith("open");
	}

	public String loadUnit() {
		return isOpenModel() ? "requests/s" : "users";
	}

	/** The open model's cap on generator threads; empty in the closed model. */
	public Optional<Integer> maxThreads() {
		return (at("scenario", "maxThreads") instanceof Number number) ? Optional.of(number.intValue()) : Optional.empty();
	}

	public int trials() {
		return (int) number(1, "trials");
	}

	public double scale() {
		return number(1, "scale");
	}

	/** The targets (built-in stacks or given services) in the first trial's order. */
	public List<String> stacks() {
		// Runs recorded before targets existed called them stacks.
		return (at("targets") != null) ? strings("targets") : strings("stacks");
	}

	public List<Integer> loads() {
		return list("scenario", "loads").stream().map((load) -> ((Number) load).intValue()).toList();
	}

	public List<String> appJvmFlags() {
		return strings("appJvmFlags");
	}

	public Optional<Instant> started() {
		return instant(text("started"));
	}

	public Optional<Instant> ended() {
		return instant(text("ended"));
	}

	public Duration rampUp() {
		return duration(text("scenario", "rampUp")).orElse(Duration.ZERO);
	}

	/** The pause before each request, taken as the middle of its uniform range. */
	public Duration meanThinkTime() {
		List<Duration> range = thinkTime();
		return range.isEmpty() ? Duration.ZERO : range.get(0).plus(range.get(1)).dividedBy(2);
	}

	/** The shortest and longest pause before a request; empty when run.json does not say. */
	public List<Duration> thinkTime() {
		String[] range = text("scenario", "thinkTime").split("\\.\\.");
		if (range.length != 2) {
			return List.of();
		}
		Optional<Duration> min = duration(range[0]);
		Optional<Duration> max = duration(range[1]);
		return (min.isPresent() && max.isPresent()) ? List.of(min.get(), max.get()) : List.of();
	}

	public List<RequestDescription> requests() {
		List<RequestDescription> requests = new ArrayList<>();
		for (Object entry : list("scenario", "requests")) {
			if (entry instanceof String described) {
				// Before requests were objects, run.json held "label: METHOD path -> status".
				requests.add(new RequestDescription(described, "", "", Duration.ZERO));
			}
			else if (entry instanceof Map<?, ?> request) {
				requests.add(new RequestDescription(String.valueOf(request.get("label")),
						String.valueOf(request.get("method")), String.valueOf(request.get("path")),
						duration(String.valueOf(request.get("floor"))).orElse(Duration.ZERO)));
			}
		}
		return requests;
	}

	/**
	 * The most requests per second the load could ask for, by Little's law: a user spends at
	 * least the requests' floors and its pauses per round. Only known when some request has a
	 * floor (a passthrough); in the open model it is the target rate itself.
	 */
	public Optional<Double> littlesLawLimit(int load) {
		if (isOpenModel()) {
			return Optional.of((double) load);
		}
		if (at("scenario", "round") instanceof Map<?, ?> round) {
			// Repeats and pauses counted: the harness worked it out from the journey.
			Optional<Duration> floor = duration(String.valueOf(round.get("floor")));
			if (!Boolean.TRUE.equals(round.get("hasFloor")) || floor.isEmpty() || floor.get().isZero()
					|| !(round.get("requests") instanceof Number requests)) {
				return Optional.empty();
			}
			return Optional.of(load * requests.doubleValue() / (floor.get().toNanos() / 1e9));
		}
		List<RequestDescription> requests = requests();
		Duration round = meanThinkTime().multipliedBy(requests.size());
		for (RequestDescription request : requests) {
			round = round.plus(request.floor());
		}
		if (requests.isEmpty() || requests.stream().allMatch((request) -> request.floor().isZero())) {
			return Optional.empty();
		}
		return Optional.of(load * requests.size() / (round.toNanos() / 1e9));
	}

	public List<StackRun> stackRuns() {
		List<StackRun> runs = new ArrayList<>();
		for (Object entry : (at("targetRuns") != null) ? list("targetRuns") : list("stackRuns")) {
			if (!(entry instanceof Map<?, ?> run)) {
				continue;
			}
			List<LoadRun> loads = new ArrayList<>();
			if (run.get("loads") instanceof List<?> recorded) {
				for (Object load : recorded) {
					if (load instanceof Map<?, ?> l && l.get("load") instanceof Number number) {
						loads.add(new LoadRun(number.intValue(), instant(String.valueOf(l.get("started"))),
								instant(String.valueOf(l.get("finished"))), String.valueOf(l.get("verdict"))));
					}
				}
			}
			int trial = (run.get("trial") instanceof Number number) ? number.intValue() : 1;
			Object target = (run.get("target") != null) ? run.get("target") : run.get("stack");
			runs.add(new StackRun(trial, String.valueOf(target), duration(String.valueOf(run.get("startup"))),
					loads, run.get("stopped") != null));
		}
		return runs;
	}

	public Optional<LoadRun> loadRun(int trial, String stack, int load) {
		return stackRuns().stream()
			.filter((run) -> run.trial() == trial && run.stack().equals(stack))
			.flatMap((run) -> run.loads().stream())
			.filter((run) -> run.load() == load)
			.findFirst();
	}

	public List<String> failedAssertions() {
		return strings("failedAssertions");
	}

	Object at(String... path) {
		Object value = this.json;
		for (String key : path) {
			if (!(value instanceof Map<?, ?> map)) {
				return null;
			}
			value = map.get(key);
		}
		return value;
	}

	private double number(double fallback, String... path) {
		return (at(path) instanceof Number number) ? number.doubleValue() : fallback;
	}

	private List<?> list(String... path) {
		return (at(path) instanceof List<?> list) ? list : List.of();
	}

	private List<String> strings(String... path) {
		return list(path).stream().map(String::valueOf).toList();
	}

	private static Optional<Instant> instant(String text) {
		try {
			return Optional.of(Instant.parse(text));
		}
		catch (DateTimeParseException ex) {
			return Optional.empty();
		}
	}

	static Optional<Duration> duration(String text) {
		try {
			return Optional.of(Duration.parse(text));
		}
		catch (DateTimeParseException ex) {
			return Optional.empty();
		}
	}

}

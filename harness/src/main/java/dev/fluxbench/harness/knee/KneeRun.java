package dev.fluxbench.harness.knee;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

import dev.fluxbench.harness.knee.KneeJson.Ending;
import dev.fluxbench.harness.knee.KneeJson.RunEntry;
import dev.fluxbench.harness.knee.KneeJson.StepEntry;
import dev.fluxbench.harness.knee.KneeJson.TargetResult;
import dev.fluxbench.harness.knee.KneeJson.TrialEntry;
import dev.fluxbench.harness.report.Scrape;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.SamplesCsv;
import dev.fluxbench.harness.run.RunPlan;
import dev.fluxbench.harness.run.StepDriver;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.Target;

/**
 * One {@code fluxbench knee}: for each trial, each target in rotating order is started,
 * warmed up and searched (see {@link Search}); every step's samples and metrics are
 * written as a run writes them, and knee.json is rewritten after every step. At the end
 * the Universal Scalability Law is fitted per target and the reports are written from
 * knee.json alone.
 */
public final class KneeRun {

	private final RunPlan plan;

	private final KneeSettings settings;

	private final PrintWriter out;

	private final ResultsDirectory results;

	private final int requestsPerJourney;

	// What knee.json says, guarded by this object's lock: the shutdown hook writes it
	// from its own thread.

	private KneeJson json;

	private final List<StepEntry> steps = new ArrayList<>();

	private final List<TrialEntry> trials = new ArrayList<>();

	private final List<String> trialTargets = new ArrayList<>();

	private volatile boolean over;

	/**
	 * Creates a knee search over the plan's targets.
	 * @param plan the targets and how to run them; its scenario's workload is one open
	 * level whose {@code maxThreads} caps every step, and its trials and warm-up are the
	 * search's
	 */
	public KneeRun(RunPlan plan, KneeSettings settings, PrintWriter out) {
		this.plan = plan;
		this.settings = settings;
		this.out = out;
		this.results = new ResultsDirectory(plan.out());
		Scenario scenario = plan.scenario();
		this.requestsPerJourney = scenario.round().requests();
		int maxThreads = (scenario.workload() instanceof Workload.Open open) ? open.maxThreads() : 0;
		this.json = new KneeJson(KneeJson.FORMAT_VERSION, StepDriver.version(), plan.commandLine(),
				KneeJson.Status.RUNNING, Optional.empty(), Optional.of(Instant.now()), Optional.empty(),
				scenario.name(), scenario.source(), this.requestsPerJourney,
				new KneeJson.Settings(settings.slo().toString(), settings.startRate(), settings.maxRate(),
						settings.growth(), settings.precision(), settings.margin(), settings.repeats(),
						settings.shortfall(), settings.stepRamp(), settings.stepHold(), scenario.warmup(), maxThreads,
						scenario.trials(), settings.scale(), KneeJson.RATE_UNIT),
				plan.targets().stream().map(Target::id).toList(), List.of(), List.of());
	}

	/** knee.json's path in a results directory. */
	public static Path file(Path results) {
		return results.resolve(KneeJson.FILE);
	}

	/**
	 * Runs every search, then writes the reports.
	 * @return knee.json as written last
	 * @throws RuntimeException when the services the stacks lean on would not start, or
	 * on Ctrl-C; knee.json and the reports then hold what ran
	 */
	public KneeJson run() {
		write(KneeJson.Status.RUNNING, Optional.empty());
		Thread marker = Thread.ofPlatform().unstarted(() -> {
			if (!this.over) {
				write(KneeJson.Status.INTERRUPTED, Optional.empty());
			}
		});
		Runtime.getRuntime().addShutdownHook(marker);
		try (StepDriver driver = StepDriver.start(this.plan, this.out)) {
			for (int trial = 1; trial <= this.plan.scenario().trials(); trial++) {
				for (Target target : this.plan.order(trial)) {
					search(driver, target, trial);
				}
			}
		}
		catch (RuntimeException ex) {
			this.over = true;
			write(StepDriver.shuttingDown() ? KneeJson.Status.INTERRUPTED : KneeJson.Status.FAILED,
					Optional.of(firstLine(ex)));
			KneeReport.write(this.plan.out(), current());
			throw ex;
		}
		this.over = true;
		KneeJson finished = write(KneeJson.Status.FINISHED, Optional.empty());
		try {
			Runtime.getRuntime().removeShutdownHook(marker);
		}
		catch (IllegalStateException ex) {
			// Already shutting down: the hook sees the search is over and leaves
			// knee.json alone.
		}
		for (TargetResult result : finished.results()) {
			this.out.printf("%s: %s%n", result.target(), result.summary());
			this.out.printf("%s: USL %s%n", result.target(), KneeReport.usl(result.usl()));
		}
		KneeReport.write(this.plan.out(), finished);
		this.out.println("report: " + this.plan.out().resolve(KneeReport.HTML));
		return finished;
	}

	private void search(StepDriver driver, Target target, int trial) {
		int trials = this.plan.scenario().trials();
		String name = "[" + this.plan.scenario().name() + "] " + target.id() + " trial " + trial + "/" + trials;
		Path directory = this.results.stackDirectory(trial, target.id());
		this.out.printf("%s: %s%n", name,
				(target instanceof Target.Given given) ? "driving " + given.baseUri() : "starting");
		Search.Outcome outcome;
		try (StepDriver.Session session = driver.session(target, directory)) {
			if (!this.plan.scenario().warmup().isZero()) {
				session.warmUp(this.plan.scenario().warmup(), name);
			}
			Search.StepRunner runner = (rate, step, run) -> {
				StepDriver.Load load = session.run(rate, this.settings.stepRamp(), this.settings.stepHold(),
						directory.resolve(stepDirectory(step, rate, run)),
						name + " step " + step + " at " + rate + "/s");
				Path metrics = directory.resolve(stepDirectory(step, rate, run)).resolve("metrics.csv");
				return Figures.of(SamplesCsv.read(load.samples()), this.settings.stepHold(), this.requestsPerJourney)
					.withJitShare(
							Files.exists(metrics) ? Scrape.jitShare(Scrape.read(metrics)) : OptionalDouble.empty());
			};
			outcome = new Search(this.settings, this.plan.steadiness().maxCompileShare()).run(runner,
					(step, rate, run) -> judged(name, target.id(), trial, step, rate, run));
		}
		catch (RuntimeException ex) {
			if (StepDriver.shuttingDown()) {
				throw ex;
			}
			// A stack that would not start: the others are still worth measuring.
			outcome = new Search.Outcome(Ending.FAILED, Optional.empty(), Optional.empty(), List.of(),
					Optional.of(firstLine(ex)));
		}
		if (outcome.ending() == Ending.FAILED && StepDriver.shuttingDown()) {
			throw new IllegalStateException("interrupted: " + outcome.failure().orElse(""));
		}
		synchronized (this) {
			this.trials
				.add(new TrialEntry(trial, outcome.ending(), outcome.knee(), outcome.above(), outcome.failure()));
			this.trialTargets.add(target.id());
		}
		write(KneeJson.Status.RUNNING, Optional.empty());
		this.out.printf("%s: %s%n", name, Findings
			.trial(new TrialEntry(trial, outcome.ending(), outcome.knee(), outcome.above(), outcome.failure())));
	}

	/** Prints a judged run and records it in knee.json at once. */
	private void judged(String name, String target, int trial, int step, int rate, Search.Run run) {
		Figures figures = run.figures();
		String verdict = run.met() ? "met" : "NOT met: " + String.join("; ", run.why());
		String compiling = run.steady() ? "" : String.format(Locale.ROOT, "; JIT %.0f%% of the app's CPU: not steady",
				figures.jitShare().orElse(0) * 100);
		String again = (run.number() > 1) ? " (run " + run.number() + " of up to " + this.settings.repeats() + ")"
				: (this.settings.repeats() > 1 && (run.near() || (!run.met() && !run.steady())))
						? " (" + (run.near() ? "near a limit" : "not steady") + ": running it again)" : "";
		this.out.printf(Locale.ROOT, "%s step %d at %d/s: %s/s achieved, %s req/s ok, p99 %d ms, errors %s%%: %s%s%n",
				name, step, rate, Slo.number(figures.rateAchieved()), Slo.number(figures.throughput()),
				figures.p99().toMillis(), Slo.number(figures.errorPercent()), verdict + compiling, again);
		String directory = this.plan.out()
			.relativize(this.results.stackDirectory(trial, target).resolve(stepDirectory(step, rate, run.number())))
			.toString()
			.replace('\\', '/');
		RunEntry entry = new RunEntry(run.number(), figures.rateAchieved(), figures.requestRate(), figures.throughput(),
				figures.requests(), figures.errors(), figures.errorPercent(), millis(figures.mean()),
				millis(figures.p50()), millis(figures.p90()), millis(figures.p95()), millis(figures.p99()),
				millis(figures.p999()), figures.concurrency(), run.met(), run.near(), run.why(), directory,
				figures.jitShare().isPresent() ? Optional.of(figures.jitShare().getAsDouble()) : Optional.empty(),
				run.steady());
		synchronized (this) {
			int last = this.steps.size() - 1;
			if (run.number() > 1 && last >= 0 && this.steps.get(last).step() == step
					&& this.steps.get(last).target().equals(target) && this.steps.get(last).trial() == trial) {
				List<RunEntry> runs = new ArrayList<>(this.steps.get(last).runs());
				runs.add(entry);
				this.steps.set(last,
						new StepEntry(target, trial, step, rate, Search.vote(runs.stream().map(RunEntry::met).toList(),
								runs.stream().map(RunEntry::steady).toList()), runs));
			}
			else {
				this.steps.add(new StepEntry(target, trial, step, rate, run.met(), List.of(entry)));
			}
		}
		write(KneeJson.Status.RUNNING, Optional.empty());
	}

	static String stepDirectory(int step, int rate, int run) {
		return "step-" + step + "-rate-" + rate + "-run-" + run;
	}

	private synchronized KneeJson current() {
		List<TargetResult> results = new ArrayList<>();
		for (String target : this.json.targets()) {
			List<TrialEntry> ofTarget = new ArrayList<>();
			for (int i = 0; i < this.trials.size(); i++) {
				if (this.trialTargets.get(i).equals(target)) {
					ofTarget.add(this.trials.get(i));
				}
			}
			if (!ofTarget.isEmpty()) {
				results.add(Findings.of(target, ofTarget, this.steps));
			}
		}
		return new KneeJson(this.json.formatVersion(), this.json.fluxbench(), this.json.commandLine(),
				this.json.status(), this.json.failure(), this.json.started(), this.json.ended(), this.json.scenario(),
				this.json.source(), this.json.requestsPerJourney(), this.json.settings(), this.json.targets(),
				List.copyOf(this.steps), results);
	}

	private synchronized KneeJson write(KneeJson.Status status, Optional<String> failure) {
		KneeJson now = current();
		this.json = new KneeJson(now.formatVersion(), now.fluxbench(), now.commandLine(), status, failure,
				now.started(), (status == KneeJson.Status.RUNNING) ? Optional.empty() : Optional.of(Instant.now()),
				now.scenario(), now.source(), now.requestsPerJourney(), now.settings(), now.targets(), now.steps(),
				now.results());
		this.json.write(file(this.plan.out()));
		return this.json;
	}

	private static double millis(java.time.Duration duration) {
		return duration.toNanos() / 1e6;
	}

	private static String firstLine(RuntimeException ex) {
		return String.valueOf(ex.getMessage()).lines().findFirst().orElse(ex.getClass().getSimpleName());
	}

}

package dev.fluxbench.harness.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

import dev.fluxbench.harness.engines.Engines;
import dev.fluxbench.harness.launch.Balancer;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.scenario.Assertion;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Step;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.Target;

/**
 * What run.json says of a run before it starts: the machine, the versions, the scenario
 * as it will run and the effective limits. Requests are recorded as their templates, with
 * header names only: a credential never reaches a result file.
 */
final class RunDescription {

	private RunDescription() {
	}

	static RunJson of(RunPlan plan) {
		Scenario scenario = plan.scenario();
		Properties versions = Provenance.versions();
		Map<String, String> libraries = new TreeMap<>();
		versions.stringPropertyNames().forEach((name) -> libraries.put(name, versions.getProperty(name)));
		List<String> appJvmFlags = plan.launchesStacks() ? plan.launcher().appJvmFlags() : List.of();
		return new RunJson(RunJson.FORMAT_VERSION, versions.getProperty("fluxbench", "unknown"), plan.commandLine(),
				RunJson.Status.RUNNING, Optional.empty(), Optional.of(Instant.now()), Optional.empty(), jdk(), os(),
				Runtime.getRuntime().availableProcessors(), cpuLayout(plan), appJvmFlags, libraries,
				Provenance.git(plan.projectRoot()), scenario(scenario), scenario.scale(), scenario.trials(),
				Optional.of(scenario.warmup()), plan.targets().stream().map(Target::id).toList(),
				plan.targets().stream().map(RunDescription::target).toList(),
				plan.launchesStacks() ? Optional.of(plan.database().describe()) : Optional.empty(), Optional.empty(),
				Optional.empty(), Optional.empty(), List.of(), List.of())
			.withFaults(scenario.hasFaults() ? Optional.of(new RunJson.Faults(scenario.faults(), plan.downstream()))
					: Optional.empty())
			.withMaxInFlight((plan.launchesStacks() && plan.maxInFlight() > 0) ? Optional.of(plan.maxInFlight())
					: Optional.empty())
			.withCalibration(plan.calibration())
			.withEngines(plan.engines().map(RunDescription::engines))
			.withCluster((plan.nodes() > 1 && plan.launchesStacks()) ? Optional.of(new RunJson.Cluster(plan.nodes(),
					"nginx", Balancer.settings(plan.nodes(), scenario.responseTimeout()))) : Optional.empty())
			.withMixed(plan.mixed() ? Optional.of(mixed(plan)) : Optional.empty());
	}

	private static RunJson.Mixed mixed(RunPlan plan) {
		int targets = plan.targets().size();
		String activity = !plan.launchesStacks() ? "not read: fluxbench launched no stack, so knows no database"
				: plan.database().activity().isPresent()
						? "read from pg_stat_database into the first target's metrics.csv of each trial"
						: "not read: " + plan.database().describe() + " gives no count of its own that fluxbench reads";
		return new RunJson.Mixed(plan.targets().stream().map(Target::id).toList(),
				"each target ran 1/" + targets + " of every load's "
						+ (plan.scenario().isOpenModel() ? "rate" : "users")
						+ ", in one JMeter test with a thread group per target; each warmed up alone first",
				activity);
	}

	private static RunJson.Engines engines(Engines engines) {
		return new RunJson.Engines(engines.addresses(),
				engines.keystore()
					.map((keystore) -> "SSL, keystore " + keystore.getFileName())
					.orElse("plain (--rmi-no-ssl)"),
				"each engine ran 1/" + engines.count() + " of every measured load's users or rate; warm-ups and"
						+ " cool-downs ran in the harness");
	}

	private static RunJson.Jdk jdk() {
		return new RunJson.Jdk(System.getProperty("java.version"), System.getProperty("java.vendor"),
				System.getProperty("java.vm.name"), System.getProperty("java.home"));
	}

	private static RunJson.Os os() {
		return new RunJson.Os(System.getProperty("os.name"), System.getProperty("os.version"),
				System.getProperty("os.arch"));
	}

	private static RunJson.CpuLayout cpuLayout(RunPlan plan) {
		return new RunJson.CpuLayout(plan.cpuLayout().pinned(), plan.cpuLayout().appCpus().orElse(""),
				plan.cpuLayout().loadCpus().orElse(""), "not pinned (not started by fluxbench)",
				plan.cpuLayout().appCoreCount());
	}

	private static RunJson.TargetDescription target(Target target) {
		return switch (target) {
			case Target.Launched launched ->
				new RunJson.TargetDescription.Launched(target.id(), launched.stack().jar().toString(),
						launched.stack().profiles(), launched.stack().cache().mode(), target.description());
			case Target.Given given -> new RunJson.TargetDescription.Given(target.id(), given.baseUri(),
					given.metrics().map(Object::toString).orElse("none"), target.description());
		};
	}

	private static RunJson.Scenario scenario(Scenario scenario) {
		Workload.Level first = scenario.levels().getFirst();
		Scenario.Round round = scenario.round();
		return new RunJson.Scenario(scenario.name(), scenario.description(), scenario.source(), scenario.seeds(),
				scenario.isOpenModel() ? "open (loads are target requests/s)" : "closed (loads are users)",
				scenario.loads(), first.rampUp(), first.termination().toString(),
				scenario.levels()
					.stream()
					.map((level) -> new RunJson.Level(level.load(), level.rampUp(), level.termination().toString()))
					.toList(),
				scenario.thinkTime().min() + ".." + scenario.thinkTime().max(),
				scenario.requests().stream().map(RunDescription::request).toList(),
				scenario.journey().stream().map(RunDescription::step).toList(),
				Optional.of(new RunJson.Round(round.requests(), round.floor(), round.hasFloor())),
				scenario.feeders().stream().map((feeder) -> feeder.file().getFileName().toString()).toList(),
				List.copyOf(scenario.variables().keySet()),
				scenario.assertions().stream().map(Assertion::toString).toList(),
				(scenario.workload() instanceof Workload.Open open) ? Optional.of(open.maxThreads()) : Optional.empty(),
				Optional.of(scenario.connectTimeout()), Optional.of(scenario.responseTimeout()));
	}

	private static RunJson.JourneyStep step(Step step) {
		return switch (step) {
			case Step.Request request -> new RunJson.JourneyStep.Send(request.label());
			case Step.Pause pause -> new RunJson.JourneyStep.Pause(pause.toString());
			case Step.Repeat repeat -> new RunJson.JourneyStep.Repeat(repeat.times(),
					repeat.steps().stream().map(RunDescription::step).toList());
		};
	}

	private static RunJson.Request request(Step.Request request) {
		// Header names only: an Authorization value is a credential, and so may any other
		// be.
		List<String> headers = new ArrayList<>(request.headers().keySet());
		request.basicAuth().ifPresent((auth) -> headers.add("Authorization"));
		Optional<String> bodyPattern = request.checks()
			.stream()
			.filter(Step.Check.Regex.class::isInstance)
			.map((check) -> ((Step.Check.Regex) check).pattern())
			.findFirst();
		return new RunJson.Request(request.label(), request.method(), request.path(), request.status(), request.floor(),
				headers, request.checks().size(),
				request.extractions().stream().map(Step.Extraction::variable).toList(), bodyPattern,
				request.stopOnFailure());
	}

}

package dev.fluxbench.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.scenario.Assertion;
import dev.fluxbench.harness.scenario.Durations;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Step;
import dev.fluxbench.harness.scenario.Workload;
import dev.fluxbench.harness.target.Target;

/**
 * What run.json says of a run before it starts: the machine, the versions, the scenario as it
 * will run and the effective limits. Requests are recorded as their templates, with header names
 * only: a credential never reaches a result file.
 */
final class RunDescription {

	private RunDescription() {
	}

	static Map<String, Object> of(RunPlan plan) {
		Scenario scenario = plan.scenario();
		Map<String, Object> run = new LinkedHashMap<>();
		Properties versions = Provenance.versions();
		run.put("fluxbench", versions.getProperty("fluxbench", "unknown"));
		run.put("commandLine", plan.commandLine());
		run.put("started", Instant.now().toString());
		run.put("status", "running");
		run.put("jdk", Map.of("version", System.getProperty("java.version"), "vendor", System.getProperty("java.vendor"),
				"vm", System.getProperty("java.vm.name"), "home", System.getProperty("java.home")));
		run.put("os", Map.of("name", System.getProperty("os.name"), "version", System.getProperty("os.version"), "arch",
				System.getProperty("os.arch")));
		run.put("cores", Runtime.getRuntime().availableProcessors());
		Map<String, Object> layout = new LinkedHashMap<>();
		layout.put("pinned", plan.cpuLayout().pinned());
		layout.put("app", plan.cpuLayout().appCpus().orElse(""));
		layout.put("generatorAndDownstream", plan.cpuLayout().loadCpus().orElse(""));
		layout.put("database", "not pinned (not started by fluxbench)");
		layout.put("appActiveProcessorCount", plan.cpuLayout().appCoreCount());
		run.put("cpuLayout", layout);
		if (plan.launchesStacks()) {
			run.put("appJvmFlags", new Launcher(plan.projectRoot(), plan.cpuLayout(), plan.database()).appJvmFlags());
		}
		Map<String, Object> libraries = new LinkedHashMap<>();
		versions.stringPropertyNames().stream().sorted().forEach((name) -> libraries.put(name, versions.get(name)));
		run.put("libraries", libraries);
		run.put("git", Provenance.git(plan.projectRoot()));
		run.put("scenario", scenario(scenario));
		run.put("scale", scenario.scale());
		run.put("trials", scenario.trials());
		run.put("warmup", scenario.warmup().toString());
		run.put("targets", plan.targets().stream().map(Target::id).toList());
		run.put("targetDescriptions", plan.targets().stream().map(RunDescription::target).toList());
		if (plan.launchesStacks()) {
			run.put("database", plan.database().describe());
		}
		return run;
	}

	private static Map<String, Object> target(Target target) {
		Map<String, Object> described = new LinkedHashMap<>();
		described.put("id", target.id());
		switch (target) {
			case Target.Launched launched -> {
				described.put("kind", "launched");
				described.put("jar", launched.stack().jar().toString());
				described.put("profiles", launched.stack().profiles());
				described.put("cache", launched.stack().cache().mode());
			}
			case Target.Given given -> {
				described.put("kind", "given");
				described.put("baseUri", given.baseUri().toString());
				described.put("metrics", given.metrics().map(Object::toString).orElse("none"));
			}
		}
		described.put("description", target.description());
		return described;
	}

	private static Map<String, Object> scenario(Scenario scenario) {
		Map<String, Object> described = new LinkedHashMap<>();
		described.put("name", scenario.name());
		described.put("description", scenario.description());
		described.put("source", scenario.source());
		described.put("seeds", scenario.seeds());
		described.put("model", scenario.isOpenModel() ? "open (loads are target requests/s)" : "closed (loads are users)");
		described.put("loads", scenario.loads());
		Workload.Level first = scenario.levels().getFirst();
		described.put("rampUp", first.rampUp().toString());
		described.put("termination", first.termination().toString());
		described.put("levels", scenario.levels().stream().map((level) -> Map.of("load", level.load(), "rampUp",
				level.rampUp().toString(), "termination", level.termination().toString())).toList());
		described.put("thinkTime", scenario.thinkTime().min() + ".." + scenario.thinkTime().max());
		described.put("requests", scenario.requests().stream().map(RunDescription::request).toList());
		described.put("journey", scenario.journey().stream().map(RunDescription::step).toList());
		Scenario.Round round = scenario.round();
		described.put("round", Map.of("requests", round.requests(), "floor", round.floor().toString(), "hasFloor",
				round.hasFloor()));
		described.put("feeders", scenario.feeders().stream().map((feeder) -> feeder.file().getFileName().toString()).toList());
		described.put("variables", List.copyOf(scenario.variables().keySet()));
		described.put("assertions", scenario.assertions().stream().map(Assertion::toString).toList());
		if (scenario.workload() instanceof Workload.Open open) {
			described.put("maxThreads", open.maxThreads());
		}
		described.put("connectTimeout", scenario.connectTimeout().toString());
		described.put("responseTimeout", scenario.responseTimeout().toString());
		return described;
	}

	private static Object step(Step step) {
		return switch (step) {
			case Step.Request request -> Map.of("request", request.label());
			case Step.Pause pause -> Map.of("pause", pause.toString());
			case Step.Repeat repeat -> Map.of("repeat", repeat.times(), "steps",
					repeat.steps().stream().map(RunDescription::step).toList());
		};
	}

	private static Map<String, Object> request(Step.Request request) {
		Map<String, Object> described = new LinkedHashMap<>();
		described.put("label", request.label());
		described.put("method", request.method());
		described.put("path", request.path());
		described.put("expectedStatus", request.status());
		described.put("floor", request.floor().toString());
		// Header names only: an Authorization value is a credential, and so may any other be.
		List<String> headers = new java.util.ArrayList<>(request.headers().keySet());
		request.basicAuth().ifPresent((auth) -> headers.add("Authorization"));
		described.put("headers", headers);
		described.put("checks", request.checks().size());
		described.put("extractions", request.extractions().stream().map(Step.Extraction::variable).toList());
		request.checks()
			.stream()
			.filter(Step.Check.Regex.class::isInstance)
			.findFirst()
			.ifPresent((check) -> described.put("bodyPattern", ((Step.Check.Regex) check).pattern()));
		if (request.stopOnFailure()) {
			described.put("stopOnFailure", true);
		}
		return described;
	}

	static String seconds(Duration duration) {
		return Durations.format(duration);
	}

}

package dev.fluxbench.harness.run;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.results.CalibrationJson;
import dev.fluxbench.harness.results.ResultJson;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.target.Target;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunDescriptionTests {

	@Test
	void runJsonShouldNameTheHeadersOfARequestButNeverTheirValues() {
		RunJson run = RunDescription.of(plan("thesis-normal", new Target.Launched(Stack.MVC_REDIS)));
		assertThat(run.scenario().requests()).singleElement()
			.satisfies((request) -> assertThat(request.headers()).containsExactly("X-Requester", "Authorization"));
		assertThat(ResultJson.write(run)).contains("\"Authorization\"", "\"bodyPattern\"")
			// The scenario's password, alone and as the Basic credential JMeter sends.
			.doesNotContain("loadtest-secret", "bG9hZHRlc3Q6bG9hZHRlc3Qtc2VjcmV0");
	}

	@Test
	void runJsonWhenTheServiceIsGivenShouldRecordItsAddressAndNoStackSetUp() {
		RunJson run = RunDescription
			.of(plan("quick", new Target.Given("before", URI.create("http://127.0.0.1:9090/api"), Optional.empty())));
		assertThat(run.status()).isEqualTo(RunJson.Status.RUNNING);
		assertThat(run.targets()).containsExactly("before");
		assertThat(run.targetDescriptions()).singleElement()
			.isEqualTo(new RunJson.TargetDescription.Given("before", URI.create("http://127.0.0.1:9090/api"), "none",
					"a running service at http://127.0.0.1:9090/api, no metrics: client-side figures only"));
		assertThat(run.appJvmFlags()).isEmpty();
		assertThat(run.database()).isEmpty();
		assertThat(run.libraries()).containsKey("jmeter");
	}

	@Test
	void runJsonShouldRecordTheFaultProfileAndTheDownstreamItWasSetOn() {
		List<FaultPhase> phases = List.of(FaultPhase.healthy(Duration.ofSeconds(60)),
				new FaultPhase(Duration.ofSeconds(30), 503, 0.5, null));
		URI downstream = URI.create("http://127.0.0.1:8090");
		RunPlan plan = new RunPlan(Catalogue.byName("quick").orElseThrow().withFaults(phases),
				List.of(new Target.Given("before", URI.create("http://127.0.0.1:9090"), Optional.empty())),
				Database.parse("h2"), CpuLayout.unpinned(2), Path.of("out"), 0, Path.of("."), List.of("run"), Map.of(),
				Optional.of(downstream));
		assertThat(RunDescription.of(plan).faults()).hasValue(new RunJson.Faults(phases, Optional.of(downstream)));
		assertThat(RunDescription.of(plan("quick", new Target.Launched(Stack.MVC))).faults()).isEmpty();
	}

	@Test
	void runJsonShouldRecordTheInFlightLimitTheLaunchedStacksGot() {
		RunPlan limited = new RunPlan(Catalogue.byName("quick").orElseThrow(),
				List.of(new Target.Launched(Stack.MVC_VT)), Database.parse("h2"), CpuLayout.unpinned(2), Path.of("out"),
				0, Path.of("."), List.of("run", "--max-in-flight", "400"), Map.of(), Optional.empty(), 400, "512m",
				Steadiness.DEFAULT);
		RunJson run = RunDescription.of(limited);
		assertThat(run.maxInFlight()).hasValue(400);
		assertThat(ResultJson.write(run)).contains("\"maxInFlight\": 400");
		assertThat(limited.launcher().maxInFlight()).isEqualTo(400);
		assertThat(RunDescription.of(plan("quick", new Target.Launched(Stack.MVC_VT))).maxInFlight()).isEmpty();
	}

	@Test
	void runJsonShouldCarryTheCalibrationItWasGiven() {
		CalibrationJson.Side side = CalibrationJson.Side.of(1000, 0, Duration.ofSeconds(1), Duration.ofMillis(100),
				Duration.ofMillis(1), Duration.ofMillis(2));
		CalibrationJson calibration = new CalibrationJson(CalibrationJson.FORMAT_VERSION, Optional.empty(),
				"http://127.0.0.1:8080/", Optional.of("mvc"), "", "wrk 4.1.0", Duration.ofSeconds(1), Duration.ZERO,
				List.of(CalibrationJson.Point.of(10, side, side)));
		RunPlan calibrated = new RunPlan(Catalogue.byName("quick").orElseThrow(),
				List.of(new Target.Launched(Stack.MVC)), Database.parse("h2"), CpuLayout.unpinned(2), Path.of("out"), 0,
				Path.of("."), List.of("run", "--calibration", "calibration.json"), Map.of(), Optional.empty(), 0,
				"512m", Steadiness.DEFAULT, Optional.of(calibration));
		assertThat(RunDescription.of(calibrated).calibration()).hasValue(calibration);
		assertThat(RunDescription.of(plan("quick", new Target.Launched(Stack.MVC))).calibration()).isEmpty();
	}

	@Test
	void runJsonShouldRecordTheHeapTheLaunchedStacksGot() {
		RunPlan larger = new RunPlan(Catalogue.byName("quick").orElseThrow(),
				List.of(new Target.Launched(Stack.MVC_VT)), Database.parse("h2"), CpuLayout.unpinned(2), Path.of("out"),
				0, Path.of("."), List.of("run", "--heap", "1g"), Map.of(), Optional.empty(), 0, "1g",
				Steadiness.DEFAULT);
		assertThat(RunDescription.of(larger).appJvmFlags()).contains("-Xms1g", "-Xmx1g").doesNotContain("-Xmx512m");
		assertThat(RunDescription.of(plan("quick", new Target.Launched(Stack.MVC_VT))).appJvmFlags())
			.contains("-Xms512m", "-Xmx512m");
	}

	private static RunPlan plan(String scenario, Target target) {
		return new RunPlan(Catalogue.byName(scenario).orElseThrow(), List.of(target), Database.parse("h2"),
				CpuLayout.unpinned(2), Path.of("out"), 0, Path.of("."), List.of("run"), Map.of());
	}

}

package dev.fluxbench.harness.run;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.harness.target.Target;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunPlanTests {

	@Test
	void trialsShouldRotateTheTargetOrderSoNoTargetAlwaysGoesFirst() {
		Target mvc = new Target.Launched(Stack.MVC);
		Target vt = new Target.Launched(Stack.MVC_VT);
		Target given = new Target.Given("after", URI.create("http://127.0.0.1:9090"), Optional.empty());
		RunPlan plan = new RunPlan(Catalogue.byName("quick").orElseThrow(), List.of(mvc, vt, given),
				Database.parse("h2"), CpuLayout.unpinned(2), Path.of("out"), 0, Path.of("."), List.of(), Map.of());
		assertThat(plan.order(1)).containsExactly(mvc, vt, given);
		assertThat(plan.order(2)).containsExactly(vt, given, mvc);
		assertThat(plan.order(3)).containsExactly(given, mvc, vt);
		assertThat(plan.order(4)).containsExactly(mvc, vt, given);
		assertThat(plan.launchesStacks()).isTrue();
	}

	@Test
	void samplesShouldBeClassifiedAgainstTheStatusTheRequestExpects() {
		org.apache.jmeter.samplers.SampleResult created = new org.apache.jmeter.samplers.SampleResult();
		created.setSampleLabel("artist-create");
		created.setResponseCode("200");
		created.setSuccessful(true);
		assertThat(SampleSink.convert(created, 201)).satisfies((sample) -> {
			assertThat(sample.success()).isFalse();
			assertThat(sample.errorCause()).isEqualTo("unexpected_200");
			assertThat(sample.status()).isEqualTo("200");
		});
		created.setResponseCode("201");
		assertThat(SampleSink.convert(created, 201).success()).isTrue();
	}

}

package dev.fluxbench.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.fluxbench.harness.launch.CpuLayout;
import dev.fluxbench.harness.launch.Database;
import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Stack;

class RunPlanTest {

	@Test
	void trialsRotateTheStackOrderSoNoStackAlwaysGoesFirst() {
		RunPlan plan = new RunPlan(Catalogue.byName("quick").orElseThrow(), List.of(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX),
				Database.parse("h2"), CpuLayout.unpinned(2), Path.of("out"), Duration.ZERO, 0, Path.of("."), List.of());
		assertThat(plan.order(1)).containsExactly(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX);
		assertThat(plan.order(2)).containsExactly(Stack.MVC_VT, Stack.WEBFLUX, Stack.MVC);
		assertThat(plan.order(3)).containsExactly(Stack.WEBFLUX, Stack.MVC, Stack.MVC_VT);
		assertThat(plan.order(4)).containsExactly(Stack.MVC, Stack.MVC_VT, Stack.WEBFLUX);
	}

	@Test
	void samplesAreClassifiedAgainstTheStatusTheRequestExpects() {
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

package dev.fluxbench.harness.load;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.rpsThreadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.uniformRandomTimer;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.apache.http.entity.ContentType;

import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.scenario.Request;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Termination;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/** Turns one load level of a scenario into a jmeter-java-dsl test plan, and runs it. */
final class LoadPlan {

	static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

	/** Enough to warm every code path of a stack without queueing on one core. */
	static final int WARMUP_USERS = 20;

	private LoadPlan() {
	}

	/** Runs one measured load level; every sample goes to {@code consumer}. */
	static void run(Scenario scenario, int load, URI app, Consumer<Sample> consumer, SampleSink.Progress progress) {
		SampleSink sink = SampleSink.to(consumer, expectedStatus(scenario), progress);
		try {
			execute(testPlan(defaults(app, scenario), threadGroupFor(scenario, load), sink));
		}
		finally {
			sink.close();
		}
	}

	/**
	 * Drives a freshly started stack for {@code duration} with the scenario's requests and no
	 * think time, so that the JIT has compiled its hot paths before anything is measured. Samples
	 * are counted for the status line but not kept.
	 */
	static void warmUp(Scenario scenario, Duration duration, URI app, SampleSink.Progress progress) {
		int users = Math.min(WARMUP_USERS, scenario.loads().get(0));
		SampleSink sink = SampleSink.to((sample) -> {
		}, expectedStatus(scenario), progress);
		try {
			execute(testPlan(defaults(app, scenario), threadGroup("warmup", Math.max(1, users), duration, samplers(scenario)), sink));
		}
		finally {
			sink.close();
		}
	}

	static Map<String, Integer> expectedStatus(Scenario scenario) {
		Map<String, Integer> expected = new LinkedHashMap<>();
		scenario.requests().forEach((request) -> expected.put(request.label(), request.expectedStatus()));
		return expected;
	}

	private static us.abstracta.jmeter.javadsl.http.DslHttpDefaults defaults(URI app, Scenario scenario) {
		return httpDefaults().url(app.toString())
			.connectionTimeout(CONNECT_TIMEOUT)
			.responseTimeout(scenario.responseTimeout());
	}

	static BaseThreadGroup<?> threadGroupFor(Scenario scenario, int load) {
		ThreadGroupChild[] children = children(scenario);
		if (scenario.isOpenModel()) {
			Duration hold = (scenario.termination() instanceof Termination.Hold(Duration duration)) ? duration
					: Duration.ofSeconds(60);
			return rpsThreadGroup("load-" + load).maxThreads(scenario.maxThreads())
				.rampToAndHold(load, scenario.rampUp(), hold)
				.children(children);
		}
		DslDefaultThreadGroup group = threadGroup("load-" + load);
		group = group.rampTo(load, scenario.rampUp());
		group = switch (scenario.termination()) {
			case Termination.Iterations(int count) -> group.holdIterating(count);
			case Termination.Hold(Duration hold) -> group.holdFor(hold);
		};
		return group.children(children);
	}

	private static ThreadGroupChild[] children(Scenario scenario) {
		List<ThreadGroupChild> children = new ArrayList<>(List.of(samplers(scenario)));
		if (!scenario.thinkTimeMax().isZero()) {
			children.add(uniformRandomTimer(scenario.thinkTimeMin(), scenario.thinkTimeMax()));
		}
		return children.toArray(ThreadGroupChild[]::new);
	}

	private static ThreadGroupChild[] samplers(Scenario scenario) {
		return scenario.requests().stream().map(LoadPlan::sampler).toArray(ThreadGroupChild[]::new);
	}

	private static DslHttpSampler sampler(Request request) {
		DslHttpSampler sampler = httpSampler(request.label(), request.path()).method(request.method());
		for (Map.Entry<String, String> header : request.headers().entrySet()) {
			sampler = sampler.header(header.getKey(), header.getValue());
		}
		if (request.body().isPresent()) {
			sampler = sampler.body(request.body().get()).contentType(ContentType.APPLICATION_JSON);
		}
		if (request.bodyPattern().isPresent()) {
			// A 200 that does not say success is a failed sample, as in the thesis' Figure 7.
			sampler = sampler.children(responseAssertion().containsRegexes(request.bodyPattern().get()));
		}
		return sampler;
	}

	private static void execute(DslTestPlan plan) {
		try {
			// JMeter's summariser prints its own progress to stdout every few seconds; ours is the status line.
			plan.runIn(new EmbeddedJmeterEngine().prop("summariser.out", "false").prop("summariser.name", ""));
		}
		catch (IOException | TimeoutException ex) {
			throw new IllegalStateException("JMeter could not run the test plan: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while the load ran", ex);
		}
	}

}

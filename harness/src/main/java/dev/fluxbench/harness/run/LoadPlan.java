package dev.fluxbench.harness.run;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.harness.engines.EngineRun;
import dev.fluxbench.harness.engines.Engines;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Step;
import dev.fluxbench.harness.scenario.Termination;
import dev.fluxbench.harness.scenario.Workload;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.assertions.DslJsonAssertion;
import us.abstracta.jmeter.javadsl.core.assertions.DslResponseAssertion;
import us.abstracta.jmeter.javadsl.core.configs.DslCsvDataSet;
import us.abstracta.jmeter.javadsl.core.configs.DslVariables;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsonExtractor;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslRegexExtractor;
import us.abstracta.jmeter.javadsl.core.samplers.BaseSampler;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.RpsThreadGroup;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

import static us.abstracta.jmeter.javadsl.JmeterDsl.csvDataSet;
import static us.abstracta.jmeter.javadsl.JmeterDsl.forLoopController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsonAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsonExtractor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.regexExtractor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.rpsThreadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadPause;
import static us.abstracta.jmeter.javadsl.JmeterDsl.uniformRandomTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

/**
 * Turns one load level of a scenario into a jmeter-java-dsl test plan, and runs it. Every
 * part of the format maps onto a JMeter element: requests onto HTTP samplers, checks onto
 * assertions, extractions onto extractors, pauses onto flow-control pauses, repeats onto
 * loop controllers, feeders onto CSV data sets. JMeter runs the load; nothing here is a
 * load engine.
 */
final class LoadPlan {

	/**
	 * The most users that warm a target up. The JIT compiles anew for a concurrency it
	 * has not seen: a stack warmed up with fewer users than a load has still compiles in
	 * that load, so the warm-up reaches the concurrency of the loads most scenarios
	 * measure. Not more, because a scenario's heaviest load may be one that jams the
	 * stack (a deep chain on a bounded pool), which would leave every load after it
	 * measuring the jam; {@code --warmup-users} sets another number.
	 */
	static final int WARMUP_USERS = 50;

	private static final String REFERENCE = "${";

	private static final Pattern ENV = Pattern.compile("\\$\\{env\\.([A-Za-z_][A-Za-z0-9_]*)}");

	private final Scenario scenario;

	private final Map<String, String> environment;

	/**
	 * What an open model's rate counts: requests, as the scenario format says, or whole
	 * journeys.
	 */
	private final RpsThreadGroup.EventType counting;

	/** How many users warm a target up; 0 for the scenario's own choice. */
	private final int warmupUsers;

	/**
	 * The JMeter remote engines that run the measured loads; empty when the harness runs
	 * them itself. Warm-ups and cool-downs always run here: they serve the target's JIT,
	 * and stop on the harness' own judgement.
	 */
	private final Optional<Engines> engines;

	/**
	 * Creates the plan of a scenario's load.
	 * @param environment where {@code ${env.NAME}} values come from; they are put into
	 * the plan here, in memory, and nowhere else
	 */
	LoadPlan(Scenario scenario, Map<String, String> environment) {
		this(scenario, environment, RpsThreadGroup.EventType.REQUESTS, 0, Optional.empty());
	}

	private LoadPlan(Scenario scenario, Map<String, String> environment, RpsThreadGroup.EventType counting,
			int warmupUsers, Optional<Engines> engines) {
		this.scenario = scenario;
		this.environment = environment;
		this.counting = counting;
		this.warmupUsers = warmupUsers;
		this.engines = engines;
	}

	/** The same plan with its measured loads split across JMeter remote engines. */
	LoadPlan withEngines(Optional<Engines> engines) {
		return new LoadPlan(this.scenario, this.environment, this.counting, this.warmupUsers, engines);
	}

	/**
	 * The same plan warmed up by {@code users} users; 0 keeps the scenario's own choice
	 * ({@link #warmupUsers()}).
	 */
	LoadPlan withWarmupUsers(int users) {
		return new LoadPlan(this.scenario, this.environment, this.counting, users, this.engines);
	}

	/**
	 * The same plan with open-model rates in journeys started per second: what
	 * {@code fluxbench
	 * knee} searches over, so that a journey of several requests arrives as one user
	 * would.
	 */
	LoadPlan countingJourneys() {
		return new LoadPlan(this.scenario, this.environment, RpsThreadGroup.EventType.ITERATIONS, this.warmupUsers,
				this.engines);
	}

	/**
	 * Runs one measured load level against {@code target}; every sample goes to
	 * {@code consumer}.
	 * @return how the users' journeys ended
	 */
	Journeys run(Workload.Level level, URI target, Consumer<Sample> consumer, SampleSink.Progress progress) {
		if (this.engines.isPresent()) {
			return runOn(this.engines.get(), level, target, consumer, progress);
		}
		SampleSink sink = SampleSink.to(consumer, expectedStatus(), progress);
		try (JourneyCounter journeys = JourneyCounter.open()) {
			execute(plan(threadGroupFor(level, target, journeys), sink), localEngine());
			return journeys.journeys();
		}
		finally {
			sink.close();
		}
	}

	/**
	 * Runs one measured load level on several targets at the same time, in one JMeter
	 * test: each target has a thread group of its own, with the level's users or rate (a
	 * share, in a mixed run), samplers that address it and its own listener, so that each
	 * sample reaches the consumer of the target its user drives. One test, not one per
	 * target: JMeter keeps its running test in static state, so two tests in one JVM at
	 * once would stop each other.
	 * @param targets where each thread group's requests go
	 * @param consumers where each target's samples go, in the order of {@code targets}
	 * @return how each target's journeys ended, in the same order
	 */
	List<Journeys> runTogether(Workload.Level level, List<URI> targets, List<Consumer<Sample>> consumers,
			SampleSink.Progress progress) {
		List<SampleSink> sinks = new ArrayList<>();
		List<JourneyCounter> counters = new ArrayList<>();
		try {
			List<TestPlanChild> children = shared();
			for (int i = 0; i < targets.size(); i++) {
				URI target = targets.get(i);
				SampleSink sink = SampleSink.to(consumers.get(i), expectedStatus(), progress);
				sinks.add(sink);
				JourneyCounter journeys = JourneyCounter.open();
				counters.add(journeys);
				children.add(threadGroupFor(level, target, journeys).children(sink));
			}
			execute(testPlan(children.toArray(TestPlanChild[]::new)), localEngine());
			return counters.stream().map(JourneyCounter::journeys).toList();
		}
		finally {
			counters.forEach(JourneyCounter::close);
			sinks.forEach(SampleSink::close);
		}
	}

	/**
	 * Runs one measured load level on every engine at once, each with its share of it.
	 * @throws dev.fluxbench.harness.launch.EnvironmentException when an engine stopped
	 * answering
	 */
	private Journeys runOn(Engines engines, Workload.Level level, URI target, Consumer<Sample> consumer,
			SampleSink.Progress progress) {
		SampleSink sink = SampleSink.to(consumer, expectedStatus(), progress, engines::engineOf);
		try (JourneyCounter journeys = JourneyCounter.open()) {
			EngineRun run = new EngineRun(engines);
			run.prop("summariser.out", "false").prop("summariser.name", "");
			execute(plan(threadGroupFor(level, target, journeys, engines.count()), sink), run);
			run.checkFinished();
			long[] counts = run.journeys(journeys.id());
			return Journeys.of(counts[0], counts[1], counts[2]);
		}
		finally {
			sink.close();
		}
	}

	/**
	 * Drives a freshly started target for at most {@code maximum} with the journey, so
	 * that the JIT has compiled its hot paths before anything is measured. Each user
	 * stops at its next sample once {@code done} says so. Samples are counted for the
	 * status line but not kept.
	 */
	void warmUp(Duration maximum, URI target, SampleSink.Progress progress, BooleanSupplier done) {
		try (JourneyCounter journeys = JourneyCounter.open()) {
			warmUp(threadGroup("warmup", warmupUsers(), maximum, journey(this.scenario.journey(), target, journeys)),
					progress, done);
		}
	}

	/**
	 * Drives the target as {@link #warmUp} does, but at {@code rate} requests per second,
	 * with at most as many users: a load light enough to leave the compiler threads a
	 * core.
	 */
	void coolDown(double rate, Duration maximum, URI target, SampleSink.Progress progress, BooleanSupplier done) {
		try (JourneyCounter journeys = JourneyCounter.open()) {
			warmUp(rpsThreadGroup("cool-down").maxThreads(warmupUsers())
				.rampToAndHold(rate, Duration.ZERO, maximum)
				.children(journey(this.scenario.journey(), target, journeys)), progress, done);
		}
	}

	private void warmUp(BaseThreadGroup<?> group, SampleSink.Progress progress, BooleanSupplier done) {
		AtomicBoolean stopping = new AtomicBoolean();
		SampleSink sink = SampleSink.to((sample) -> {
			if (done.getAsBoolean() && stopping.compareAndSet(false, true)) {
				// The sink hears each sample on the thread of the user that sent it. The
				// whole test stops, each user after its current sample: a stopped thread
				// alone would be replaced by the groups that hold a rate.
				JMeterContextService.getContext().getEngine().askThreadsToStop();
			}
		}, expectedStatus(), progress);
		try {
			execute(plan(group, sink), localEngine());
		}
		finally {
			sink.close();
		}
	}

	/**
	 * How many users warm a target up, with no think time: as many as the scenario's
	 * largest load (users, or rate for an open model), up to {@link #WARMUP_USERS},
	 * unless the run set how many.
	 */
	int warmupUsers() {
		if (this.warmupUsers > 0) {
			return this.warmupUsers;
		}
		int largest = this.scenario.levels().stream().mapToInt(Workload.Level::load).max().orElse(1);
		return Math.max(1, Math.min(WARMUP_USERS, largest));
	}

	Map<String, Integer> expectedStatus() {
		Map<String, Integer> expected = new LinkedHashMap<>();
		this.scenario.requests().forEach((request) -> expected.put(request.label(), request.status()));
		return expected;
	}

	private DslTestPlan plan(BaseThreadGroup<?> group, SampleSink sink) {
		List<TestPlanChild> children = shared();
		children.add(group);
		children.add(sink);
		return testPlan(children.toArray(TestPlanChild[]::new));
	}

	/**
	 * What every thread group of a plan shares: the cache setting, variables, feeders.
	 */
	private List<TestPlanChild> shared() {
		List<TestPlanChild> children = new ArrayList<>();
		// jmeter-java-dsl gives every plan with HTTP samplers a browser's cache. A
		// benchmark wants every request to reach the target, and the cache's bookkeeping
		// on every response is CPU of the generator's (docs/calibrate.md).
		children.add(httpCache().disable());
		if (!this.scenario.variables().isEmpty()) {
			DslVariables variables = vars();
			for (Map.Entry<String, String> variable : this.scenario.variables().entrySet()) {
				variables = variables.set(variable.getKey(), resolve(variable.getValue()));
			}
			children.add(variables);
		}
		for (Scenario.Feeder feeder : this.scenario.feeders()) {
			DslCsvDataSet data = csvDataSet(feeder.file().toString()).encoding(StandardCharsets.UTF_8);
			data = data.stopThreadOnEOF(!feeder.recycle()).randomOrder(feeder.random());
			children.add(data);
		}
		return children;
	}

	BaseThreadGroup<?> threadGroupFor(Workload.Level level, URI target, JourneyCounter journeys) {
		return threadGroupFor(level, target, journeys, 1);
	}

	/**
	 * The thread group of one of {@code engines} that share the level: each runs the same
	 * plan, with its share of the users or of the rate.
	 */
	BaseThreadGroup<?> threadGroupFor(Workload.Level level, URI target, JourneyCounter journeys, int engines) {
		ThreadGroupChild[] children = children(target, journeys);
		if (this.scenario.workload() instanceof Workload.Open open) {
			Duration hold = ((Termination.Hold) level.termination()).duration();
			double rate = (double) level.load() / engines;
			int maxThreads = (int) Math.ceil((double) open.maxThreads() / engines);
			return rpsThreadGroup("load-" + level.load()).maxThreads(maxThreads)
				.counting(this.counting)
				.initThreads(initialThreads((int) Math.ceil(rate), maxThreads))
				.rampToAndHold(rate, level.rampUp(), hold)
				.children(children);
		}
		if (level.load() % engines != 0) {
			throw new IllegalArgumentException(
					"a load of " + level.load() + " users does not split evenly over " + engines + " engines");
		}
		DslDefaultThreadGroup group = threadGroup("load-" + level.load()).rampTo(level.load() / engines,
				level.rampUp());
		group = switch (level.termination()) {
			case Termination.Iterations(int count) -> group.holdIterating(count);
			case Termination.Hold(Duration hold) -> group.holdFor(hold);
		};
		return group.children(children);
	}

	/**
	 * Threads enough from the start for {@code rate} journeys per second that each take
	 * twice their floor (or 100 ms without one). JMeter starts an open load with one
	 * thread and adds more once a second as it sees the need, which takes several seconds
	 * to reach a few hundred requests per second: a level's first seconds, and a knee
	 * step's hold, would measure the generator catching up rather than the target.
	 */
	int initialThreads(int rate, int maxThreads) {
		long floorMillis = Math.max(this.scenario.round().floor().toMillis(), 100);
		long threads = (long) Math.ceil(rate * floorMillis * 2 / 1000.0);
		return (int) Math.max(1, Math.min(maxThreads, threads));
	}

	private ThreadGroupChild[] children(URI target, JourneyCounter journeys) {
		List<ThreadGroupChild> children = new ArrayList<>();
		children.add(journeys.start());
		children.addAll(List.of(journey(this.scenario.journey(), target, journeys)));
		children.add(journeys.end());
		thinkTimer().ifPresent(children::add);
		return children.toArray(ThreadGroupChild[]::new);
	}

	/**
	 * The scenario's think time, when it has one. A timer at the thread group's level
	 * runs before every sampler in it, loops included.
	 */
	private Optional<ThreadGroupChild> thinkTimer() {
		Step.Pause think = this.scenario.thinkTime();
		return think.isZero() ? Optional.empty() : Optional.of(uniformRandomTimer(think.min(), think.max()));
	}

	private ThreadGroupChild[] journey(List<Step> steps, URI target, JourneyCounter journeys) {
		return steps.stream().map((step) -> element(step, target, journeys)).toArray(ThreadGroupChild[]::new);
	}

	/**
	 * A target's path, as {@code /shop} of {@code http://host/shop/}, without its last
	 * slash.
	 */
	static String basePath(URI target) {
		String path = (target.getRawPath() == null) ? "" : target.getRawPath();
		return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
	}

	private ThreadGroupChild element(Step step, URI target, JourneyCounter journeys) {
		return switch (step) {
			case Step.Request request -> sampler(request, target, journeys);
			case Step.Pause pause -> pause.min().equals(pause.max()) ? threadPause(pause.min())
					: threadPause("${__Random(" + pause.min().toMillis() + "," + pause.max().toMillis() + ")}");
			case Step.Repeat repeat -> forLoopController(repeat.times(), journey(repeat.steps(), target, journeys));
		};
	}

	/**
	 * One request's sampler, with where it goes and its timeouts on itself rather than in
	 * HTTP defaults: JMeter merges a defaults element into every sampler before each
	 * sample and takes it out again after, bookkeeping on the generator's cores for every
	 * request (docs/calibrate.md).
	 */
	private DslHttpSampler sampler(Step.Request request, URI target, JourneyCounter journeys) {
		String path = resolve(request.path());
		String basePath = basePath(target);
		DslHttpSampler sampler = httpSampler(request.label(), url(path, basePath)).method(request.method())
			.connectionTimeout(this.scenario.connectTimeout())
			.responseTimeout(this.scenario.responseTimeout());
		if (!Step.Request.isAbsoluteUrl(path)) {
			// An absolute URL brings its own. Without a port, JMeter takes the scheme's.
			sampler = sampler.protocol(target.getScheme()).host(target.getHost());
			if (target.getPort() != -1) {
				sampler = sampler.port(target.getPort());
			}
		}
		boolean contentType = false;
		for (Map.Entry<String, String> header : request.headers().entrySet()) {
			sampler = sampler.header(header.getKey(), resolve(header.getValue()));
			contentType |= header.getKey().equalsIgnoreCase("Content-Type");
		}
		if (request.basicAuth().isPresent()) {
			Step.BasicAuth auth = request.basicAuth().get();
			String credentials = resolve(auth.username()) + ":" + resolve(auth.password());
			sampler = sampler.header("Authorization",
					"Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
		}
		if (request.body().isPresent()) {
			sampler = sampler.body(resolve(request.body().get()));
			if (!contentType) {
				sampler = sampler.header("Content-Type", "application/json");
			}
		}
		List<BaseSampler.SamplerChild> children = new ArrayList<>();
		if (path.startsWith(REFERENCE) && !basePath.isEmpty()) {
			children.add(new TargetBasePath(basePath));
		}
		// JMeter fails every 4xx and 5xx by itself; the scenario's status decides
		// instead, so that a journey may expect a 401 or a 404.
		children.add(responseAssertion("status").fieldToTest(DslResponseAssertion.TargetField.RESPONSE_CODE)
			.ignoreStatus()
			.equalsToStrings(Integer.toString(request.status())));
		for (Step.Check check : request.checks()) {
			children.add(switch (check) {
				case Step.Check.Contains(String text) -> responseAssertion().containsSubstrings(resolve(text));
				case Step.Check.Regex(String pattern) -> responseAssertion().containsRegexes(pattern);
				case Step.Check.JsonPath(String query, var equalTo) -> {
					DslJsonAssertion assertion = jsonAssertion(query)
						.queryLanguage(DslJsonExtractor.JsonQueryLanguage.JSON_PATH);
					// jmeter-java-dsl compares JSON: a number stays a number, text is
					// resolved first.
					yield equalTo
						.map((value) -> assertion.equalsTo((value instanceof String text) ? resolve(text) : value))
						.orElse(assertion);
				}
			});
		}
		for (Step.Extraction extraction : request.extractions()) {
			children.add(switch (extraction.source()) {
				case JSON_PATH -> jsonExtractor(extraction.variable(), extraction.expression())
					.queryLanguage(DslJsonExtractor.JsonQueryLanguage.JSON_PATH)
					.defaultValue(extraction.defaultValue());
				case REGEX -> regexExtractor(extraction.variable(), extraction.expression())
					.defaultValue(extraction.defaultValue());
				case HEADER ->
					regexExtractor(extraction.variable(), "(?im)^" + quote(extraction.expression()) + ":\\s*(.*?)\\s*$")
						.fieldToCheck(DslRegexExtractor.TargetField.RESPONSE_HEADERS)
						.defaultValue(extraction.defaultValue());
			});
		}
		if (request.stopOnFailure()) {
			children.add(journeys.stopUserOnFailure());
		}
		return sampler.children(children.toArray(BaseSampler.SamplerChild[]::new));
	}

	/**
	 * Where a request goes, as its sampler takes it: a path goes after the target's base
	 * path, an absolute URL goes as it is (jmeter-java-dsl splits it into scheme, host,
	 * port and path). A path that starts with a reference is known only per sample, when
	 * {@link TargetBasePath} decides; JMeter itself sends a resolved path that starts
	 * with {@code http://} as a whole URL.
	 */
	static String url(String path, String basePath) {
		if (Step.Request.isAbsoluteUrl(path) || path.startsWith(REFERENCE)) {
			return path;
		}
		return basePath + path;
	}

	/**
	 * A header name as a regular expression that matches it literally, in JMeter's regex
	 * engine (Jakarta ORO's Perl 5 syntax by default) as in Java's: ORO knows no
	 * {@code \Q...\E}, so {@link Pattern#quote} would match nothing there.
	 */
	static String quote(String text) {
		StringBuilder quoted = new StringBuilder(text.length() * 2);
		for (char c : text.toCharArray()) {
			if (!Character.isLetterOrDigit(c)) {
				quoted.append('\\');
			}
			quoted.append(c);
		}
		return quoted.toString();
	}

	/** Puts environment values in; JMeter resolves every other reference per sample. */
	String resolve(String template) {
		Matcher matcher = ENV.matcher(template);
		StringBuilder resolved = new StringBuilder();
		while (matcher.find()) {
			String value = this.environment.get(matcher.group(1));
			if (value == null) {
				throw new IllegalStateException("environment variable " + matcher.group(1) + " is not set");
			}
			matcher.appendReplacement(resolved, Matcher.quoteReplacement(value));
		}
		matcher.appendTail(resolved);
		return resolved.toString();
	}

	/**
	 * JMeter in this JVM. Its summariser prints its own progress to stdout every few
	 * seconds; ours is the status line.
	 */
	private static EmbeddedJmeterEngine localEngine() {
		return new LocalEngine().prop("summariser.out", "false").prop("summariser.name", "");
	}

	private static void execute(DslTestPlan plan, EmbeddedJmeterEngine engine) {
		try {
			plan.runIn(engine);
		}
		catch (IOException | TimeoutException ex) {
			throw new IllegalStateException("JMeter could not run the test plan: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while the load ran", ex);
		}
	}

	/**
	 * jmeter-java-dsl's engine without its statistics. They estimate several percentiles
	 * of every label as each sample arrives (commons-math's P² estimators), which costs
	 * the generator CPU and garbage on every request; fluxbench computes its figures from
	 * samples.csv and never reads them (docs/calibrate.md).
	 */
	static final class LocalEngine extends EmbeddedJmeterEngine {

		@Override
		protected void addStatsCollector(HashTree testPlanTree, TestPlanStats stats) {
		}

	}

}

package dev.fluxbench.harness.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.fluxbench.harness.results.Journeys;
import dev.fluxbench.harness.results.Sample;
import dev.fluxbench.harness.scenario.Catalogue;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.ScenarioReader;
import dev.fluxbench.harness.scenario.Workload;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Journeys run by JMeter against a JDK HTTP server that records what it was asked: each
 * part of the format must do to real requests what the format says.
 */
class LoadPlanTests {

	/** Where a plan that is built but not run sends its requests. */
	private static final URI TARGET = URI.create("http://127.0.0.1:8080/shop/");

	@TempDir
	Path directory;

	private HttpServer server;

	private final List<String> requests = new CopyOnWriteArrayList<>();

	private final AtomicInteger operations = new AtomicInteger();

	@BeforeEach
	void startServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", this::answer);
		this.server.start();
	}

	@AfterEach
	void stopServer() {
		this.server.stop(0);
	}

	private void answer(HttpExchange exchange) throws IOException {
		String path = exchange.getRequestURI().toString();
		String token = exchange.getRequestHeaders().getFirst("X-Token");
		String auth = exchange.getRequestHeaders().getFirst("Authorization");
		this.requests.add(exchange.getRequestMethod() + " " + path + ((token != null) ? " token=" + token : "")
				+ ((auth != null) ? " auth=" + auth : ""));
		int status = 200;
		String body;
		String method = exchange.getRequestMethod();
		if (path.equals("/shop/operations") && method.equals("POST")) {
			// The apps answer with an absolute Location, as seed 002's JHipster apps did.
			int id = this.operations.incrementAndGet();
			exchange.getResponseHeaders()
				.set("Location", "http://127.0.0.1:" + this.server.getAddress().getPort() + "/shop/operations/" + id);
			body = "{\"id\":" + id + "}";
			status = 201;
		}
		else if (path.startsWith("/shop/operations/")) {
			body = method.equals("DELETE") ? "" : "{\"id\":" + path.substring("/shop/operations/".length()) + "}";
			status = method.equals("DELETE") ? 204 : 200;
		}
		else if (path.startsWith("/shop/gate/")) {
			// Users 2 and 4 are turned away.
			body = "{}";
			status = (Integer.parseInt(path.substring("/shop/gate/".length())) % 2 == 0) ? 500 : 200;
		}
		else if (path.startsWith("/shop/login")) {
			exchange.getResponseHeaders().set("Location", "/shop/items/7");
			body = "{\"token\":\"abc\",\"user\":{\"id\":42}}";
			status = 201;
		}
		else if (path.startsWith("/shop/items/7")) {
			body = "{\"name\":\"item-7\"}";
		}
		else if (path.startsWith("/shop/hello/")) {
			body = "hello";
		}
		else {
			body = "{\"problem\":\"not found\"}";
			status = 404;
		}
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, (bytes.length == 0) ? -1 : bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	@Test
	void journeyShouldFeedExtractionsToLaterStepsRepeatRepeatsAndStopTheUserOnAFailure() {
		Scenario scenario = read("""
				version: 1
				name: journey
				load:
				  closed: {users: [1], iterations: 2}
				journey:
				  - request:
				      label: login
				      method: POST
				      path: /login
				      json: {user: ada}
				      headers: {X-Token: "${env.TOKEN}"}
				      status: 201
				      checks:
				        - jsonPath: $.user.id
				          equals: 42
				      extract:
				        - {variable: token, jsonPath: $.token}
				        - {variable: item, header: Location}
				        - {variable: user, regex: '"id":(\\d+)'}
				  - pause: 10ms
				  - repeat:
				      times: 2
				      steps:
				        - request:
				            label: item
				            path: /items/7?t=${token}&u=${user}
				            checks: [{contains: item-7}, {regex: 'item-\\d'}]
				  - request:
				      label: missing
				      path: /nothing
				      stopOnFailure: true
				""");
		List<Sample> samples = run(scenario, Map.of("TOKEN", "from-env"));
		assertThat(samples).extracting(Sample::label)
			.as("the second iteration never starts")
			.containsExactly("login", "item", "item", "missing");
		assertThat(samples).extracting(Sample::success).containsExactly(true, true, true, false);
		assertThat(samples.getLast().errorCause()).isEqualTo("http_404");
		assertThat(this.requests).containsExactly("POST /shop/login token=from-env", "GET /shop/items/7?t=abc&u=42",
				"GET /shop/items/7?t=abc&u=42", "GET /shop/nothing");
	}

	@Test
	void sampleWhenACheckFailsShouldFailDespiteTheExpectedStatusAndPassWithAnExpectedErrorStatus() {
		Scenario scenario = read("""
				version: 1
				name: checks
				load:
				  closed: {users: [1], iterations: 1}
				journey:
				  - request:
				      label: wrong-body
				      path: /items/7
				      checks: [{jsonPath: $.name, equals: item-8}]
				  - request: {label: absent, path: /nothing, status: 404, checks: [{contains: not found}]}
				  - request:
				      label: basic
				      path: /hello/x
				      basicAuth: {username: ada, password: "${env.SECRET}"}
				""");
		List<Sample> samples = run(scenario, Map.of("SECRET", "pw"));
		assertThat(samples).extracting(Sample::label).containsExactly("wrong-body", "absent", "basic");
		assertThat(samples).extracting(Sample::success).containsExactly(false, true, true);
		assertThat(samples.getFirst().errorCause()).isEqualTo("assertion_failed");
		assertThat(this.requests.getLast()).endsWith("auth=Basic YWRhOnB3");
	}

	@Test
	void feederShouldGiveEachIterationTheNextRow() throws IOException {
		Files.writeString(this.directory.resolve("users.csv"), "name,role\nada,admin\nbob,user\n");
		Path file = this.directory.resolve("feed.yaml");
		Files.writeString(file, """
				version: 1
				name: feed
				variables: {greeting: hi}
				feeders: [{file: users.csv}]
				load:
				  closed: {users: [1], iterations: 3}
				journey:
				  - request: {label: hello, path: "/hello/${name}?role=${role}&g=${greeting}"}
				""");
		run(ScenarioReader.read(file, Map.of()), Map.of());
		assertThat(this.requests).containsExactly("GET /shop/hello/ada?role=admin&g=hi",
				"GET /shop/hello/bob?role=user&g=hi", "GET /shop/hello/ada?role=admin&g=hi");
	}

	@Test
	void everyBuiltInScenarioShouldBuildATestPlanForEachLevel() {
		for (Scenario scenario : Catalogue.scenarios()) {
			LoadPlan plan = new LoadPlan(scenario, Map.of());
			try (JourneyCounter journeys = JourneyCounter.open()) {
				for (Workload.Level level : scenario.levels()) {
					assertThat(plan.threadGroupFor(level, TARGET, journeys))
						.as("%s at %d", scenario.name(), level.load())
						.isNotNull();
				}
			}
		}
	}

	@Test
	void absoluteUrlWhenExtractedFromALocationHeaderShouldBeRequestedAsItIsEachTime() {
		Scenario scenario = read("""
				version: 1
				name: operations
				load:
				  closed: {users: [1], iterations: 1}
				journey:
				  - repeat:
				      times: 2
				      steps:
				        - request:
				            label: create
				            method: POST
				            path: /operations
				            json: {description: SAMPLE_TEXT}
				            status: 201
				            extract: [{variable: operationUrl, header: Location}]
				            stopOnFailure: true
				        - repeat:
				            times: 2
				            steps:
				              - request: {label: read, path: "${operationUrl}"}
				        - request: {label: delete, method: DELETE, path: "${operationUrl}", status: 204}
				""");
		List<Sample> samples = run(scenario, Map.of());
		// The target is http://127.0.0.1:PORT/shop/: the Location already holds /shop,
		// and is not put after it again.
		assertThat(this.requests).containsExactly("POST /shop/operations", "GET /shop/operations/1",
				"GET /shop/operations/1", "DELETE /shop/operations/1", "POST /shop/operations",
				"GET /shop/operations/2", "GET /shop/operations/2", "DELETE /shop/operations/2");
		assertThat(samples).allSatisfy((sample) -> assertThat(sample.success()).as(sample.label()).isTrue());
	}

	@Test
	void referencesWhenTheyHoldAPathOrALiteralUrlShouldGoWhereAPathOrAUrlGoes() {
		String url = "http://127.0.0.1:" + this.server.getAddress().getPort() + "/shop/items/7";
		Scenario scenario = read("""
				version: 1
				name: references
				variables: {item: /items/7, itemUrl: "%s"}
				load:
				  closed: {users: [1], iterations: 1}
				journey:
				  - request: {label: by-path, path: "${item}?v=1"}
				  - request: {label: by-url, path: "${itemUrl}?v=2"}
				  - request: {label: literal, path: "%s?v=3"}
				""".formatted(url, url));
		List<Sample> samples = run(scenario, Map.of());
		assertThat(samples).extracting(Sample::success).containsExactly(true, true, true);
		assertThat(this.requests).containsExactly("GET /shop/items/7?v=1", "GET /shop/items/7?v=2",
				"GET /shop/items/7?v=3");
	}

	@Test
	void journeysShouldCountUsersThatStartFinishAndAreStoppedByAFailedRequest() {
		Scenario scenario = read("""
				version: 1
				name: gate
				load:
				  closed: {users: [5], iterations: 2}
				journey:
				  - request: {label: hello, path: /hello/x}
				  - pause: 10ms
				  - request:
				      label: gate
				      path: /gate/${__threadNum}
				      stopOnFailure: true
				""");
		List<Sample> samples = new CopyOnWriteArrayList<>();
		Journeys journeys = run(scenario, Map.of(), samples);
		// Users 2 and 4 are stopped in their first journey, the last step of it: they
		// neither complete it nor start another. The other three run both of theirs.
		assertThat(journeys).isEqualTo(new Journeys(8, 6, 2, 0));
		assertThat(journeys.lost(false)).isEqualTo(2);
		assertThat(samples).filteredOn((sample) -> !sample.success()).hasSize(2);
		assertThat(samples).hasSize(3 * 2 * 2 + 2 * 2);
	}

	@Test
	void heldLevelWhenItsTimeRunsOutShouldLeaveJourneysUnfinishedAndLoseNoUser() {
		Scenario scenario = read("""
				version: 1
				name: held
				load:
				  closed: {users: [2], hold: 1s}
				journey:
				  - request: {label: hello, path: /hello/x}
				  - pause: 200ms
				""");
		Journeys journeys = run(scenario, Map.of(), new CopyOnWriteArrayList<>());
		assertThat(journeys.completed()).isGreaterThanOrEqualTo(2);
		assertThat(journeys.stopped()).isZero();
		assertThat(journeys.started()).isEqualTo(journeys.completed() + journeys.unfinished());
		assertThat(journeys.unfinished()).isLessThanOrEqualTo(2);
		assertThat(journeys.lost(true)).isZero();
	}

	@Test
	void loadWhenTargetsTakeItTogetherShouldSendEachTargetsUsersToItAndItsSamplesToItsConsumer() throws IOException {
		Scenario scenario = read("""
				version: 1
				name: together
				load:
				  closed: {users: [2], iterations: 3}
				journey:
				  - request: {label: hello, path: /hello/x}
				  - request:
				      label: gate
				      path: /gate/${__threadNum}
				      stopOnFailure: true
				""");
		HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		List<String> received = new CopyOnWriteArrayList<>();
		other.createContext("/", (exchange) -> {
			received.add(exchange.getRequestURI().getPath());
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		other.start();
		try {
			List<Sample> first = new CopyOnWriteArrayList<>();
			List<Sample> second = new CopyOnWriteArrayList<>();
			SampleSink.Progress progress = new SampleSink.Progress();
			List<Journeys> journeys = new LoadPlan(scenario, Map.of()).runTogether(scenario.levels().getFirst(),
					List.of(URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/shop/"),
							URI.create("http://127.0.0.1:" + other.getAddress().getPort() + "/other")),
					List.of(first::add, second::add), progress);
			// Each target had its own two users: on the first, user 2 is turned away at
			// the gate and stops; the second lets everyone through.
			assertThat(journeys).containsExactly(new Journeys(4, 3, 1, 0), new Journeys(6, 6, 0, 0));
			assertThat(first).hasSize(8).filteredOn((sample) -> !sample.success()).hasSize(1);
			assertThat(second).hasSize(12).allSatisfy((sample) -> assertThat(sample.success()).isTrue());
			assertThat(received).hasSize(12).allSatisfy((path) -> assertThat(path).startsWith("/other/"));
			assertThat(this.requests).hasSize(8).allSatisfy((request) -> assertThat(request).contains(" /shop/"));
			assertThat(progress.samples()).isEqualTo(20);
		}
		finally {
			other.stop(0);
		}
	}

	@Test
	void loadWhenEnginesShareItShouldGiveEachItsShareOfTheUsersOrOfTheRate() throws IOException {
		Scenario closed = read("""
				version: 1
				name: closed
				load:
				  closed: {users: [10], hold: 1s}
				journey:
				  - request: {label: hello, path: /hello/x}
				""");
		Scenario open = read("""
				version: 1
				name: open
				load:
				  open:
				    stages:
				      - {rate: 25, hold: 1s}
				    maxThreads: 101
				journey:
				  - request: {label: hello, path: /hello/x}
				""");
		try (JourneyCounter journeys = JourneyCounter.open()) {
			ThreadGroup users = (ThreadGroup) element(
					new LoadPlan(closed, Map.of()).threadGroupFor(closed.levels().getFirst(), TARGET, journeys, 2));
			assertThat(users.getNumThreads()).isEqualTo(5);
			AbstractThreadGroup rate = element(
					new LoadPlan(open, Map.of()).threadGroupFor(open.levels().getFirst(), TARGET, journeys, 2));
			// An arrival-rate group of jmeter-plugins: its threads grow up to the maximum
			// given here, its timer holds the rate.
			assertThat(rate.getPropertyAsString("TargetLevel")).contains(",51,");
			HashTree tree = new ListedHashTree();
			new LoadPlan(open, Map.of()).threadGroupFor(open.levels().getFirst(), TARGET, journeys, 2)
				.buildTreeUnder(tree, new BuildTreeContext());
			assertThat(propertyValues(tree)).anySatisfy((value) -> assertThat(value).contains("12.5"));
		}
	}

	@Test
	void samplersShouldCarryTheTargetsAddressAndTheScenariosTimeoutsUnlessTheyGoToAWholeUrl() throws IOException {
		Scenario scenario = read("""
				version: 1
				name: timeouts
				http: {connectTimeout: 3s, responseTimeout: 7s}
				load:
				  closed: {users: [1], hold: 1s}
				journey:
				  - request: {label: local, path: /hello/x}
				  - request: {label: elsewhere, path: "https://other.example:9443/api"}
				""");
		new JmeterEnvironment();
		HashTree tree = new ListedHashTree();
		try (JourneyCounter journeys = JourneyCounter.open()) {
			new LoadPlan(scenario, Map.of()).threadGroupFor(scenario.levels().getFirst(), TARGET, journeys)
				.buildTreeUnder(tree, new BuildTreeContext());
		}
		List<HTTPSamplerBase> samplers = samplers(tree);
		assertThat(samplers).extracting(HTTPSamplerBase::getName).containsExactly("local", "elsewhere");
		HTTPSamplerBase local = samplers.get(0);
		assertThat(List.of(local.getProtocol(), local.getDomain(), local.getPort(), local.getPath()))
			.containsExactly("http", "127.0.0.1", 8080, "/shop/hello/x");
		HTTPSamplerBase elsewhere = samplers.get(1);
		assertThat(List.of(elsewhere.getProtocol(), elsewhere.getDomain(), elsewhere.getPort(), elsewhere.getPath()))
			.containsExactly("https", "other.example", 9443, "/api");
		assertThat(samplers).allSatisfy((sampler) -> {
			assertThat(sampler.getConnectTimeout()).isEqualTo(3000);
			assertThat(sampler.getResponseTimeout()).isEqualTo(7000);
		});
	}

	/** Every HTTP sampler in {@code tree}, in order. */
	private static List<HTTPSamplerBase> samplers(HashTree tree) {
		List<HTTPSamplerBase> samplers = new ArrayList<>();
		for (Object node : tree.list()) {
			if (node instanceof HTTPSamplerBase sampler) {
				samplers.add(sampler);
			}
			samplers.addAll(samplers(tree.getTree(node)));
		}
		return samplers;
	}

	/** Every property value of every element in {@code tree}, as text. */
	private static List<String> propertyValues(HashTree tree) {
		List<String> values = new ArrayList<>();
		for (Object node : tree.list()) {
			if (node instanceof TestElement element) {
				element.propertyIterator().forEachRemaining((property) -> values.add(property.getStringValue()));
			}
			values.addAll(propertyValues(tree.getTree(node)));
		}
		return values;
	}

	private static AbstractThreadGroup element(BaseThreadGroup<?> group) throws IOException {
		// Building JMeter's elements reads JMeter's properties.
		new JmeterEnvironment();
		HashTree tree = new ListedHashTree();
		group.buildTreeUnder(tree, new BuildTreeContext());
		return (AbstractThreadGroup) tree.list().iterator().next();
	}

	@Test
	void warmupWhenTheScenarioIsClosedShouldDriveItsLargestLoadInUsersUpToFifty() {
		String closed = """
				version: 1
				name: closed
				load:
				  closed: {users: [5, %d, 3], hold: 1s}
				journey:
				  - request: {label: hello, path: /hello/x}
				""";
		assertThat(new LoadPlan(read(closed.formatted(500)), Map.of()).warmupUsers()).isEqualTo(50);
		assertThat(new LoadPlan(read(closed.formatted(12)), Map.of()).warmupUsers()).isEqualTo(12);
	}

	@Test
	void warmupWhenTheScenarioIsOpenShouldDriveItsLargestRateInUsersUpToFifty() {
		String open = """
				version: 1
				name: open
				load:
				  open:
				    stages:
				      - {rate: %d, hold: 1s}
				    maxThreads: 100
				journey:
				  - request: {label: hello, path: /hello/x}
				""";
		assertThat(new LoadPlan(read(open.formatted(200)), Map.of()).warmupUsers()).isEqualTo(50);
		assertThat(new LoadPlan(read(open.formatted(7)), Map.of()).warmupUsers()).isEqualTo(7);
	}

	@Test
	void warmupWhenTheRunSetsItsUsersShouldDriveThatManyWhateverTheScenario() {
		String closed = """
				version: 1
				name: closed
				load:
				  closed: {users: [5, 500], hold: 1s}
				journey:
				  - request: {label: hello, path: /hello/x}
				""";
		LoadPlan plan = new LoadPlan(read(closed), Map.of());
		assertThat(plan.withWarmupUsers(500).warmupUsers()).isEqualTo(500);
		assertThat(plan.withWarmupUsers(3).countingJourneys().warmupUsers()).isEqualTo(3);
		assertThat(plan.withWarmupUsers(0).warmupUsers()).isEqualTo(50);
	}

	@Test
	void warmupWhenItIsDoneShouldStopEveryUserAndCountWhatTheySent() {
		Scenario scenario = read("""
				version: 1
				name: closed
				load:
				  closed: {users: [3], hold: 1s, thinkTime: {min: 1ms, max: 2ms}}
				journey:
				  - request: {label: hello, path: /hello/x}
				""");
		SampleSink.Progress progress = new SampleSink.Progress();
		// Done after a few samples: the warm-up must end long before its maximum.
		new LoadPlan(scenario, Map.of()).warmUp(Duration.ofMinutes(10),
				URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/shop"), progress,
				() -> progress.samples() >= 30);
		assertThat(progress.samples()).isGreaterThanOrEqualTo(30);
		assertThat(progress.errors()).isZero();
		assertThat(this.requests).hasSizeGreaterThanOrEqualTo(30).allMatch("GET /shop/hello/x"::equals);
	}

	@Test
	void requestShouldGoAfterTheBasePathUnlessItIsAWholeUrlOrKnownOnlyPerSample() {
		assertThat(LoadPlan.url("/api/x", "/shop")).isEqualTo("/shop/api/x");
		assertThat(LoadPlan.url("http://other:9090/api/x", "/shop")).isEqualTo("http://other:9090/api/x");
		assertThat(LoadPlan.url("${operationUrl}", "/shop")).isEqualTo("${operationUrl}");
	}

	@Test
	void targetsBasePathShouldLoseItsLastSlash() {
		assertThat(LoadPlan.basePath(URI.create("http://host:8080"))).isEmpty();
		assertThat(LoadPlan.basePath(URI.create("http://host:8080/"))).isEmpty();
		assertThat(LoadPlan.basePath(URI.create("http://host:8080/shop/"))).isEqualTo("/shop");
	}

	private Scenario read(String yaml) {
		return ScenarioReader.read("test.yaml", new StringReader(yaml), Map.of("TOKEN", "-", "SECRET", "-"));
	}

	private List<Sample> run(Scenario scenario, Map<String, String> environment) {
		List<Sample> samples = new CopyOnWriteArrayList<>();
		run(scenario, environment, samples);
		return samples;
	}

	private Journeys run(Scenario scenario, Map<String, String> environment, List<Sample> samples) {
		return new LoadPlan(scenario, environment).run(scenario.levels().getFirst(),
				URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/shop/"), samples::add,
				new SampleSink.Progress());
	}

}

package dev.fluxbench.harness.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.harness.results.LoadKey;
import dev.fluxbench.harness.results.Summary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CatalogueTests {

	/** The repository's scenarios directory, where a user copies the built-ins from. */
	private static final Path REPOSITORY_SCENARIOS = Path.of("..", Catalogue.DIRECTORY);

	@Test
	void everyFileInTheScenariosDirectoryShouldBeABuiltInAndRead() throws IOException {
		try (Stream<Path> files = Files.list(REPOSITORY_SCENARIOS)) {
			assertThat(files.map((file) -> file.getFileName().toString())
				.filter((name) -> name.endsWith(".yaml"))
				.map((name) -> name.substring(0, name.length() - ".yaml".length())))
				.containsExactlyInAnyOrderElementsOf(Catalogue.names());
		}
		assertThat(Catalogue.scenarios()).extracting(Scenario::name).containsExactlyElementsOf(Catalogue.names());
		assertThat(Catalogue.scenarios()).allSatisfy((scenario) -> {
			assertThat(scenario.source()).isEqualTo(Catalogue.source(scenario.name()));
			assertThat(ScenarioReader.read(REPOSITORY_SCENARIOS.resolve(scenario.name() + ".yaml"), Map.of()))
				.as("the repository's file is the one in the jar")
				.isEqualTo(scenario.withSource(REPOSITORY_SCENARIOS.resolve(scenario.name() + ".yaml").toString()));
		});
	}

	@Test
	void thesisProfilesShouldMatchTheThesis() {
		Scenario normal = Catalogue.byName("thesis-normal").orElseThrow();
		assertThat(normal.loads()).containsExactly(350);
		assertThat(normal.levels().getFirst().rampUp()).isEqualTo(Duration.ofSeconds(60));
		assertThat(normal.levels().getFirst().termination()).isEqualTo(new Termination.Iterations(1));
		assertThat(normal.seeds()).containsExactly("000_7f0aef5aecc896c0.txt");
		assertThat(Catalogue.byName("thesis-higher").orElseThrow().levels().getFirst().termination())
			.isEqualTo(new Termination.Iterations(2));
		Scenario stress = Catalogue.byName("thesis-stress").orElseThrow();
		assertThat(stress.loads()).containsExactly(10_000);
		assertThat(stress.levels().getFirst().termination()).isEqualTo(new Termination.Iterations(4));
		for (String thesis : List.of("thesis-normal", "thesis-higher", "thesis-stress")) {
			assertThat(Catalogue.byName(thesis).orElseThrow().assertions()).containsExactly(
					new Assertion.PercentileBelow(99, Duration.ofSeconds(10), Optional.empty()),
					new Assertion.ErrorsBelow(10, Optional.empty()));
		}
	}

	@Test
	void thesisProfilesShouldLookUnitsUpWithCredentialsOverTheFiveVariants() {
		for (String thesis : List.of("thesis-normal", "thesis-higher", "thesis-stress")) {
			Scenario scenario = Catalogue.byName(thesis).orElseThrow();
			assertThat(scenario.stacks()).containsExactly(Stack.MVC_REDIS, Stack.MVC, Stack.WEBFLUX,
					Stack.WEBFLUX_REDIS, Stack.MVC_VT);
			assertThat(scenario.needsDirectory()).isTrue();
			assertThat(scenario.requests()).singleElement().satisfies((lookup) -> {
				assertThat(lookup.method()).isEqualTo("GET");
				assertThat(lookup.path()).isEqualTo("/api/units/${__Random(1,10000)}");
				assertThat(lookup.headers()).containsEntry("X-Requester", "loadtest");
				assertThat(lookup.basicAuth()).hasValue(new Step.BasicAuth("loadtest", "loadtest-secret"));
			});
		}
		assertThat(Catalogue.byName("quick").orElseThrow().needsDirectory()).isFalse();
		assertThat(Catalogue.byName("quick").orElseThrow().stacks()).containsExactly(Stack.MVC, Stack.MVC_VT,
				Stack.WEBFLUX);
	}

	@Test
	void unitLookupShouldSucceedOnlyWhenTheBodySaysSuccessTrue() {
		Step.Check check = Catalogue.byName("thesis-normal").orElseThrow().requests().getFirst().checks().getFirst();
		Pattern success = Pattern.compile(((Step.Check.Regex) check).pattern());
		assertThat(success.matcher("{\"success\": true, \"unit\": {}}").find()).isTrue();
		assertThat(success.matcher("{\"success\":true,\"unit\":{}}").find()).isTrue();
		assertThat(success.matcher("{\"success\": false, \"status\": 403}").find()).isFalse();
		assertThat(success.matcher("{\"unit\": {\"name\": \"success true\"}}").find()).isFalse();
	}

	@Test
	void cachedVariantsShouldDifferFromTheirStackOnlyByTheCache() {
		assertThat(Stack.MVC_REDIS.jar()).isEqualTo(Stack.MVC.jar());
		assertThat(Stack.MVC_REDIS.profiles()).isEqualTo(Stack.MVC.profiles());
		assertThat(Stack.WEBFLUX_REDIS.jar()).isEqualTo(Stack.WEBFLUX.jar());
		assertThat(Stack.MVC_REDIS.cache().mode()).isEqualTo("distributed");
		assertThat(Stack.MVC.cache().mode()).isEqualTo("none");
	}

	@Test
	void passthroughProfileShouldMatchSeed004() {
		Scenario boot2 = Catalogue.byName("boot2-passthrough").orElseThrow();
		assertThat(boot2.loads()).containsExactly(300, 1000, 1500, 3000, 5000);
		assertThat(boot2.levels()).allSatisfy((level) -> {
			assertThat(level.rampUp()).isEqualTo(Duration.ofSeconds(30));
			assertThat(level.termination()).isEqualTo(new Termination.Iterations(30));
		});
		assertThat(boot2.thinkTime()).isEqualTo(new Step.Pause(Duration.ofSeconds(1), Duration.ofSeconds(2)));
		assertThat(boot2.requests()).singleElement()
			.satisfies((request) -> assertThat(request.body()).hasValueSatisfying((body) -> assertThat(body)
				.isEqualTo("{\"id\":\"${__UUID()}\",\"payload\":\"fluxbench\",\"delay\":300}")));
		assertThat(boot2.seeds()).containsExactly("004_22a772f8fae86275.txt");
		// 1000 users, each spending 0.3 s waiting and 1.5 s thinking per request: 555.6
		// requests/s at most.
		Scenario.Round round = boot2.round();
		assertThat(round.requests()).isEqualTo(1);
		assertThat(round.floor()).isEqualTo(Duration.ofMillis(1800));
		assertThat(round.hasFloor()).isTrue();
	}

	@Test
	void ipponOperationsShouldBeSeed002sGatlingJourneyStepForStep() {
		Scenario ippon = Catalogue.byName("ippon-operations").orElseThrow();
		assertThat(ippon.seeds()).containsExactly("002_40e23d62534e9a56.txt");
		assertThat(ippon.stacks()).isEqualTo(Stack.IPPON_VARIANTS);
		assertThat(ippon.loads()).containsExactly(5000, 10000, 15000, 20000);
		assertThat(ippon.levels()).allSatisfy((level) -> {
			assertThat(level.rampUp()).as("atOnceUsers").isZero();
			assertThat(level.termination()).isEqualTo(new Termination.Iterations(1));
		});
		assertThat(ippon.requests()).extracting(Step.Request::label)
			.containsExactly("first-unauthenticated-request", "authentication", "authenticated-request",
					"get-all-operations", "create-new-operation", "get-created-operation", "delete-created-operation");
		assertThat(ippon.requests()).extracting(Step.Request::method)
			.containsExactly("GET", "POST", "GET", "GET", "POST", "GET", "DELETE");
		assertThat(ippon.requests()).extracting(Step.Request::status)
			.containsExactly(401, 200, 200, 200, 201, 200, 204);
		// Gatling's exitHereIfFailed follows the first request, the authentication and
		// each creation.
		assertThat(ippon.requests()).extracting(Step.Request::stopOnFailure)
			.containsExactly(true, true, false, false, true, false, false);
		assertThat(ippon.requests().get(1).body()).hasValue("{\"username\":\"admin\", \"password\":\"admin\"}");
		assertThat(ippon.requests().get(1).extractions())
			.containsExactly(new Step.Extraction("access_token", Step.Extraction.Source.HEADER, "Authorization", ""));
		assertThat(ippon.requests().get(4).extractions())
			.containsExactly(new Step.Extraction("new_operation_url", Step.Extraction.Source.HEADER, "Location", ""));
		assertThat(ippon.requests().subList(5, 7)).extracting(Step.Request::path).containsOnly("${new_operation_url}");
		assertThat(ippon.requests().subList(2, 7))
			.allSatisfy((request) -> assertThat(request.headers()).containsEntry("Authorization", "${access_token}"));
		// 1 + 1 + 2 + 2 x (list + create + 8 reads + delete) requests, and the seed's
		// pauses: 5 + 1 + 2 x 5 + 2 x (7.5 mean + 5 + 8 x 3 + 5) s.
		assertThat(ippon.round().requests()).isEqualTo(26);
		assertThat(ippon.round().floor()).isEqualTo(Duration.ofSeconds(99));
		// The token is the app's own: no LDAP directory is started for it.
		assertThat(ippon.needsDirectory()).isFalse();
	}

	@Test
	void ipponOperationsWhenScaledToAHundredthShouldRunFiftyToTwoHundredUsersWithTheSeedsPauses() {
		Scenario quick = Catalogue.byName("ippon-operations").orElseThrow().scaled(0.01);
		assertThat(quick.loads()).containsExactly(50, 100, 150, 200);
		assertThat(quick.levels().getFirst().rampUp()).isZero();
		assertThat(quick.levels().getFirst().termination()).isEqualTo(new Termination.Iterations(1));
		assertThat(quick.warmup()).isEqualTo(Duration.ofSeconds(1));
		// Pauses describe the users, not the size of the test: each level still lasts a
		// journey, about 100 s.
		assertThat(quick.estimatedLength(quick.levels().getFirst())).isEqualTo(Duration.ofSeconds(99));
	}

	@Test
	void chainRampShouldBeSeed003sFifteenMinuteRampToAThousandRequestsASecond() {
		Scenario ramp = Catalogue.byName("chain-ramp").orElseThrow();
		assertThat(ramp.seeds()).containsExactly("003_79621d6cb54c0382.txt");
		assertThat(ramp.workload()).isInstanceOf(Workload.Open.class);
		assertThat(ramp.loads()).containsExactly(1000);
		assertThat(ramp.levels().getFirst().rampUp()).isEqualTo(Duration.ofMinutes(15));
		assertThat(ramp.requests()).singleElement()
			.satisfies((request) -> assertThat(request.path()).startsWith("/chain/").contains("depth=1", "delay=100"));
		// A tenth is a ramp of a minute and a half to 100 requests/s: long enough to read
		// (RampBreakdown).
		Scenario quick = ramp.scaled(0.1);
		assertThat(quick.loads()).containsExactly(100);
		assertThat(quick.levels().getFirst().rampUp()).isEqualTo(Duration.ofSeconds(90));
	}

	@Test
	void chainFaultsShouldFailThenStallTheDownstreamWhileTheLoadHoldsAndOutlastsThePhases() {
		Scenario faults = Catalogue.byName("chain-faults").orElseThrow();
		assertThat(faults.faults()).extracting(FaultPhase::hold)
			.containsExactly(Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(20),
					Duration.ofSeconds(60));
		assertThat(faults.faults()).extracting(FaultPhase::failing).containsExactly(false, true, true, false);
		assertThat(faults.faults().get(1).failureShare()).isEqualTo(0.5);
		assertThat(faults.faults().get(1).failureStatus()).isEqualTo(503);
		// Past the time limiter's 1 s (docs/chain.md): every call times out.
		assertThat(faults.faults().get(2).stall()).isEqualTo(Duration.ofSeconds(3));
		Duration phases = faults.faults().stream().map(FaultPhase::hold).reduce(Duration.ZERO, Duration::plus);
		Termination.Hold hold = (Termination.Hold) faults.levels().getFirst().termination();
		assertThat(hold.duration()).isGreaterThan(phases);
	}

	@Test
	void chainsShouldDifferOnlyInDepth() {
		Scenario chain = Catalogue.byName("chain").orElseThrow();
		Scenario deep = Catalogue.byName("chain-deep").orElseThrow();
		assertThat(chain.requests()).singleElement()
			.satisfies((request) -> assertThat(request.path()).contains("depth=1&delay=100"));
		assertThat(deep.requests()).singleElement()
			.satisfies((request) -> assertThat(request.path()).contains("depth=3&delay=100"));
		assertThat(deep.loads()).isEqualTo(chain.loads());
		assertThat(deep.levels()).isEqualTo(chain.levels());
	}

	@Test
	void seed002sWebfluxVariantsShouldBeProfilesOfTheWebfluxJar() {
		assertThat(List.of(Stack.WEBFLUX_JDBC, Stack.WEBFLUX_JDBC_PARALLEL, Stack.WEBFLUX_VT)).allSatisfy((variant) -> {
			assertThat(variant.jar()).isEqualTo(Stack.WEBFLUX.jar());
			assertThat(variant.cache()).isEqualTo(Stack.Cache.NONE);
			assertThat(variant.seed()).isEqualTo("002_40e23d62534e9a56.txt");
		});
		assertThat(Stack.WEBFLUX_JDBC.profiles()).containsExactly("jdbc");
		assertThat(Stack.WEBFLUX_JDBC_PARALLEL.profiles()).containsExactly("jdbc", "parallel");
		assertThat(Stack.WEBFLUX_VT.profiles()).containsExactly("vt");
		assertThat(Stack.WEBFLUX_JDBC_PARALLEL.schema()).isEqualTo("fluxbench_webflux_jdbc_parallel");
		assertThat(Stack.byId("webflux-vt")).contains(Stack.WEBFLUX_VT);
	}

	@Test
	void directoryWhenTheJourneyUsesBasicCredentialsShouldBeNeededButNotForABearerToken() {
		Step.Request bearer = new Step.Request("a", "GET", "/", Map.of("Authorization", "Bearer abc"), Optional.empty(),
				Optional.empty(), 200, Duration.ZERO, List.of(), List.of(), false);
		Step.Request issued = new Step.Request("b", "GET", "/", Map.of("authorization", "${token}"), Optional.empty(),
				Optional.empty(), 200, Duration.ZERO, List.of(), List.of(), false);
		Step.Request basic = new Step.Request("c", "GET", "/", Map.of("Authorization", "Basic bG9hZHRlc3Q6eA=="),
				Optional.empty(), Optional.empty(), 200, Duration.ZERO, List.of(), List.of(), false);
		Step.Request fromEnvironment = new Step.Request("d", "GET", "/", Map.of("Authorization", "${env.AUTH}"),
				Optional.empty(), Optional.empty(), 200, Duration.ZERO, List.of(), List.of(), false);
		assertThat(bearer.sendsCredentials(Set.of())).isFalse();
		assertThat(issued.sendsCredentials(Set.of("token"))).isFalse();
		assertThat(issued.sendsCredentials(Set.of())).as("not issued by the app: may be Basic").isTrue();
		assertThat(basic.sendsCredentials(Set.of())).isTrue();
		assertThat(fromEnvironment.sendsCredentials(Set.of("token"))).isTrue();
	}

	@Test
	void openModelShouldHoldEveryStageAtItsRate() {
		Scenario open = Catalogue.byName("boot2-passthrough-open").orElseThrow();
		assertThat(open.isOpenModel()).isTrue();
		assertThat(open.loads()).containsExactly(250, 500, 1000, 2000);
		assertThat(open.workload()).isInstanceOfSatisfying(Workload.Open.class,
				(workload) -> assertThat(workload.maxThreads()).isEqualTo(5000));
		assertThat(open.levels()).allSatisfy((level) -> {
			assertThat(level.rampUp()).isEqualTo(Duration.ofSeconds(10));
			assertThat(level.termination()).isEqualTo(new Termination.Hold(Duration.ofSeconds(60)));
		});
	}

	@Test
	void concertsProfileShouldRampTo1000ThreadsInAMinuteWithBothArtistCalls() {
		Scenario concerts = Catalogue.byName("concerts-1000").orElseThrow();
		assertThat(concerts.loads()).containsExactly(1000);
		assertThat(concerts.levels().getFirst().rampUp()).isEqualTo(Duration.ofMinutes(1));
		assertThat(concerts.requests()).extracting(Step.Request::method).containsExactly("GET", "POST");
		assertThat(concerts.requests()).extracting(Step.Request::status).containsExactly(200, 201);
	}

	@Test
	void concertsRelationsShouldReadWholeConcertsAtConcertsLoadsOnTheFourWaysOfReading() {
		Scenario concerts = Catalogue.byName("concerts-1000").orElseThrow();
		Scenario relations = Catalogue.byName("concerts-relations").orElseThrow();

		assertThat(relations.loads()).isEqualTo(concerts.loads());
		assertThat(relations.levels()).isEqualTo(concerts.levels());
		assertThat(relations.seeds()).isEqualTo(concerts.seeds());
		assertThat(relations.stacks()).isEqualTo(Stack.CONCERT_VARIANTS);
		assertThat(relations.requests()).extracting(Step.Request::label)
			.containsExactly("concert-read", "artists-list");
	}

	@Test
	void quickShouldBeTheDefaultAndMeasureForMinutesAfterWarmupsThatEndOnceSteady() {
		Scenario quick = Catalogue.byName(Catalogue.DEFAULT_SCENARIO).orElseThrow();
		assertThat(quick.trials()).isEqualTo(1);
		assertThat(quick.responseTimeout()).isEqualTo(Duration.ofSeconds(10));
		assertThat(Catalogue.byName("thesis-stress").orElseThrow().responseTimeout())
			.isEqualTo(Scenario.DEFAULT_RESPONSE_TIMEOUT);
		assertThat(quick.requests()).extracting(Step.Request::label).containsExactly("passthrough", "artists-list");
		Duration measured = Duration.ZERO;
		for (Workload.Level level : quick.levels()) {
			measured = measured.plus(quick.estimatedLength(level));
		}
		// The loads take little; the warm-up, a maximum that ends once a stack is steady,
		// takes most of the time, and bounds the whole run to a quarter of an hour.
		assertThat(measured.multipliedBy(3)).isLessThan(Duration.ofMinutes(2));
		assertThat(quick.warmup().plus(measured).multipliedBy(3)).isLessThan(Duration.ofMinutes(15));
	}

	@Test
	void everyScenarioShouldNameASeed() {
		assertThat(Catalogue.scenarios()).allSatisfy((scenario) -> assertThat(scenario.seeds()).isNotEmpty()
			.allSatisfy((seed) -> assertThat(seed).matches("\\d{3}_[0-9a-f]{16}\\.txt")));
		assertThat(Catalogue.names()).doesNotHaveDuplicates();
	}

	@Test
	void scalingShouldMultiplyUsersAndDurationsButNotClientBehaviour() {
		Scenario boot2 = Catalogue.byName("boot2-passthrough").orElseThrow().scaled(0.01);
		assertThat(boot2.loads()).containsExactly(3, 10, 15, 30, 50);
		assertThat(boot2.levels().getFirst().rampUp()).isEqualTo(Duration.ofSeconds(1));
		assertThat(boot2.levels().getFirst().termination()).isEqualTo(new Termination.Iterations(30));
		assertThat(boot2.thinkTime().max()).isEqualTo(Duration.ofSeconds(2));
		assertThat(boot2.scale()).isEqualTo(0.01);
		assertThat(Catalogue.byName("quick").orElseThrow().scaled(2).levels().getFirst().termination())
			.isEqualTo(new Termination.Hold(Duration.ofSeconds(16)));
	}

	@Test
	void scalingShouldNeverDropBelowOneUser() {
		assertThat(Catalogue.byName("thesis-normal").orElseThrow().scaled(0.0001).loads()).containsExactly(1);
	}

	@Test
	void overridesShouldKeepTheFirstLevelsRampAndReplaceTheEnd() {
		Scenario quick = Catalogue.byName("quick").orElseThrow();
		Scenario changed = quick.withLoads(List.of(1, 2)).withHold(Duration.ofSeconds(3));
		assertThat(changed.loads()).containsExactly(1, 2);
		assertThat(changed.levels()).allSatisfy((level) -> {
			assertThat(level.rampUp()).isEqualTo(Duration.ofSeconds(2));
			assertThat(level.termination()).isEqualTo(new Termination.Hold(Duration.ofSeconds(3)));
		});
		assertThat(quick.loads()).as("immutable").containsExactly(5, 20, 50);
		assertThatIllegalArgumentException().isThrownBy(() -> quick.withLoads(List.of(0)));
		assertThatIllegalArgumentException().isThrownBy(() -> quick.withTrials(0));
		assertThatIllegalArgumentException().isThrownBy(() -> quick.scaled(-1));
	}

	@Test
	void assertionsShouldReportTheirViolation() {
		LoadKey key = new LoadKey("x", 1, "mvc", 1);
		Summary slow = new Summary(key, Summary.ALL, 100, 10, new java.util.TreeMap<>(), Duration.ZERO, Duration.ZERO,
				Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ofSeconds(12),
				Duration.ZERO, 5.0, Duration.ofSeconds(20));
		assertThat(new Assertion.PercentileBelow(99, Duration.ofSeconds(10), Optional.empty()).check(slow))
			.hasValue("p99 12000 ms is not below 10000 ms");
		assertThat(new Assertion.PercentileBelow(99, Duration.ofSeconds(13), Optional.empty()).check(slow)).isEmpty();
		assertThat(new Assertion.ErrorsBelow(10, Optional.empty()).check(slow)).hasValue("10 errors is not below 10");
		assertThat(new Assertion.ErrorsBelow(11, Optional.empty()).check(slow)).isEmpty();
		assertThat(new Assertion.ErrorRateBelow(0.05, Optional.empty()).check(slow))
			.hasValue("error rate 10.00% is not below 5.00%");
		assertThat(new Assertion.ThroughputAtLeast(10, Optional.of("list")).check(slow))
			.hasValue("throughput 5 req/s is below 10 req/s");
		assertThat(new Assertion.ThroughputAtLeast(10, Optional.of("list")))
			.hasToString("throughput >= 10 req/s [list]");
	}

}

package dev.fluxbench.harness.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Files;
import java.time.Duration;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class CatalogueTest {

	@Test
	void thesisProfilesMatchTheThesis() {
		assertThat(Catalogue.byName("thesis-normal")).hasValueSatisfying((normal) -> {
			assertThat(normal.loads()).containsExactly(350);
			assertThat(normal.rampUp()).isEqualTo(Duration.ofSeconds(60));
			assertThat(normal.termination()).isEqualTo(new Termination.Iterations(1));
			assertThat(normal.seeds()).containsExactly(Seed.THESIS);
		});
		assertThat(Catalogue.byName("thesis-higher").orElseThrow().termination())
			.isEqualTo(new Termination.Iterations(2));
		Scenario stress = Catalogue.byName("thesis-stress").orElseThrow();
		assertThat(stress.loads()).containsExactly(10_000);
		assertThat(stress.termination()).isEqualTo(new Termination.Iterations(4));
		for (String thesis : new String[] { "thesis-normal", "thesis-higher", "thesis-stress" }) {
			assertThat(Catalogue.byName(thesis).orElseThrow().assertions())
				.containsExactly(Assertion.p99Below(Duration.ofSeconds(10)), Assertion.errorsBelow(10));
		}
	}

	@Test
	void thesisProfilesLookUnitsUpWithCredentialsOverTheFiveVariants() {
		for (String thesis : new String[] { "thesis-normal", "thesis-higher", "thesis-stress" }) {
			Scenario scenario = Catalogue.byName(thesis).orElseThrow();
			assertThat(scenario.stacks()).containsExactly(Stack.MVC_REDIS, Stack.MVC, Stack.WEBFLUX,
					Stack.WEBFLUX_REDIS, Stack.MVC_VT);
			assertThat(scenario.needsDirectory()).isTrue();
			assertThat(scenario.requests()).singleElement().satisfies((lookup) -> {
				assertThat(lookup.method()).isEqualTo("GET");
				assertThat(lookup.path()).isEqualTo("/api/units/${__Random(1,10000)}");
				assertThat(lookup.headers()).containsEntry("X-Requester", "loadtest")
					.containsEntry("Authorization", "Basic bG9hZHRlc3Q6bG9hZHRlc3Qtc2VjcmV0");
			});
		}
		assertThat(Catalogue.byName("quick").orElseThrow().needsDirectory()).isFalse();
		assertThat(Catalogue.byName("quick").orElseThrow().stacks()).containsExactly(Stack.MVC, Stack.MVC_VT,
				Stack.WEBFLUX);
	}

	@Test
	void unitLookupSucceedsOnlyWhenTheBodySaysSuccessTrue() {
		Pattern success = Pattern.compile(Request.unitLookup().bodyPattern().orElseThrow());
		assertThat(success.matcher("{\"success\": true, \"unit\": {}}").find()).isTrue();
		assertThat(success.matcher("{\"success\":true,\"unit\":{}}").find()).isTrue();
		assertThat(success.matcher("{\"success\": false, \"status\": 403}").find()).isFalse();
		assertThat(success.matcher("{\"unit\": {\"name\": \"success true\"}}").find()).isFalse();
	}

	@Test
	void theCachedVariantsDifferFromTheirStackOnlyByTheCache() {
		assertThat(Stack.MVC_REDIS.jar()).isEqualTo(Stack.MVC.jar());
		assertThat(Stack.MVC_REDIS.profiles()).isEqualTo(Stack.MVC.profiles());
		assertThat(Stack.WEBFLUX_REDIS.jar()).isEqualTo(Stack.WEBFLUX.jar());
		assertThat(Stack.MVC_REDIS.cache().mode()).isEqualTo("distributed");
		assertThat(Stack.MVC.cache().mode()).isEqualTo("none");
	}

	@Test
	void passthroughProfileMatchesSeed004() {
		Scenario boot2 = Catalogue.byName("boot2-passthrough").orElseThrow();
		assertThat(boot2.loads()).containsExactly(300, 1000, 1500, 3000, 5000);
		assertThat(boot2.rampUp()).isEqualTo(Duration.ofSeconds(30));
		assertThat(boot2.termination()).isEqualTo(new Termination.Iterations(30));
		assertThat(boot2.thinkTimeMin()).isEqualTo(Duration.ofSeconds(1));
		assertThat(boot2.thinkTimeMax()).isEqualTo(Duration.ofSeconds(2));
		assertThat(boot2.requests()).singleElement()
			.satisfies((request) -> assertThat(request.body()).hasValueSatisfying(
					(body) -> assertThat(body).contains("\"delay\":300")));
		assertThat(boot2.seeds()).containsExactly(Seed.PASSTHROUGH);
	}

	@Test
	void concertsProfileRampsTo1000ThreadsInAMinuteWithBothArtistCalls() {
		Scenario concerts = Catalogue.byName("concerts-1000").orElseThrow();
		assertThat(concerts.loads()).containsExactly(1000);
		assertThat(concerts.rampUp()).isEqualTo(Duration.ofMinutes(1));
		assertThat(concerts.requests()).extracting(Request::method).containsExactly("GET", "POST");
		assertThat(concerts.requests()).extracting(Request::expectedStatus).containsExactly(200, 201);
	}

	@Test
	void quickIsTheDefaultAndFitsFiveMinutesForThreeStacks() {
		Scenario quick = Catalogue.byName(Catalogue.DEFAULT_SCENARIO).orElseThrow();
		assertThat(quick.trials()).isEqualTo(1);
		assertThat(quick.responseTimeout()).isEqualTo(Duration.ofSeconds(10));
		assertThat(Catalogue.byName("thesis-stress").orElseThrow().responseTimeout())
			.isEqualTo(Scenario.DEFAULT_RESPONSE_TIMEOUT);
		assertThat(quick.requests()).extracting(Request::label).containsExactly("passthrough", "artists-list");
		Duration perStack = quick.warmup().plus(quick.estimatedLength().multipliedBy(quick.loads().size()));
		// Leaves each stack about a minute for its start, stop and JMeter's own setup.
		assertThat(perStack.multipliedBy(3)).isLessThan(Duration.ofMinutes(2));
	}

	@Test
	void everyScenarioNamesASeedThatExists() {
		assertThat(Catalogue.scenarios()).allSatisfy((scenario) -> {
			assertThat(scenario.seeds()).isNotEmpty().doesNotContain(Seed.NONE);
			if (Files.isDirectory(Seed.DIRECTORY)) {
				scenario.seeds()
					.forEach((seed) -> assertThat(Seed.DIRECTORY.resolve(seed.fileName())).isRegularFile());
			}
		});
		assertThat(Catalogue.names()).doesNotHaveDuplicates();
	}

	@Test
	void scalingMultipliesUsersAndDurationsButNotClientBehaviour() {
		Scenario boot2 = Catalogue.byName("boot2-passthrough").orElseThrow().scaled(0.01);
		assertThat(boot2.loads()).containsExactly(3, 10, 15, 30, 50);
		assertThat(boot2.rampUp()).isEqualTo(Duration.ofSeconds(1));
		assertThat(boot2.termination()).isEqualTo(new Termination.Iterations(30));
		assertThat(boot2.thinkTimeMax()).isEqualTo(Duration.ofSeconds(2));
		assertThat(boot2.scale()).isEqualTo(0.01);
		assertThat(Catalogue.byName("quick").orElseThrow().scaled(2).termination())
			.isEqualTo(new Termination.Hold(Duration.ofSeconds(16)));
	}

	@Test
	void scalingNeverDropsBelowOneUser() {
		assertThat(Catalogue.byName("thesis-normal").orElseThrow().scaled(0.0001).loads()).containsExactly(1);
	}

	@Test
	void theDslRejectsNonsense() {
		Scenario base = Scenario.scenario("x");
		assertThatIllegalArgumentException().isThrownBy(() -> base.users(0));
		assertThatIllegalArgumentException().isThrownBy(() -> base.iterations(0));
		assertThatIllegalArgumentException().isThrownBy(() -> base.holdFor(Duration.ZERO));
		assertThatIllegalArgumentException().isThrownBy(() -> base.trials(0));
		assertThatIllegalArgumentException().isThrownBy(() -> base.scaled(-1));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> base.thinkTime(Duration.ofSeconds(2), Duration.ofSeconds(1)));
	}

	@Test
	void theDslIsImmutable() {
		Scenario base = Scenario.scenario("x").users(5);
		Scenario more = base.users(50);
		assertThat(base.loads()).containsExactly(5);
		assertThat(more.loads()).containsExactly(50);
	}

	@Test
	void assertionsReportTheirViolation() {
		assertThat(Assertion.p99Below(Duration.ofSeconds(10)).check(Duration.ofSeconds(12), 0))
			.hasValue("p99 12000 ms is not below 10000 ms");
		assertThat(Assertion.p99Below(Duration.ofSeconds(10)).check(Duration.ofMillis(9_999), 0)).isEmpty();
		assertThat(Assertion.errorsBelow(10).check(Duration.ZERO, 10)).hasValue("10 errors is not below 10");
		assertThat(Assertion.errorsBelow(10).check(Duration.ZERO, 9)).isEmpty();
	}

}

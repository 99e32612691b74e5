package dev.fluxbench.harness.scenario;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.fluxbench.contract.fault.FaultPhase;
import dev.fluxbench.harness.scenario.Step.Check;
import dev.fluxbench.harness.scenario.Step.Extraction;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Scenario files as users write them. Each bad file breaks one thing of an otherwise good
 * file and must be refused with the line to look at and a reason that names the key or
 * value and what is wrong, since that one line is all a user sees before fluxbench exits.
 */
class ScenarioReaderTests {

	private static final Path DOCS = Path.of("..", "docs", "scenario-format.md");

	private static final Path BUILT_INS = Path.of("..", Catalogue.DIRECTORY);

	/** The environment every case reads with: API_TOKEN is set, NOT_SET is not. */
	private static final Map<String, String> ENVIRONMENT = Map.of("API_TOKEN", "t0ken-value", "API_PASSWORD",
			"s3cret-value");

	private static final Duration ONE_SECOND = Duration.ofSeconds(1);

	/**
	 * The first {@code yaml} block of docs/scenario-format.md: the example it opens with.
	 */
	static String documentedExample() throws IOException {
		Matcher block = Pattern.compile("(?s)```yaml\n(.*?)```")
			.matcher(Files.readString(DOCS, StandardCharsets.UTF_8));
		assertThat(block.find()).as("a yaml block in " + DOCS).isTrue();
		return block.group(1);
	}

	private static Scenario read(String yaml) {
		return ScenarioReader.read("my.yaml", new StringReader(yaml), ENVIRONMENT);
	}

	private static Path write(Path directory, String yaml) throws IOException {
		return Files.writeString(directory.resolve("my.yaml"), yaml);
	}

	private static void assertRefused(String yaml, int line, String... reason) {
		assertThatExceptionOfType(ScenarioException.class).isThrownBy(() -> read(yaml))
			.satisfies((refused) -> assertRefusal(refused, "my.yaml", line, reason));
	}

	private static void assertRefused(Path file, int line, String... reason) {
		assertThatExceptionOfType(ScenarioException.class).isThrownBy(() -> ScenarioReader.read(file, ENVIRONMENT))
			.satisfies((refused) -> assertRefusal(refused, file.toString(), line, reason));
	}

	private static void assertRefusal(ScenarioException refused, String source, int line, String... reason) {
		assertThat(refused.source()).isEqualTo(source);
		assertThat(refused.line()).as("the line of: %s", refused.reason()).isEqualTo(line);
		assertThat(refused.reason()).contains(reason);
		assertThat(refused.getMessage()).isEqualTo(source + ":" + line + ": " + refused.reason());
	}

	@Nested
	class GoodFiles {

		@Test
		void documentsFirstExampleShouldReadIntoTheModelItShows() throws IOException {
			Scenario scenario = ScenarioReader.read(DOCS.toString(), new StringReader(documentedExample()), Map.of());

			assertThat(scenario.name()).isEqualTo("artists-journey");
			assertThat(scenario.warmup()).isEqualTo(Duration.ofSeconds(10));
			assertThat(scenario.trials()).isEqualTo(1);
			assertThat(scenario.stacks()).isEqualTo(Stack.DEFAULT);
			Termination held = new Termination.Hold(Duration.ofSeconds(20));
			assertThat(scenario.workload()).isEqualTo(new Workload.Closed(
					List.of(new Workload.Level(5, Duration.ofSeconds(5), held),
							new Workload.Level(20, Duration.ofSeconds(5), held)),
					new Step.Pause(Duration.ofMillis(100), Duration.ofMillis(300))));
			assertThat(scenario.variables()).containsExactly(Map.entry("pageSize", "20"));
			assertThat(scenario.feeders()).isEmpty();

			assertThat(scenario.journey()).hasSize(6);
			assertThat(scenario.journey().get(0)).isEqualTo(new Step.Request("artists-list", "GET",
					"/concerts/data/artists?page=0&size=${pageSize}", Map.of(), Optional.empty(), Optional.empty(), 200,
					Duration.ZERO, List.of(new Check.JsonPath("$[0].name", Optional.empty())),
					List.of(new Extraction("firstId", Extraction.Source.JSON_PATH, "$[0].id", "")), false));
			assertThat(scenario.journey().get(1)).isInstanceOfSatisfying(Step.Request.class, (read) -> {
				assertThat(read.path()).isEqualTo("/concerts/data/artists/${firstId}");
				assertThat(read.checks()).containsExactly(new Check.Contains("\"birthCity\""));
			});
			assertThat(scenario.journey().get(2)).isInstanceOfSatisfying(Step.Request.class, (create) -> {
				assertThat(create.method()).isEqualTo("POST");
				assertThat(create.body())
					.hasValue("{\"name\":\"Load Test ${__UUID()}\",\"gender\":\"OTHER\",\"careerStart\":2000}");
				assertThat(create.status()).isEqualTo(201);
				assertThat(create.checks()).containsExactly(new Check.Regex("\"id\"\\s*:\\s*\\d+"));
				assertThat(create.extractions())
					.containsExactly(new Extraction("createdId", Extraction.Source.JSON_PATH, "$.id", ""));
				assertThat(create.stopOnFailure()).isTrue();
			});
			assertThat(scenario.journey().get(3)).isInstanceOfSatisfying(Step.Request.class,
					(created) -> assertThat(created.checks())
						.containsExactly(new Check.JsonPath("$.gender", Optional.of("OTHER"))));
			assertThat(scenario.journey().get(4)).isEqualTo(new Step.Pause(ONE_SECOND, ONE_SECOND));
			assertThat(scenario.journey().get(5)).isInstanceOfSatisfying(Step.Repeat.class, (repeat) -> {
				assertThat(repeat.times()).isEqualTo(3);
				assertThat(repeat.steps()).singleElement().isInstanceOfSatisfying(Step.Request.class, (passthrough) -> {
					assertThat(passthrough.label()).isEqualTo("passthrough");
					assertThat(passthrough.floor()).isEqualTo(Duration.ofMillis(50));
					assertThat(passthrough.body())
						.hasValue("{\"id\":\"${__UUID()}\",\"payload\":\"fluxbench\",\"delay\":50}");
				});
			});
			assertThat(scenario.requests()).extracting(Step.Request::label)
				.containsExactly("artists-list", "artist-read", "artist-create", "artist-created", "passthrough");

			assertThat(scenario.assertions()).containsExactly(
					new Assertion.PercentileBelow(95, ONE_SECOND, Optional.empty()),
					new Assertion.ErrorRateBelow(0.01, Optional.empty()),
					new Assertion.PercentileBelow(99, Duration.ofSeconds(2), Optional.of("artist-create")));
		}

		@Test
		void documentsExampleShouldFindTheSchemaFromDocs() throws IOException {
			String modeline = documentedExample().lines().findFirst().orElseThrow();
			Matcher schema = Pattern.compile("# yaml-language-server: \\$schema=(\\S+)").matcher(modeline);
			assertThat(schema.matches()).as(modeline).isTrue();
			assertThat(DOCS.resolveSibling(schema.group(1))).isRegularFile();
		}

		@Test
		void documentsErrorExampleShouldBeWhatTheReaderSays() throws IOException {
			String typo = documentedExample().replace("/concerts/data/artists/${firstId}",
					"/concerts/data/artists/${firstID}");
			Matcher documented = Pattern.compile("fluxbench: docs/artists\\.yaml:(\\d+): (.*)")
				.matcher(Files.readString(DOCS));
			assertThat(documented.find()).isTrue();

			assertThatExceptionOfType(ScenarioException.class)
				.isThrownBy(() -> ScenarioReader.read("docs/artists.yaml", new StringReader(typo), Map.of()))
				.satisfies((refused) -> {
					assertThat(refused.line()).isEqualTo(Integer.parseInt(documented.group(1)));
					assertThat(refused.reason()).isEqualTo(documented.group(2));
				});
		}

		@Test
		void everyBuiltInShouldValidate() throws IOException {
			try (Stream<Path> files = Files.list(BUILT_INS)) {
				List<Path> builtIns = files.filter((file) -> file.toString().endsWith(".yaml")).sorted().toList();
				assertThat(builtIns).hasSizeGreaterThanOrEqualTo(7).allSatisfy((file) -> {
					Scenario scenario = ScenarioReader.read(file, Map.of());
					assertThat(scenario.name() + ".yaml").isEqualTo(file.getFileName().toString());
					assertThat(Files.readString(file))
						.startsWith("# yaml-language-server: $schema=scenario.schema.json");
				});
			}
		}

		@Test
		void environmentReferencesShouldStayTemplatesSoThatNoSecretReachesTheModel() {
			Scenario scenario = read("""
					version: 1
					name: secrets
					variables:
					  token: "${env.API_TOKEN}"
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: me
					      path: /me
					      headers: {Authorization: "Bearer ${env.API_TOKEN}"}
					      basicAuth: {username: loadtest, password: "${env.API_PASSWORD}"}
					""");

			assertThat(scenario.variables()).containsEntry("token", "${env.API_TOKEN}");
			Step.Request request = scenario.requests().getFirst();
			assertThat(request.headers()).containsEntry("Authorization", "Bearer ${env.API_TOKEN}");
			assertThat(request.basicAuth()).hasValue(new Step.BasicAuth("loadtest", "${env.API_PASSWORD}"));
			assertThat(scenario.toString()).doesNotContain("t0ken-value", "s3cret-value");
		}

		@Test
		void scalarsShouldKeepTheTypesAnEditorShows() {
			Scenario scenario = read("""
					version: 1
					name: types
					description: yes
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: post
					      method: POST
					      path: /p
					      status: 201
					      headers: {X-Flag: on, X-Count: 3}
					      json: {country: NO, zip: "012", count: 12, ratio: 0.5, done: false, time: 1:30}
					""");

			// YAML 1.2, as IDEs read it: yes, on and NO are text, and 1:30 is not ninety.
			assertThat(scenario.description()).isEqualTo("yes");
			Step.Request request = scenario.requests().getFirst();
			assertThat(request.status()).isEqualTo(201);
			assertThat(request.headers()).containsExactly(Map.entry("X-Flag", "on"), Map.entry("X-Count", "3"));
			assertThat(request.body())
				.hasValue("{\"country\":\"NO\",\"zip\":\"012\",\"count\":12,\"ratio\":0.5,\"done\":false,"
						+ "\"time\":\"1:30\"}");
		}

		@Test
		void feederColumnsShouldBecomeVariables(@TempDir Path directory) throws IOException {
			Files.writeString(directory.resolve("artists.csv"), "\uFEFFartistId, city\n1,Tallinn\n2,Lagos\n");
			Path file = write(directory, """
					version: 1
					name: fed
					feeders:
					  - {file: artists.csv, recycle: false, random: true}
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: artist
					      path: /concerts/data/artists/${artistId}?city=${city}
					""");

			Scenario scenario = ScenarioReader.read(file, Map.of());

			assertThat(scenario.feeders())
				.containsExactly(new Scenario.Feeder(directory.resolve("artists.csv").toAbsolutePath().normalize(),
						List.of("artistId", "city"), false, true));
		}

		@Test
		void openModelShouldReadWithItsDefaults() {
			Scenario scenario = read("""
					version: 1
					name: open
					http: {connectTimeout: 2s, responseTimeout: 1.5s}
					load:
					  open:
					    stages: [{rate: 10, hold: 30s}, {rate: 50, ramp: 5s, hold: 1m}]
					    maxThreads: 200
					journey:
					  - request: {label: home, path: /}
					assertions:
					  - errorRateBelow: 0.05
					  - throughputAtLeast: 9.5
					    label: home
					""");

			assertThat(scenario.workload()).isEqualTo(new Workload.Open(
					List.of(new Workload.Level(10, Duration.ZERO, new Termination.Hold(Duration.ofSeconds(30))),
							new Workload.Level(50, Duration.ofSeconds(5), new Termination.Hold(Duration.ofMinutes(1)))),
					200));
			assertThat(scenario.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
			assertThat(scenario.responseTimeout()).isEqualTo(Duration.ofMillis(1500));
			assertThat(scenario.warmup()).isZero();
			assertThat(scenario.assertions()).containsExactly(new Assertion.ErrorRateBelow(0.05, Optional.empty()),
					new Assertion.ThroughputAtLeast(9.5, Optional.of("home")));
		}

	}

	@Nested
	class BadYaml {

		@Test
		void fileWhenEmptyShouldBeRefused() {
			assertRefused("", 1, "the file is empty");
			assertRefused("# only a comment\n", 1, "the file is empty");
		}

		@Test
		void fileWhenBadlyIndentedShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    users: [1]
					     iterations: 1
					journey:
					  - request: {label: a, path: /a}
					""", 6, "not valid YAML", "indentation");
		}

		@Test
		void quoteWhenUnclosedShouldBeReportedWhereItOpens() {
			assertRefused("""
					version: 1
					name: t
					description: "no end
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					""", 3, "not valid YAML", "quote", "never closed");
		}

		@Test
		void keyWhenItHasNoColonShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					journey
					load:
					  closed: {users: [1], iterations: 1}
					""", 3, "not valid YAML", "':' missing");
		}

		@Test
		void fileWhenIndentedWithTabsShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					\tclosed: {users: [1], iterations: 1}
					""", 4, "not valid YAML", "tab", "spaces");
		}

		@Test
		void keyWhenDuplicatedShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      path: /b
					""", 9, "the key 'path' is given twice", "first on line 8");
		}

	}

	@Nested
	class BadSchema {

		@Test
		void pathWhenNeitherAPathNorAUrlNorAReferenceShouldSayWhatItMayBe() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: api/operations}
					""", 6, "'api/operations' in 'journey[0].request.path' must start with '/'",
					"or be an absolute http(s) URL or a ${...} reference to one");
		}

		@Test
		void topLevelKeyWhenUnknownShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					rampup: 5s
					journey:
					  - request: {label: a, path: /a}
					""", 5, "unknown key 'rampup'", "known: version, name,");
		}

		@Test
		void requestKeyWhenUnknownShouldBeRefusedListingTheKnownOnes() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      header: {X-Requester: loadtest}
					""", 9, "unknown key 'header' in 'journey[0].request'", "did you mean 'headers'?",
					"known: label, method, path, headers, basicAuth, body, json, status, floor, checks, extract,"
							+ " stopOnFailure");
		}

		@Test
		void integerWhenGivenAsTextShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					trials: "three"
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					""", 3, "'trials' is the text 'three', but must be an integer");
		}

		@Test
		void usersWhenGivenAsTextShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    users: ten
					    iterations: 1
					journey:
					  - request: {label: a, path: /a}
					""", 5, "'load.closed.users' is the text 'ten', but must be a list", "[1, 2]");
		}

		@Test
		void statusWhenQuotedShouldBeRefusedAsTextNotANumber() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      status: "200"
					""", 9, "'journey[0].request.status' is the text '200', but must be an integer", "without quotes");
		}

		@Test
		void statusWhenOutOfRangeShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      status: 700
					""", 9, "'journey[0].request.status' is 700, above the most allowed (599)");
		}

		@Test
		void durationWhenNegativeShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					warmup: -5s
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					""", 3, "'-5s' in 'warmup' is negative");
		}

		@Test
		void durationWhenItHasNoUnitShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    users: [1]
					    rampUp: 5
					    iterations: 1
					journey:
					  - request: {label: a, path: /a}
					""", 6, "'load.closed.rampUp' is 5, without a unit: write 5s");
		}

		@Test
		void pauseWhenItHasNoUnitShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					  - pause: 2
					""", 7, "'journey[1].pause' is 2, without a unit: write 2s");
		}

		@Test
		void thinkTimeRangeWhenItHasNoMaxShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    users: [1]
					    iterations: 1
					    thinkTime: {min: 1s}
					journey:
					  - request: {label: a, path: /a}
					""", 7, "'load.closed.thinkTime' lacks the required key 'max'");
		}

		@Test
		void stepWhenItsKindIsUnknownShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - fetch:
					      label: a
					      path: /a
					""", 6, "unknown step 'fetch': a step is a request, a pause or a repeat");
		}

		@Test
		void requestKeyWhenIndentedAsAStepShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					    path: /a
					""", 8, "unknown step 'path'", "indent it under 'request:'");
		}

		@Test
		void requestWhenItHasNoPathShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      method: GET
					""", 6, "'journey[0].request' lacks the required key 'path'");
		}

		@Test
		void fileWhenItHasNoJourneyShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					""", 1, "the file lacks the required key 'journey'");
		}

		@Test
		void closedLoadWhenItHasNoUsersShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    iterations: 1
					journey:
					  - request: {label: a, path: /a}
					""", 4, "'load.closed' lacks the required key 'users'");
		}

		@Test
		void loadWhenGivenBothHoldAndIterationsShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    users: [1]
					    hold: 10s
					    iterations: 1
					journey:
					  - request: {label: a, path: /a}
					""", 4, "the closed load needs either 'hold' or 'iterations', not both or neither");
		}

		@Test
		void loadWhenGivenNeitherHoldNorIterationsShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    users: [1]
					journey:
					  - request: {label: a, path: /a}
					""", 4, "the closed load needs either 'hold' or 'iterations', not both or neither");
		}

		@Test
		void journeyWhenEmptyShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey: []
					""", 5, "'journey' is empty: give at least one step");
		}

		@Test
		void assertionWhenItHasTwoCriteriaShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					assertions:
					  - p95Below: 300ms
					    errorsBelow: 3
					""", 9, "'assertions[0]' states 2 criteria (p95Below, errorsBelow)", "each its own item");
		}

		@Test
		void checkWhenItHasTwoCriteriaShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      checks:
					        - contains: ok
					          regex: o+k
					""", 10, "'journey[0].request.checks[0]' states one of contains, regex or jsonPath");
		}

		@Test
		void versionWhenTwoShouldBeRefused() {
			assertRefused("""
					# a file from a newer fluxbench
					version: 2
					name: t
					scenarios: []
					""", 2, "version 2 is not a format this fluxbench reads: it reads version 1");
		}

		@Test
		void methodWhenLowerCaseShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      method: post
					      path: /a
					""", 8, "'post' is not allowed as 'journey[0].request.method': write POST");
		}

		@Test
		void errorRateWhenItIsNoShareShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					assertions:
					  - errorRateBelow: five percent
					""", 8, "'five percent' in 'assertions[0].errorRateBelow' is not a share", "1%", "0.01");
		}

	}

	@Nested
	class BadMeaning {

		@Test
		void variableWhenUndefinedShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					variables:
					  page: 0
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: user
					      path: /users/${userId}
					""", 10, "${userId} is not defined", "under variables, as a feeder column, or extract it",
					"(defined: page)");
		}

		@Test
		void variableWhenUndefinedInAJsonBodyShouldBeReportedOnItsOwnLine() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      method: POST
					      path: /a
					      json:
					        name: Ada
					        id: "${userId}"
					""", 12, "${userId} is not defined");
		}

		@Test
		void variableWhenUsedBeforeTheStepThatExtractsItShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: read
					      path: /artists/${artistId}
					  - request:
					      label: list
					      path: /artists
					      extract:
					        - {variable: artistId, jsonPath: "$[0].id"}
					""", 8, "${artistId} is used before the request that extracts it (line 9)", "move that request");
		}

		@Test
		void variableWhenUsedByTheRequestThatExtractsItShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: list
					      path: /artists/${artistId}
					      extract:
					        - {variable: artistId, jsonPath: "$[0].id"}
					""", 8, "${artistId} is extracted from this request's own answer",
					"only in the steps after this one");
		}

		@Test
		void environmentVariableWhenNotSetShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      headers:
					        Authorization: "Bearer ${env.NOT_SET}"
					""", 10, "${env.NOT_SET} refers to the environment variable NOT_SET, which is not set");
		}

		@Test
		void labelWhenUsedTwiceShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: list, path: /a}
					  - repeat:
					      times: 2
					      steps:
					        - request:
					            label: list
					            path: /b
					""", 11, "the label 'list' is used twice (first on line 6)");
		}

		@Test
		void assertionWhenNoRequestHasItsLabelShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: list, path: /a}
					  - request: {label: read, path: /b}
					assertions:
					  - p95Below: 1s
					    label: create
					""", 10, "no request is labelled 'create'; labels: list, read");
		}

		@Test
		void checkWhenItsRegexIsBadShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      checks:
					        - regex: '"id":\\s*(\\d+'
					""", 10, "'\"id\":\\s*(\\d+' is not a regular expression", "Unclosed group");
		}

		@Test
		void regexWhenItHoldsAReferenceShouldBeRefusedAsNoReference() {
			assertRefused("""
					version: 1
					name: t
					variables:
					  name: Ada
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      checks:
					        - regex: '"name":"${name}"'
					""", 12, "is not a regular expression", "a regex takes no ${...} references");
		}

		@Test
		void regexExtractionWhenItHasNoGroupShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      extract:
					        - variable: id
					          regex: '"id":\\d+'
					""", 11, "the regex '\"id\":\\d+' has no group", "(...)");
		}

		@Test
		void jsonPathWhenBadShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      path: /a
					      checks:
					        - jsonPath: $[0.id
					""", 10, "'$[0.id' is not a JSONPath");
		}

		@Test
		void requestWhenGivenBothBodyAndJsonShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request:
					      label: a
					      method: POST
					      path: /a
					      body: '{"a": 1}'
					      json: {a: 1}
					""", 11, "give 'body' or 'json', not both");
		}

		@Test
		void pauseWhenItsMaxIsBelowItsMinShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					  - pause: {min: 2s, max: 1s}
					""", 7, "'journey[1].pause' has a max (1s) below its min (2s)");
		}

		@Test
		void holdWhenZeroShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed:
					    users: [1]
					    hold: 0s
					journey:
					  - request: {label: a, path: /a}
					""", 6, "'load.closed.hold' is 0s, but must be longer");
		}

		@Test
		void errorRateWhenAboveAHundredPercentShouldBeRefused() {
			assertRefused("""
					version: 1
					name: t
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					assertions:
					  - errorRateBelow: 150%
					""", 8, "'assertions[0].errorRateBelow' is 150%, but an error rate is at most 100%");
		}

	}

	@Nested
	class BadFeeders {

		@TempDir
		Path directory;

		@Test
		void feederFileWhenItDoesNotExistShouldBeRefused() throws IOException {
			Path file = write(this.directory, """
					version: 1
					name: t
					feeders:
					  - file: users.csv
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					""");
			assertRefused(file, 4, "feeder file 'users.csv' does not exist",
					this.directory.resolve("users.csv").toAbsolutePath().toString());
		}

		@Test
		void feederWhenItHasNoHeaderShouldBeRefused() throws IOException {
			Files.writeString(this.directory.resolve("users.csv"), "1,ada\n2,bob\n");
			Path file = write(this.directory, """
					version: 1
					name: t
					feeders:
					  - file: users.csv
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					""");
			assertRefused(file, 4, "feeder file 'users.csv' must start with a header row of variable names",
					"its first line is '1,ada'");
		}

		@Test
		void feederWhenEmptyShouldBeRefused() throws IOException {
			Files.writeString(this.directory.resolve("users.csv"), "");
			Path file = write(this.directory, """
					version: 1
					name: t
					feeders:
					  - file: users.csv
					load:
					  closed: {users: [1], iterations: 1}
					journey:
					  - request: {label: a, path: /a}
					""");
			assertRefused(file, 4, "feeder file 'users.csv' is empty");
		}

	}

	/** A scenario's {@code faults:} and the {@code --faults} file that replaces them. */
	@Nested
	class Faults {

		private static final String HEAD = """
				version: 1
				name: t
				load:
				  closed: {users: [1], hold: 10m}
				journey:
				  - request: {label: a, path: /a}
				""";

		@Test
		void issuesProfileShouldReadIntoPhasesWithTheDownstreamsKnobs() {
			Scenario scenario = read(HEAD + """
					faults:
					  - {hold: 60s}
					  - {hold: 30s, status: 503, rate: 50%}
					  - {hold: 20s, stall: 3s}
					  - {hold: 1m, rate: 0.25}
					""");
			assertThat(scenario.hasFaults()).isTrue();
			assertThat(scenario.faults()).containsExactly(FaultPhase.healthy(Duration.ofSeconds(60)),
					new FaultPhase(Duration.ofSeconds(30), 503, 0.5, null),
					new FaultPhase(Duration.ofSeconds(20), null, null, Duration.ofSeconds(3)),
					new FaultPhase(Duration.ofMinutes(1), null, 0.25, null));
		}

		@Test
		void scenarioWhenItDeclaresNoFaultsShouldHaveNone() {
			assertThat(read(HEAD).faults()).isEmpty();
			assertThat(read(HEAD).hasFaults()).isFalse();
		}

		@Test
		void scalingShouldStretchPhasesLikeHoldsButNotStalls() {
			Scenario scenario = read(HEAD + """
					faults:
					  - {hold: 60s, stall: 3s}
					  - {hold: 500ms, status: 503}
					""");
			assertThat(scenario.scaled(0.5).faults()).containsExactly(
					new FaultPhase(Duration.ofSeconds(30), null, null, Duration.ofSeconds(3)),
					new FaultPhase(Duration.ofMillis(500), 503, null, null));
			assertThat(scenario.scaled(0.001).faults()).extracting(FaultPhase::hold)
				.as("never under a second, unless written shorter")
				.containsExactly(ONE_SECOND, Duration.ofMillis(500));
			assertThat(scenario.scaled(2).faults()).extracting(FaultPhase::hold)
				.containsExactly(Duration.ofMinutes(2), ONE_SECOND);
		}

		@Test
		void faultsFileShouldHoldThePhasesAlone(@TempDir Path directory) throws IOException {
			Path file = Files.writeString(directory.resolve("profile.yaml"), """
					# healthy, then half of the calls fail, then every call stalls
					- hold: 60s
					- {hold: 30s, status: 503, rate: 0.5}
					- {hold: 20s, stall: 3s}
					""");
			assertThat(ScenarioReader.readFaults(file)).containsExactly(FaultPhase.healthy(Duration.ofSeconds(60)),
					new FaultPhase(Duration.ofSeconds(30), 503, 0.5, null),
					new FaultPhase(Duration.ofSeconds(20), null, null, Duration.ofSeconds(3)));
		}

		@Test
		void faultsWhenTheyHaveNoPhaseShouldBeRefused() {
			assertRefused(HEAD + "faults: []\n", 7, "'faults' is empty: give at least one item");
		}

		@Test
		void phaseWhenItHasNoLengthShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - {hold: 10s}
					  - {status: 503}
					""", 9, "'faults[1]' lacks the required key 'hold'");
		}

		@Test
		void phaseWhenItLastsNoTimeShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - {hold: 0s, status: 503}
					""", 8, "'faults[0].hold' is 0s, but must be longer");
		}

		@Test
		void statusWhenNoFailureShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - {hold: 10s, status: 200}
					""", 8, "'faults[0].status' is 200, below the least allowed (400)");
		}

		@Test
		void rateWhenAboveAHundredPercentShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - {hold: 10s, rate: 150%}
					""", 8, "'faults[0].rate' is 150%, but a rate is at most 100%");
		}

		@Test
		void rateWhenAboveOneShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - {hold: 10s, rate: 1.5}
					""", 8, "'faults[0].rate' is 1.5, above the most allowed (1): write a percentage as 1% or a"
					+ " fraction as 0.01");
		}

		@Test
		void rateWhenInWordsShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - {hold: 10s, rate: half}
					""", 8,
					"'half' in 'faults[0].rate' is not a share: write a percentage as 1% or a fraction as 0.01");
		}

		@Test
		void stallWhenItHasNoUnitShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - hold: 10s
					    stall: 3000
					""", 9, "'faults[0].stall' is 3000, without a unit: write 3000s (or ms, m, h)");
		}

		@Test
		void knobWhenMistypedShouldBeRefused() {
			assertRefused(HEAD + """
					faults:
					  - hold: 10s
					    stauts: 503
					""", 9,
					"unknown key 'stauts' in 'faults[0]': did you mean 'status'? (known: hold, status, rate, stall)");
		}

		@Test
		void faultsFileWhenWrongShouldSayWhere(@TempDir Path directory) throws IOException {
			Path file = Files.writeString(directory.resolve("profile.yaml"), """
					- {hold: 60s}
					- {hold: 30s, status: 503, rate: 2}
					""");
			assertThatExceptionOfType(ScenarioException.class).isThrownBy(() -> ScenarioReader.readFaults(file))
				.satisfies((refused) -> assertRefusal(refused, file.toString(), 2,
						"'[1].rate' is 2, above the most allowed (1)"));
		}

		@Test
		void faultsFileWhenCopiedWithItsKeyShouldBeRefused(@TempDir Path directory) throws IOException {
			Path file = Files.writeString(directory.resolve("profile.yaml"), """
					faults:
					  - {hold: 60s}
					""");
			assertThatExceptionOfType(ScenarioException.class).isThrownBy(() -> ScenarioReader.readFaults(file))
				.satisfies((refused) -> assertRefusal(refused, file.toString(), 1,
						"a faults file holds the list of phases alone: remove 'faults:'"));
		}

		@Test
		void faultsFileWhenItHoldsSomethingElseShouldBeRefused(@TempDir Path directory) throws IOException {
			Path file = Files.writeString(directory.resolve("profile.yaml"), "hold: 60s\n");
			assertThatExceptionOfType(ScenarioException.class).isThrownBy(() -> ScenarioReader.readFaults(file))
				.satisfies((refused) -> assertRefusal(refused, file.toString(), 1,
						"the file is a mapping, but must be a list, as [1, 2] or one '- item' per line"));
		}

	}

}

package dev.fluxbench.contract;

import java.net.URI;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.artist.ArtistRequest;
import dev.fluxbench.contract.artist.Gender;
import dev.fluxbench.contract.metrics.PrometheusText;
import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import dev.fluxbench.contract.problem.ProblemType;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/** The behaviour of the HTTP contract, the same for every stack. */
@ContractSuite
class ContractIT {

	private static final String PASSTHROUGH = "/passthrough/message";

	private static final List<String> ARTIST_FIELDS = List.of("id", "name", "gender", "careerStart", "birthDate",
			"birthCity", "country", "keywords");

	/** Seed 001's sample body. */
	private static final ArtistRequest NICKY = new ArtistRequest("Nicky Minaj", Gender.FEMALE, 1000L, "a date",
			"Port of Spain", "Trinidad en Tobago", "Rap");

	private static final int SEEDED_ARTISTS = 50;

	/**
	 * JSON objects are unordered: sorted properties make two equal bodies equal strings.
	 */
	private static final JsonMapper SORTED = Json.MAPPER.rebuild()
		.enable(JsonNodeFeature.WRITE_PROPERTIES_SORTED)
		.build();

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void listWithoutParametersShouldAnswerTheFiftySeededArtistsInIdOrder(Stack stack) {
		Reply reply = this.stacks.client(stack).get(ArtistPaths.ARTISTS);

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.mediaType()).isEqualTo("application/json");
		assertThat(reply.json()).hasSize(ArtistPaths.DEFAULT_PAGE_SIZE)
			.allSatisfy(
					(artist) -> assertThat(artist.propertyNames()).containsExactlyInAnyOrderElementsOf(ARTIST_FIELDS));
		assertThat(reply.artists()).extracting(ArtistDto::id).containsExactlyElementsOf(ids(1, SEEDED_ARTISTS));
		assertThat(reply.artists()).allSatisfy((artist) -> {
			assertThat(artist.name()).isNotBlank();
			assertThat(artist.gender()).isNotNull();
			assertThat(artist.careerStart()).isNotNull().isNotNegative();
		});
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void listWithPageAndSizeShouldAnswerThatSliceInIdOrder(Stack stack) {
		Reply reply = this.stacks.client(stack).get(ArtistPaths.ARTISTS + "?page=1&size=20");

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.artists()).extracting(ArtistDto::id).containsExactlyElementsOf(ids(21, 40));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void listWithTheLargestSizeShouldAnswerEveryArtistSeededFirst(Stack stack) {
		Reply reply = this.stacks.client(stack).get(ArtistPaths.ARTISTS + "?page=0&size=" + ArtistPaths.MAX_PAGE_SIZE);

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		// Other tests may have created artists already: they come after the seed, in id
		// order.
		assertThat(reply.artists()).extracting(ArtistDto::id)
			.hasSizeGreaterThanOrEqualTo(SEEDED_ARTISTS)
			.isSorted()
			.startsWith(ids(1, SEEDED_ARTISTS).toArray(Long[]::new));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void createShouldAnswer201WithTheLocationAndTheStoredArtist(Stack stack) {
		Client client = this.stacks.client(stack);

		Reply created = client.send(Call.post(ArtistPaths.ARTISTS, Json.write(NICKY)));

		assertThat(created.status()).as("%s", created).isEqualTo(201);
		assertThat(created.mediaType()).isEqualTo("application/json");
		ArtistDto artist = created.artist();
		assertThat(artist.id()).isGreaterThan(SEEDED_ARTISTS);
		assertThat(artist).isEqualTo(dto(artist.id(), NICKY));
		URI location = URI.create(created.header("Location").orElseThrow());
		assertThat(location.isAbsolute()).as("Location %s is absolute", location).isTrue();
		assertThat(location.getPath()).isEqualTo(ArtistPaths.ARTISTS + "/" + artist.id());

		Reply fetched = client.get(location.getRawPath());

		assertThat(fetched.status()).as("%s", fetched).isEqualTo(200);
		assertThat(fetched.artist()).isEqualTo(artist);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void getSeededArtistShouldAnswerItAsListed(Stack stack) {
		Client client = this.stacks.client(stack);

		Reply reply = client.get(ArtistPaths.ARTISTS + "/7");

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.artist()).isEqualTo(client.get(ArtistPaths.ARTISTS).artists().get(6));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void getUnknownArtistShouldAnswer404(Stack stack) {
		Reply reply = this.stacks.client(stack).get(ArtistPaths.ARTISTS + "/424242");

		assertProblem(reply, ProblemType.NOT_FOUND);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void passthroughShouldAnswerTheDownstreamAcknowledgement(Stack stack) {
		Reply reply = this.stacks.client(stack).send(message("contract-1", "hello", 0));

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.mediaType()).isEqualTo("application/json");
		assertThat(reply.json()).isEqualTo(Json.MAPPER.valueToTree(new MessageAck("contract-1", "hello", true)));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void passthroughWhenDownstreamFailsShouldAnswer502(Stack stack) {
		// The fault header only reaches the downstream if the app forwards it.
		Reply reply = this.stacks.client(stack)
			.send(message("contract-502", "hello", 0).header(FaultHeaders.STATUS, "503"));

		assertProblem(reply, ProblemType.DOWNSTREAM_FAILED);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void passthroughWhenDownstreamIsSlowerThanTheReadTimeoutShouldAnswer504(Stack stack) {
		long start = System.nanoTime();

		// The downstream would take half a minute: an answer well before that came from
		// the read timeout, however late a loaded machine let the stack send it.
		Reply reply = this.stacks.client(stack).send(message("contract-504", "hello", 30_000));

		assertProblem(reply, ProblemType.DOWNSTREAM_TIMEOUT);
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("answered after the 2 s read timeout")
			.isBetween(Duration.ofMillis(1_900), Duration.ofSeconds(15));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void passthroughWhenDownstreamStallsShouldAnswer504(Stack stack) {
		Reply reply = this.stacks.client(stack)
			.send(message("contract-stall", "hello", 0).header(FaultHeaders.STALL, "5000"));

		assertProblem(reply, ProblemType.DOWNSTREAM_TIMEOUT);
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void probesShouldAnswerUp(Stack stack) {
		for (String probe : List.of("/actuator/health/liveness", "/actuator/health/readiness")) {
			Reply reply = this.stacks.client(stack).get(probe);

			assertThat(reply.status()).as("%s", reply).isEqualTo(200);
			assertThat(reply.json()).as("%s", reply).isEqualTo(Json.MAPPER.readTree("{\"status\":\"UP\"}"));
		}
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void infoShouldNameTheStackAndItsEffectiveLimits(Stack stack) {
		Reply reply = this.stacks.client(stack).get("/actuator/info");

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		JsonNode fluxbench = reply.json().path("fluxbench");
		assertThat(fluxbench.isObject()).as("fluxbench object in %s", reply).isTrue();
		assertThat(fluxbench.path("stack").asString()).isEqualTo(stack.id());
		// Besides the name, the limits in force: groups of settings (server, JVM...) that
		// could cap a benchmark.
		assertThat(fluxbench.properties()).as("limits in %s", fluxbench)
			.anySatisfy((group) -> assertThat(group.getValue().isObject() && !group.getValue().isEmpty()).isTrue());
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void prometheusShouldTagEverySampleWithApplicationAndStackAndHaveRequestHistograms(Stack stack) {
		Client client = this.stacks.client(stack);
		assertThat(client.get(ArtistPaths.ARTISTS).status()).isEqualTo(200);

		Reply reply = client.get("/actuator/prometheus");

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.mediaType()).isIn("text/plain", "application/openmetrics-text");
		PrometheusText scrape = PrometheusText.parse(reply.body());
		assertThat(scrape.samples()).isNotEmpty().allSatisfy((sample) -> {
			assertThat(sample.labels()).as("labels of %s", sample.name()).containsEntry("stack", stack.id());
			assertThat(sample.labels().get("application")).as("application label of %s", sample.name()).isNotBlank();
		});
		assertThat(scrape.samples("http_server_requests_seconds_bucket")).anySatisfy(
				(bucket) -> assertThat(bucket.labels()).containsEntry("uri", ArtistPaths.ARTISTS).containsKey("le"));
	}

	@ParameterizedTest(name = "{0}")
	@CoreStacks
	void actuatorShouldExposeOnlyHealthInfoAndPrometheus(Stack stack) {
		for (String endpoint : List.of("env", "beans", "configprops", "heapdump", "threaddump", "loggers", "mappings",
				"metrics")) {
			Reply reply = this.stacks.client(stack).get("/actuator/" + endpoint);

			assertThat(reply.status()).as("%s", reply).isEqualTo(404);
		}
	}

	/**
	 * The same requests, sent to every stack, must get the same answers: status, content
	 * type and body, detail messages included. Only what a stack cannot choose differs:
	 * the id the database generated, and the host and port in Location.
	 */
	@Test
	@Execution(ExecutionMode.SAME_THREAD)
	void sameRequestsShouldGetTheSameAnswersFromEveryStack() {
		Map<String, Call> calls = new LinkedHashMap<>();
		calls.put("default list", Call.get(ArtistPaths.ARTISTS));
		calls.put("second page of 20", Call.get(ArtistPaths.ARTISTS + "?page=1&size=20"));
		calls.put("artist 50", Call.get(ArtistPaths.ARTISTS + "/50"));
		calls.put("create", Call.post(ArtistPaths.ARTISTS, Json.write(NICKY)));
		calls.put("passthrough", message("same-1", "hello", 0));
		calls.put("passthrough failing downstream", message("same-502", "hello", 0).header(FaultHeaders.STATUS, "500"));
		calls.put("readiness", Call.get("/actuator/health/readiness"));
		calls.put("unexposed endpoint", Call.get("/actuator/env"));
		BadRequest.CATALOGUE.forEach((bad) -> calls.put(bad.name(), bad.call()));
		Map<Stack, Map<String, String>> answers = new EnumMap<>(Stack.class);
		for (Stack stack : Stack.CORE) {
			Map<String, String> answersOfStack = new LinkedHashMap<>();
			calls.forEach((name, call) -> answersOfStack.put(name, comparable(this.stacks.client(stack).send(call))));
			answers.put(stack, answersOfStack);
		}

		SoftAssertions softly = new SoftAssertions();
		for (Stack stack : List.of(Stack.MVC_VT, Stack.WEBFLUX)) {
			calls.forEach((name, call) -> softly.assertThat(answers.get(stack).get(name))
				.as("%s answering '%s' (%s), compared with mvc", stack, name, call)
				.isEqualTo(answers.get(Stack.MVC).get(name)));
		}
		softly.assertAll();
	}

	/**
	 * Status, content type and body, without what legitimately differs between stacks.
	 */
	private static String comparable(Reply reply) {
		String body = reply.body();
		if (reply.mediaType().endsWith("json") && !body.isBlank()) {
			JsonNode json = reply.json();
			if (reply.status() == 201 && json instanceof ObjectNode created) {
				created.put("id", 0);
			}
			body = SORTED.writeValueAsString(json);
		}
		String location = reply.header("Location")
			.map((value) -> URI.create(value).getPath().replaceAll("/\\d+$", "/{id}"))
			.orElse("-");
		return reply.status() + " " + reply.mediaType() + " Location: " + location + "\n" + body;
	}

	private static Call message(String id, String payload, long delayMillis) {
		return Call.post(PASSTHROUGH, Json.write(new Message(id, payload, delayMillis)));
	}

	private static ArtistDto dto(long id, ArtistRequest request) {
		return new ArtistDto(id, request.name(), request.gender(), request.careerStart(), request.birthDate(),
				request.birthCity(), request.country(), request.keywords());
	}

	private static List<Long> ids(long first, long last) {
		return LongStream.rangeClosed(first, last).boxed().toList();
	}

}

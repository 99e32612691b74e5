package dev.fluxbench.contract;

import java.net.URI;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertPaths;
import dev.fluxbench.contract.concert.ConcertRequest;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.ListingRequest;
import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.MusicRequest;
import dev.fluxbench.contract.concert.SeedConcerts;
import dev.fluxbench.contract.metrics.PrometheusText;
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

import static dev.fluxbench.contract.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 001's concerts on every stack and variant: whole concerts as the seeded plan says,
 * written in one transaction, and the same bytes whichever way a stack reads them.
 */
@ContractSuite
class ConcertContractIT {

	/** A concert of the seed, compared everywhere; any id of it would do. */
	private static final long CONCERT = 17;

	private static final SeedConcerts.Plan PLAN = SeedConcerts.plan();

	private static final JsonMapper SORTED = Json.MAPPER.rebuild()
		.enable(JsonNodeFeature.WRITE_PROPERTIES_SORTED)
		.build();

	@Parameter
	Stacks stacks;

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void wholeConcertShouldAnswerItsListingsWithTheirArtistReferenceMusicAndMusicsAsSeeded(Stack stack) {
		Reply reply = this.stacks.client(stack).get(ConcertPaths.CONCERTS + "/" + CONCERT);

		assertThat(reply.status()).as("%s", reply).isEqualTo(200);
		assertThat(reply.mediaType()).isEqualTo("application/json");
		ConcertDto concert = Json.MAPPER.readValue(reply.body(), ConcertDto.class);
		SeedConcerts.Concert seeded = PLAN.concerts().get((int) CONCERT - 1);
		assertThat(concert.id()).isEqualTo(CONCERT);
		assertThat(concert.name()).isEqualTo(seeded.name());
		assertThat(concert.location()).isEqualTo(seeded.location());
		assertThat(concert.date()).isEqualTo(seeded.date());
		assertThat(concert.listings()).extracting(ListingDto::id)
			.containsExactlyElementsOf(seeded.listings().stream().map(Integer::longValue).toList());
		assertThat(concert.listings()).allSatisfy((listing) -> {
			SeedConcerts.Listing plan = PLAN.listings().get((int) listing.id() - 1);
			assertThat(listing.artist().id()).isEqualTo(plan.artist());
			assertThat(listing.referenceMusic().id()).isEqualTo(plan.referenceMusic());
			assertThat(listing.musics()).extracting(MusicDto::id)
				.containsExactlyElementsOf(plan.musics().stream().map(Integer::longValue).toList());
		});
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void unknownConcertListingOrMusicShouldAnswer404(Stack stack) {
		Client client = this.stacks.client(stack);

		for (String path : List.of(ConcertPaths.CONCERTS, ConcertPaths.LISTINGS, ConcertPaths.MUSICS)) {
			JsonNode problem = assertProblem(client.get(path + "/424242"), ProblemType.NOT_FOUND);

			assertThat(problem.path("detail").asString()).endsWith(" 424242 does not exist.");
		}
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void createConcertShouldAnswer201WithTheWholeConcertAsGetReadsIt(Stack stack) {
		Client client = this.stacks.client(stack);
		ConcertRequest request = new ConcertRequest("Contract Live", "Tallinn", LocalDate.of(2027, 5, 1),
				List.of(2L, 1L, 2L), List.of(new ListingRequest(3L, 5L, List.of(7L, 5L, 6L, 7L))));

		Reply created = client.send(Call.post(ConcertPaths.CONCERTS, Json.write(request)));

		assertThat(created.status()).as("%s", created).isEqualTo(201);
		ConcertDto concert = Json.MAPPER.readValue(created.body(), ConcertDto.class);
		assertThat(concert.id()).isGreaterThan(SeedConcerts.CONCERTS);
		assertThat(concert.name()).isEqualTo("Contract Live");
		assertThat(concert.listings()).hasSize(3);
		assertThat(concert.listings()).extracting(ListingDto::id).startsWith(1L, 2L).isSorted();
		ListingDto created3 = concert.listings().get(2);
		assertThat(created3.artist().id()).isEqualTo(3);
		assertThat(created3.referenceMusic().id()).isEqualTo(5);
		assertThat(created3.musics()).extracting(MusicDto::id).containsExactly(5L, 6L, 7L);
		URI location = URI.create(created.header("Location").orElseThrow());
		assertThat(location.getPath()).isEqualTo(ConcertPaths.CONCERTS + "/" + concert.id());

		Reply fetched = client.get(location.getRawPath());

		assertThat(fetched.status()).as("%s", fetched).isEqualTo(200);
		assertThat(fetched.body()).isEqualTo(created.body());
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void createConcertWhenANewListingNamesAnUnknownMusicShouldAnswer404(Stack stack) {
		ConcertRequest request = new ConcertRequest("Half Written", "Oslo", LocalDate.of(2027, 6, 1), List.of(1L),
				List.of(new ListingRequest(1L, 5L, List.of(5L)), new ListingRequest(1L, 5L, List.of(6L, 999_999L))));

		JsonNode problem = assertProblem(
				this.stacks.client(stack).send(Call.post(ConcertPaths.CONCERTS, Json.write(request))),
				ProblemType.NOT_FOUND);

		assertThat(problem.path("detail").asString()).isEqualTo("Music 999999 does not exist.");
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void createConcertWithInvalidFieldsShouldAnswer400NamingThem(Stack stack) {
		String body = """
				{"name": " ", "location": "Oslo", "listings": [{"artistId": 1, "referenceMusicId": -5, "musicIds": []}]}""";

		JsonNode problem = assertProblem(this.stacks.client(stack).send(Call.post(ConcertPaths.CONCERTS, body)),
				ProblemType.INVALID_FIELDS);

		assertThat(ProblemAssertions.fields(problem)).contains("name", "date", "listings[0].referenceMusicId",
				"listings[0].musicIds");
	}

	@ParameterizedTest(name = "{0}")
	@EveryStack
	void createMusicAndListingShouldAnswer201WithWhatGetReads(Stack stack) {
		Client client = this.stacks.client(stack);

		Reply music = client.send(Call.post(ConcertPaths.MUSICS, Json.write(new MusicRequest("Contract Song", null))));

		assertThat(music.status()).as("%s", music).isEqualTo(201);
		MusicDto created = Json.MAPPER.readValue(music.body(), MusicDto.class);
		assertThat(created.id()).isGreaterThan(SeedConcerts.MUSICS);
		assertThat(client.get(ConcertPaths.MUSICS + "/" + created.id()).body()).isEqualTo(music.body());

		Reply listing = client.send(Call.post(ConcertPaths.LISTINGS,
				Json.write(new ListingRequest(4L, created.id(), List.of(created.id(), 1L)))));

		assertThat(listing.status()).as("%s", listing).isEqualTo(201);
		ListingDto whole = Json.MAPPER.readValue(listing.body(), ListingDto.class);
		assertThat(whole.musics()).extracting(MusicDto::id).containsExactly(1L, created.id());
		assertThat(URI.create(listing.header("Location").orElseThrow()).getPath())
			.isEqualTo(ConcertPaths.LISTINGS + "/" + whole.id());
		assertThat(client.get(ConcertPaths.LISTINGS + "/" + whole.id()).body()).isEqualTo(listing.body());
	}

	/**
	 * The statement counter the harness reports per request, read around one request: a
	 * stack reads a whole concert in one statement, or, per relation, in at least one per
	 * listing more. The suite sends nothing else to a stack meanwhile.
	 */
	@ParameterizedTest(name = "{0}")
	@EveryStack
	void wholeConcertShouldCountTheStatementsOfItsWayOfReading(Stack stack) {
		Client client = this.stacks.client(stack);
		int listings = PLAN.concerts().get((int) CONCERT - 1).listings().size();
		double before = statements(client);

		assertThat(client.get(ConcertPaths.CONCERTS + "/" + CONCERT).status()).isEqualTo(200);

		double sent = statements(client) - before;
		if (stack.perRelation()) {
			assertThat(sent).isGreaterThanOrEqualTo(2 + listings);
		}
		else {
			assertThat(sent).isEqualTo(1);
		}
	}

	/**
	 * Whole concerts, listings and musics, seeded and missing, asked of every stack: the
	 * same status, content type and body bytes, whichever way a stack reads them. Only a
	 * problem's properties may come in another order.
	 */
	@Test
	@Execution(ExecutionMode.SAME_THREAD)
	void sameConcertsShouldBeTheSameBytesFromEveryStackAndVariant() {
		List<String> paths = List.of(ConcertPaths.CONCERTS + "/1", ConcertPaths.CONCERTS + "/" + CONCERT,
				ConcertPaths.CONCERTS + "/100", ConcertPaths.CONCERTS + "/" + SeedConcerts.CONCERTS,
				ConcertPaths.LISTINGS + "/3", ConcertPaths.MUSICS + "/10", ConcertPaths.CONCERTS + "/424242");
		Map<Stack, Map<String, String>> answers = new EnumMap<>(Stack.class);
		for (Stack stack : Stack.values()) {
			Map<String, String> ofStack = new LinkedHashMap<>();
			paths.forEach((path) -> ofStack.put(path, comparable(this.stacks.client(stack).get(path))));
			answers.put(stack, ofStack);
		}

		SoftAssertions softly = new SoftAssertions();
		answers.forEach((stack,
				ofStack) -> ofStack.forEach((path, answer) -> softly.assertThat(answer)
					.as("%s answering %s, compared with mvc", stack, path)
					.isEqualTo(answers.get(Stack.MVC).get(path))));
		softly.assertAll();
		assertThat(answers.get(Stack.MVC).get(ConcertPaths.CONCERTS + "/1"))
			.startsWith("200 application/json\n{\"id\":1,");
	}

	private static String comparable(Reply reply) {
		String body = (reply.status() == 200) ? reply.body() : SORTED.writeValueAsString(reply.json());
		return reply.status() + " " + reply.mediaType() + "\n" + body;
	}

	private static double statements(Client client) {
		Reply scrape = client.get("/actuator/prometheus");
		assertThat(scrape.status()).as("%s", scrape).isEqualTo(200);
		return PrometheusText.parse(scrape.body())
			.samples("fluxbench_sql_statements_total")
			.stream()
			.mapToDouble(PrometheusText.Sample::value)
			.sum();
	}

}

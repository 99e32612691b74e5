package dev.fluxbench.app.concert;

import java.time.LocalDate;
import java.util.List;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.Gender;
import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertPaths;
import dev.fluxbench.contract.concert.ConcertRequest;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.ListingRequest;
import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.MusicRequest;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.assertj.WebTestClientResponse;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

@WebFluxTest({ ConcertController.class, ListingController.class, MusicController.class })
class ConcertControllerTests {

	private static final MusicDto SONG = new MusicDto(5, "Blue Night 5", null);

	private static final ListingDto LISTING = new ListingDto(3,
			new ArtistDto(1, "Ada Moreau", Gender.FEMALE, 1960L, "1940-01-01", "Tallinn", "Estonia", "Rap"), SONG,
			List.of(SONG));

	private static final ConcertDto CONCERT = new ConcertDto(7, "Golden Fire Live 7", "Lisbon",
			LocalDate.of(2026, 1, 19), List.of(LISTING));

	private static final String CONCERT_JSON = """
			{"id": 7, "name": "Golden Fire Live 7", "location": "Lisbon", "date": "2026-01-19", "listings": [
			 {"id": 3, "artist": {"id": 1, "name": "Ada Moreau", "gender": "FEMALE", "careerStart": 1960,
			  "birthDate": "1940-01-01", "birthCity": "Tallinn", "country": "Estonia", "keywords": "Rap"},
			  "referenceMusic": {"id": 5, "name": "Blue Night 5", "lyrics": null},
			  "musics": [{"id": 5, "name": "Blue Night 5", "lyrics": null}]}]}""";

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private ConcertService concerts;

	@Test
	void getWhenConcertExistsShouldAnswerItWhole() {
		given(this.concerts.concert(7)).willReturn(Mono.just(CONCERT));

		assertThat(get(ConcertPaths.CONCERTS + "/7")).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo(CONCERT_JSON);
	}

	@Test
	void getWhenConcertIsUnknownShouldAnswer404() {
		given(this.concerts.concert(99)).willReturn(Mono.error(new ConcertNotFoundException(99)));

		assertThat(get(ConcertPaths.CONCERTS + "/99")).hasStatus(HttpStatus.NOT_FOUND)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					problem(ProblemType.NOT_FOUND, ConcertPaths.CONCERTS + "/99", "Concert 99 does not exist."));
	}

	@Test
	void createShouldAnswer201WithLocationAndTheConcertAsRead() {
		given(this.concerts.create(any(ConcertRequest.class))).willReturn(Mono.just(7L));
		given(this.concerts.concert(7)).willReturn(Mono.just(CONCERT));

		assertThat(post("http://localhost" + ConcertPaths.CONCERTS, """
				{"name": "Golden Fire Live 7", "location": "Lisbon", "date": "2026-01-19", "listingIds": [3]}"""))
			.hasStatus(HttpStatus.CREATED)
			.hasHeader(HttpHeaders.LOCATION, "http://localhost" + ConcertPaths.CONCERTS + "/7")
			.bodyJson()
			.isStrictlyEqualTo(CONCERT_JSON);
		then(this.concerts).should()
			.create(new ConcertRequest("Golden Fire Live 7", "Lisbon", LocalDate.of(2026, 1, 19), List.of(3L), null));
	}

	@Test
	void createWhenFieldsAreInvalidShouldNameThemAndWriteNothing() {
		assertThat(post(ConcertPaths.CONCERTS, """
				{"name": " ", "location": "Oslo", "listingIds": [0],
				 "listings": [{"artistId": 1, "referenceMusicId": -5, "musicIds": []}]}"""))
			.hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, ConcertPaths.CONCERTS, "5 fields are invalid.",
					new InvalidField("date", "must not be null"),
					new InvalidField("listingIds[0]", "must be greater than 0"),
					new InvalidField("listings[0].musicIds", "must not be empty"),
					new InvalidField("listings[0].referenceMusicId", "must be greater than 0"),
					new InvalidField("name", "must not be blank")));
		then(this.concerts).shouldHaveNoInteractions();
	}

	@Test
	void createListingWhenAMusicIsUnknownShouldAnswer404() {
		given(this.concerts.create(any(ListingRequest.class)))
			.willReturn(Mono.error(new MusicNotFoundException(404404)));

		assertThat(post(ConcertPaths.LISTINGS, """
				{"artistId": 1, "referenceMusicId": 5, "musicIds": [404404]}""")).hasStatus(HttpStatus.NOT_FOUND)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.NOT_FOUND, ConcertPaths.LISTINGS, "Music 404404 does not exist."));
	}

	@Test
	void getListingShouldAnswerItWhole() {
		given(this.concerts.listing(3)).willReturn(Mono.just(LISTING));

		assertThat(get(ConcertPaths.LISTINGS + "/3")).hasStatusOk()
			.bodyJson()
			.extractingPath("$.musics[0].name")
			.isEqualTo("Blue Night 5");
	}

	@Test
	void createMusicShouldAnswer201WithLocation() {
		given(this.concerts.create(new MusicRequest("Blue Night 5", null))).willReturn(Mono.just(SONG));

		assertThat(post("http://localhost" + ConcertPaths.MUSICS, """
				{"name": "Blue Night 5"}""")).hasStatus(HttpStatus.CREATED)
			.hasHeader(HttpHeaders.LOCATION, "http://localhost" + ConcertPaths.MUSICS + "/5")
			.bodyJson()
			.isStrictlyEqualTo("""
					{"id": 5, "name": "Blue Night 5", "lyrics": null}""");
	}

	@Test
	void createMusicWhenAPropertyIsUnknownShouldAnswer400() {
		assertThat(post(ConcertPaths.MUSICS, """
				{"name": "Blue Night 5", "id": 5}""")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON);
		then(this.concerts).shouldHaveNoInteractions();
	}

	private WebTestClientResponse get(String uri) {
		return WebTestClientResponse.from(this.client.get().uri(uri).exchange());
	}

	private WebTestClientResponse post(String uri, String body) {
		return WebTestClientResponse
			.from(this.client.post().uri(uri).contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange());
	}

}

package dev.fluxbench.app.artist;

import java.util.List;
import java.util.Optional;

import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.artist.ArtistRequest;
import dev.fluxbench.contract.artist.Gender;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;

@WebMvcTest(ArtistController.class)
class ArtistControllerTests {

	private static final String ADA = """
			{"id": 1, "name": "Ada Moreau", "gender": "FEMALE", "careerStart": 1960, "birthDate": "1940-01-01",
			 "birthCity": "Tallinn", "country": "Estonia", "keywords": "Afrobeat, Rap"}""";

	private static final String VALID_REQUEST = """
			{"name": "Ada Moreau", "gender": "FEMALE", "careerStart": 1960, "birthDate": "1940-01-01",
			 "birthCity": "Tallinn", "country": "Estonia", "keywords": "Afrobeat, Rap"}""";

	@Autowired
	private MockMvcTester mvc;

	@MockitoBean
	private ArtistRepository artists;

	@Test
	void listWithoutParametersShouldAnswerTheFirstFiftyById() {
		given(this.artists.findAllBy(any())).willReturn(List.of(artist(1, "Ada Moreau"), artist(2, "Bela Kask")));
		assertThat(get(ArtistPaths.ARTISTS)).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isLenientlyEqualTo("[%s, {\"id\": 2, \"name\": \"Bela Kask\"}]".formatted(ADA));
		assertThat(requestedPage()).isEqualTo(PageRequest.of(0, 50, Sort.by("id")));
	}

	@Test
	void listWithPageAndSizeShouldAskForThatPage() {
		given(this.artists.findAllBy(any())).willReturn(List.of());
		assertThat(get(ArtistPaths.ARTISTS + "?page=3&size=1000")).hasStatusOk().bodyJson().isLenientlyEqualTo("[]");
		assertThat(requestedPage()).isEqualTo(PageRequest.of(3, 1000, Sort.by("id")));
	}

	@Test
	void listWhenSizeIsZeroShouldAnswer400() {
		assertThat(get(ArtistPaths.ARTISTS + "?size=0")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_PARAMETER, ArtistPaths.ARTISTS,
					"Parameter 'size' has an invalid value: '0' (must be greater than or equal to 1)."));
		then(this.artists).shouldHaveNoInteractions();
	}

	@Test
	void listWhenSizeIsAboveTheMaximumShouldAnswer400() {
		assertThat(get(ArtistPaths.ARTISTS + "?size=1001")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_PARAMETER, ArtistPaths.ARTISTS,
					"Parameter 'size' has an invalid value: '1001' (must be less than or equal to 1000)."));
	}

	@Test
	void listWhenPageIsNegativeShouldAnswer400() {
		assertThat(get(ArtistPaths.ARTISTS + "?page=-1")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_PARAMETER, ArtistPaths.ARTISTS,
					"Parameter 'page' has an invalid value: '-1' (must be greater than or equal to 0)."));
	}

	@Test
	void listWhenSizeIsNotANumberShouldAnswer400() {
		assertThat(get(ArtistPaths.ARTISTS + "?size=abc")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_PARAMETER, ArtistPaths.ARTISTS,
					"Parameter 'size' has an invalid value: 'abc'."));
	}

	@Test
	void getWhenArtistExistsShouldAnswerIt() {
		given(this.artists.findById(1L)).willReturn(Optional.of(artist(1, "Ada Moreau")));
		assertThat(get(ArtistPaths.ARTISTS + "/1")).hasStatusOk()
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo(ADA);
	}

	@Test
	void getWhenArtistIsUnknownShouldAnswer404() {
		given(this.artists.findById(99L)).willReturn(Optional.empty());
		assertThat(get(ArtistPaths.ARTISTS + "/99")).hasStatus(HttpStatus.NOT_FOUND)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					problem(ProblemType.NOT_FOUND, ArtistPaths.ARTISTS + "/99", "Artist 99 does not exist."));
	}

	@Test
	void getWhenIdIsNotANumberShouldAnswer400() {
		assertThat(get(ArtistPaths.ARTISTS + "/abc")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_PARAMETER, ArtistPaths.ARTISTS + "/abc",
					"Parameter 'id' has an invalid value: 'abc'."));
	}

	@Test
	void createShouldAnswer201WithLocationAndTheSavedArtist() {
		given(this.artists.save(any())).willAnswer((invocation) -> withId(invocation.getArgument(0), 1));
		// Absolute, as on a real server: a mock WebFlux request without a host would get
		// a relative Location.
		assertThat(this.mvc.post()
			.uri("http://localhost" + ArtistPaths.ARTISTS)
			.contentType(MediaType.APPLICATION_JSON)
			.content(VALID_REQUEST)).hasStatus(HttpStatus.CREATED)
			.hasHeader(HttpHeaders.LOCATION, "http://localhost" + ArtistPaths.ARTISTS + "/1")
			.hasContentType(MediaType.APPLICATION_JSON)
			.bodyJson()
			.isStrictlyEqualTo(ADA);
	}

	@Test
	void createWhenFieldsAreInvalidShouldNameThem() {
		String request = """
				{"name": " ", "gender": "FEMALE", "careerStart": -1, "country": "%s"}""".formatted("x".repeat(256));
		assertThat(create(request)).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, ArtistPaths.ARTISTS, "3 fields are invalid.",
					new InvalidField("careerStart", "must be greater than or equal to 0"),
					new InvalidField("country", "size must be between 0 and 255"),
					new InvalidField("name", "must not be blank")));
		then(this.artists).shouldHaveNoInteractions();
	}

	@Test
	void createWhenRequiredFieldsAreMissingShouldNameThem() {
		assertThat(create("{}")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, ArtistPaths.ARTISTS, "3 fields are invalid.",
					new InvalidField("careerStart", "must not be null"), new InvalidField("gender", "must not be null"),
					new InvalidField("name", "must not be blank")));
	}

	@Test
	void createWhenGenderIsUnknownShouldNameTheField() {
		String request = VALID_REQUEST.replace("\"FEMALE\"", "\"ROBOT\"");
		assertThat(create(request)).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, ArtistPaths.ARTISTS, "1 field is invalid.",
					new InvalidField("gender", "must be one of [FEMALE, MALE, OTHER]")));
	}

	@Test
	void createWhenCareerStartIsOutOfRangeShouldNameTheField() {
		String request = VALID_REQUEST.replace("1960", "99999999999999999999");
		assertThat(create(request)).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, ArtistPaths.ARTISTS, "1 field is invalid.",
					new InvalidField("careerStart", "is out of range")));
	}

	@Test
	void createWithUnknownPropertyShouldNameTheField() {
		String request = VALID_REQUEST.replace("{", "{\"id\": 7, ");
		assertThat(create(request)).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.INVALID_FIELDS, ArtistPaths.ARTISTS, "1 field is invalid.",
					new InvalidField("id", "is not a known field")));
		then(this.artists).shouldHaveNoInteractions();
	}

	@Test
	void createWhenBodyIsMalformedShouldAnswer400() {
		assertThat(create("{\"name\": }")).hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					problem(ProblemType.MALFORMED_BODY, ArtistPaths.ARTISTS, "The request body is not valid JSON."));
	}

	@Test
	void createWhenBodyIsEmptyShouldSayItIsMissing() {
		assertThat(this.mvc.post().uri(ArtistPaths.ARTISTS).contentType(MediaType.APPLICATION_JSON))
			.hasStatus(HttpStatus.BAD_REQUEST)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(
					problem(ProblemType.MALFORMED_BODY, ArtistPaths.ARTISTS, "The request body is missing."));
	}

	@Test
	void createWhenContentTypeIsTextShouldAnswer415() {
		assertThat(this.mvc.post().uri(ArtistPaths.ARTISTS).contentType(MediaType.TEXT_PLAIN).content(VALID_REQUEST))
			.hasStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.UNSUPPORTED_MEDIA_TYPE, ArtistPaths.ARTISTS,
					"Content type 'text/plain' is not supported; send application/json."));
	}

	@Test
	void deleteShouldAnswer405WithAllowHeader() {
		MvcTestResult result = this.mvc.delete().uri(ArtistPaths.ARTISTS).exchange();
		assertThat(result).hasStatus(HttpStatus.METHOD_NOT_ALLOWED)
			.hasContentType(MediaType.APPLICATION_PROBLEM_JSON)
			.bodyJson()
			.isLenientlyEqualTo(problem(ProblemType.METHOD_NOT_ALLOWED, ArtistPaths.ARTISTS,
					"Method DELETE is not allowed here; use GET, POST."));
		// RFC 9110 leaves the order of the methods in Allow to the server.
		assertThat(result).headers()
			.satisfies((headers) -> assertThat(headers.getAllow()).containsExactlyInAnyOrder(HttpMethod.GET,
					HttpMethod.POST));
	}

	private MockMvcRequestBuilder get(String uri) {
		return this.mvc.get().uri(uri);
	}

	private MockMvcRequestBuilder create(String artist) {
		return this.mvc.post().uri(ArtistPaths.ARTISTS).contentType(MediaType.APPLICATION_JSON).content(artist);
	}

	private Pageable requestedPage() {
		ArgumentCaptor<Pageable> pageable = ArgumentCaptor.forClass(Pageable.class);
		then(this.artists).should().findAllBy(pageable.capture());
		return pageable.getValue();
	}

	private static Artist artist(long id, String name) {
		return withId(Artist
			.from(new ArtistRequest(name, Gender.FEMALE, 1960L, "1940-01-01", "Tallinn", "Estonia", "Afrobeat, Rap")),
				id);
	}

	// The database assigns the id on insert, so the entity has no setter for it.
	private static Artist withId(Artist artist, long id) {
		ReflectionTestUtils.setField(artist, "id", id);
		return artist;
	}

}

package dev.fluxbench.contract.problem;

import java.util.List;

import dev.fluxbench.contract.artist.ArtistRequest;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Real Jackson 3 failures, configured as both apps configure Jackson, so that a change in
 * how Jackson reports a failure shows here before a stack answers differently.
 */
class BadInputTests {

	private static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.build();

	private static final String VALID = """
			{"name": "Ada Moreau", "gender": "FEMALE", "careerStart": 1960}""";

	@Test
	void unreadableBodyWhenJsonIsMalformedShouldBeMalformedBody() {
		assertThat(BadInput.unreadableBody(failureReading("{\"name\": }")))
			.isEqualTo(Problem.of(ProblemType.MALFORMED_BODY, "The request body is not valid JSON."));
	}

	@Test
	void unreadableBodyWhenJsonIsTruncatedShouldBeMalformedBody() {
		assertThat(BadInput.unreadableBody(failureReading("{\"name\": \"Ada\"")))
			.isEqualTo(Problem.of(ProblemType.MALFORMED_BODY, "The request body is not valid JSON."));
	}

	@Test
	void unreadableBodyWhenGenderIsUnknownShouldNameTheFieldAndTheChoices() {
		assertThat(BadInput.unreadableBody(failureReading(VALID.replace("FEMALE", "ROBOT"))))
			.isEqualTo(invalid("gender", "must be one of [FEMALE, MALE, OTHER]"));
	}

	@Test
	void unreadableBodyWhenCareerStartIsNotANumberShouldNameTheField() {
		assertThat(BadInput.unreadableBody(failureReading(VALID.replace("1960", "\"abc\""))))
			.isEqualTo(invalid("careerStart", "must be a number"));
	}

	@Test
	void unreadableBodyWhenCareerStartIsOutOfRangeShouldNameTheField() {
		assertThat(BadInput.unreadableBody(failureReading(VALID.replace("1960", "99999999999999999999"))))
			.isEqualTo(invalid("careerStart", "is out of range"));
	}

	@Test
	void unreadableBodyWhenNameIsAnObjectShouldNameTheField() {
		assertThat(BadInput.unreadableBody(failureReading(VALID.replace("\"Ada Moreau\"", "{}"))))
			.isEqualTo(invalid("name", "must be a string"));
	}

	@Test
	void unreadableBodyWhenPropertyIsUnknownShouldNameIt() {
		assertThat(BadInput.unreadableBody(failureReading(VALID.replace("{", "{\"id\": 7, "))))
			.isEqualTo(invalid("id", "is not a known field"));
	}

	@Test
	void unreadableBodyWhenBodyIsAnArrayShouldBeMalformedBody() {
		assertThat(BadInput.unreadableBody(failureReading("[" + VALID + "]")))
			.isEqualTo(Problem.of(ProblemType.MALFORMED_BODY, "The request body does not have the expected shape."));
	}

	@Test
	void unreadableBodyWhenAListElementIsWrongShouldNameItsIndex() {
		Throwable failure = catchThrowable(
				() -> MAPPER.readValue("[" + VALID + ", {\"name\": {}}]", new TypeReference<List<ArtistRequest>>() {
				}));
		assertThat(BadInput.unreadableBody(failure)).isEqualTo(invalid("[1].name", "must be a string"));
	}

	@Test
	void unreadableBodyShouldFindTheJacksonFailureBehindFrameworkExceptions() {
		// Both frameworks wrap Jackson's exception, WebFlux twice.
		Throwable wrapped = new IllegalStateException("decoding",
				new RuntimeException(failureReading(VALID.replace("FEMALE", "ROBOT"))));
		assertThat(BadInput.unreadableBody(wrapped))
			.isEqualTo(invalid("gender", "must be one of [FEMALE, MALE, OTHER]"));
	}

	@Test
	void unreadableBodyWithoutJacksonFailureShouldBeMalformedBody() {
		assertThat(BadInput.unreadableBody(new IllegalStateException("I/O error")))
			.isEqualTo(Problem.of(ProblemType.MALFORMED_BODY, "The request body is not valid JSON."));
	}

	@Test
	void missingBodyShouldSaySo() {
		assertThat(BadInput.missingBody())
			.isEqualTo(Problem.of(ProblemType.MALFORMED_BODY, "The request body is missing."));
	}

	@Test
	void methodNotAllowedShouldListTheAllowedMethodsSorted() {
		assertThat(BadInput.methodNotAllowed("DELETE", List.of("POST", "GET")).detail())
			.isEqualTo("Method DELETE is not allowed here; use GET, POST.");
	}

	@Test
	void unsupportedMediaTypeWithoutContentTypeShouldSaySo() {
		assertThat(BadInput.unsupportedMediaType(null, "application/json").detail())
			.isEqualTo("A body without a content type is not supported; send application/json.");
	}

	@Test
	void invalidFieldsShouldSortErrorsByFieldThenReason() {
		Problem problem = Problem.invalidFields(List.of(new InvalidField("name", "must not be blank"),
				new InvalidField("careerStart", "must not be null"), new InvalidField("name", "is too long")));
		assertThat(problem.errors()).containsExactly(new InvalidField("careerStart", "must not be null"),
				new InvalidField("name", "is too long"), new InvalidField("name", "must not be blank"));
		assertThat(problem.detail()).isEqualTo("3 fields are invalid.");
	}

	@Test
	void invalidFieldsWithOneErrorShouldSaySingular() {
		assertThat(invalid("name", "must not be blank").detail()).isEqualTo("1 field is invalid.");
	}

	private static Throwable failureReading(String json) {
		Throwable failure = catchThrowable(() -> MAPPER.readValue(json, ArtistRequest.class));
		assertThat(failure).as("reading %s", json).isNotNull();
		return failure;
	}

	private static Problem invalid(String field, String reason) {
		return Problem.invalidFields(List.of(new InvalidField(field, reason)));
	}

}

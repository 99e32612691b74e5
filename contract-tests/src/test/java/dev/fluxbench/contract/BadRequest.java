package dev.fluxbench.contract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.chain.ChainPaths;
import dev.fluxbench.contract.problem.ProblemType;

/**
 * A client mistake and the problem every stack must answer it with.
 *
 * @param fields the invalid fields the problem must name, in order, for
 * {@link ProblemType#INVALID_FIELDS}
 * @param reason the reason every named field must give, or {@code null} to accept any
 */
record BadRequest(String name, Call call, ProblemType expected, List<String> fields, String reason) {

	private static final String ARTISTS = ArtistPaths.ARTISTS;

	private static final String PASSTHROUGH = "/passthrough/message";

	private static final String CHAIN = ChainPaths.CHAIN + "/bad-1";

	private static final String UNKNOWN = "is not a known field";

	/**
	 * Seed 001's artist as raw JSON values, valid; the cases below break it one way at a
	 * time.
	 */
	private static final Map<String, String> ARTIST = orderedPairs("name", "\"Nicky Minaj\"", "gender", "\"FEMALE\"",
			"careerStart", "1000", "birthDate", "\"a date\"", "birthCity", "\"Port of Spain\"", "country",
			"\"Trinidad en Tobago\"", "keywords", "\"Rap\"");

	/** The chain's, refused before anything is called; the apps' max-depth is 16. */
	static final List<BadRequest> CHAIN_CATALOGUE = List.of(
			problem("chain depth=0", Call.get(CHAIN + "?depth=0"), ProblemType.INVALID_PARAMETER),
			problem("chain depth beyond max-depth", Call.get(CHAIN + "?depth=17"), ProblemType.INVALID_PARAMETER),
			problem("chain depth=abc", Call.get(CHAIN + "?depth=abc"), ProblemType.INVALID_PARAMETER),
			problem("chain delay=-1", Call.get(CHAIN + "?delay=-1"), ProblemType.INVALID_PARAMETER),
			problem("chain delay beyond the maximum", Call.get(CHAIN + "?delay=" + (ChainPaths.MAX_DELAY_MILLIS + 1)),
					ProblemType.INVALID_PARAMETER),
			problem("chain bytes=-1", Call.get(CHAIN + "?bytes=-1"), ProblemType.INVALID_PARAMETER),
			problem("chain bytes beyond the maximum", Call.get(CHAIN + "?bytes=" + (ChainPaths.MAX_BYTES + 1)),
					ProblemType.INVALID_PARAMETER),
			problem("chain id of 65 characters", Call.get(ChainPaths.CHAIN + "/" + "i".repeat(65)),
					ProblemType.INVALID_PARAMETER),
			problem("POST on the chain", Call.post(CHAIN, "{}"), ProblemType.METHOD_NOT_ALLOWED));

	static final List<BadRequest> CATALOGUE = Stream.concat(Stream.of(
			// Bodies that are not JSON, or not a JSON object.
			problem("truncated JSON", Call.post(ARTISTS, "{\"name\":\"Nicky"), ProblemType.MALFORMED_BODY),
			problem("not JSON", Call.post(ARTISTS, "name=Nicky"), ProblemType.MALFORMED_BODY),
			problem("empty body", Call.post(ARTISTS, ""), ProblemType.MALFORMED_BODY),
			problem("JSON array instead of an object", Call.post(ARTISTS, "[" + artistJson() + "]"),
					ProblemType.MALFORMED_BODY),
			problem("trailing garbage after the object", Call.post(ARTISTS, artistJson() + " x"),
					ProblemType.MALFORMED_BODY),
			problem("passthrough with truncated JSON", Call.post(PASSTHROUGH, "{\"id\":"), ProblemType.MALFORMED_BODY),
			// Well-formed JSON with fields of the wrong type, or fields the contract does
			// not know.
			fields("gender ROBOT", artist("gender", "\"ROBOT\""), "gender"),
			fields("careerStart as text", artist("careerStart", "\"abc\""), "careerStart"),
			fields("name as an object", artist("name", "{}"), "name"),
			unknown("unknown field id", Call.post(ARTISTS, "{\"id\":7," + artistJson().substring(1)), "id"),
			unknown("misspelt field nmae",
					Call.post(ARTISTS, "{\"nmae\":\"Nicky\",\"gender\":\"MALE\",\"careerStart\":1}"), "nmae"),
			// Bean Validation.
			fields("blank name", artist("name", "\"   \""), "name"),
			fields("missing name", artist("name", null), "name"),
			fields("null gender", artist("gender", "null"), "gender"),
			fields("negative careerStart", artist("careerStart", "-1"), "careerStart"),
			fields("name of 256 characters", artist("name", "\"" + "n".repeat(256) + "\""), "name"),
			fields("birthDate of 65 characters", artist("birthDate", "\"" + "d".repeat(65) + "\""), "birthDate"),
			fields("two invalid fields at once", artist("name", "\"\"", "careerStart", "-1"), "careerStart", "name"),
			fields("passthrough delay -1", message("\"id\":\"m-1\",\"payload\":\"p\",\"delay\":-1"), "delay"),
			fields("passthrough delay 60001", message("\"id\":\"m-1\",\"payload\":\"p\",\"delay\":60001"), "delay"),
			fields("passthrough without id", message("\"payload\":\"p\",\"delay\":0"), "id"),
			fields("passthrough id of 65 characters",
					message("\"id\":\"" + "i".repeat(65) + "\",\"payload\":\"p\",\"delay\":0"), "id"),
			fields("passthrough with null payload", message("\"id\":\"m-1\",\"payload\":null,\"delay\":0"), "payload"),
			// Content types.
			problem("text/plain body", Call.post(ARTISTS, artistJson()).body("text/plain", artistJson()),
					ProblemType.UNSUPPORTED_MEDIA_TYPE),
			problem("application/xml body", Call.post(ARTISTS, "<artist/>").body("application/xml", "<artist/>"),
					ProblemType.UNSUPPORTED_MEDIA_TYPE),
			problem("passthrough with text/plain body", Call.post(PASSTHROUGH, "hi").body("text/plain", "hi"),
					ProblemType.UNSUPPORTED_MEDIA_TYPE),
			// Path and query parameters.
			problem("artist id abc", Call.get(ARTISTS + "/abc"), ProblemType.INVALID_PARAMETER),
			problem("unknown artist id", Call.get(ARTISTS + "/999999999"), ProblemType.NOT_FOUND),
			problem("size=0", Call.get(ARTISTS + "?size=0"), ProblemType.INVALID_PARAMETER),
			problem("size=1001", Call.get(ARTISTS + "?size=1001"), ProblemType.INVALID_PARAMETER),
			problem("page=-1", Call.get(ARTISTS + "?page=-1"), ProblemType.INVALID_PARAMETER),
			problem("size=abc", Call.get(ARTISTS + "?size=abc"), ProblemType.INVALID_PARAMETER),
			problem("page=abc", Call.get(ARTISTS + "?page=abc&size=10"), ProblemType.INVALID_PARAMETER),
			// Methods and paths.
			problem("DELETE on the artist list", Call.of("DELETE", ARTISTS), ProblemType.METHOD_NOT_ALLOWED),
			problem("PUT on an artist", Call.of("PUT", ARTISTS + "/1").body(Call.JSON, artistJson()),
					ProblemType.METHOD_NOT_ALLOWED),
			problem("GET on the passthrough", Call.get(PASSTHROUGH), ProblemType.METHOD_NOT_ALLOWED),
			problem("unknown path", Call.get("/no/such/path"), ProblemType.NOT_FOUND)), CHAIN_CATALOGUE.stream())
		.toList();

	static BadRequest problem(String name, Call call, ProblemType expected) {
		return new BadRequest(name, call, expected, List.of(), null);
	}

	static BadRequest fields(String name, Call call, String... fields) {
		return new BadRequest(name, call, ProblemType.INVALID_FIELDS, List.of(fields), null);
	}

	static BadRequest unknown(String name, Call call, String field) {
		return new BadRequest(name, call, ProblemType.INVALID_FIELDS, List.of(field), UNKNOWN);
	}

	/**
	 * Seed 001's artist, posted, with these fields replaced by these raw JSON values
	 * ({@code null} drops the field). Replaced in place rather than repeated: a duplicate
	 * key is a fault of its own.
	 */
	private static Call artist(String... fieldsAndValues) {
		return Call.post(ARTISTS, artistJson(fieldsAndValues));
	}

	private static String artistJson(String... fieldsAndValues) {
		Map<String, String> artist = new LinkedHashMap<>(ARTIST);
		artist.putAll(orderedPairs(fieldsAndValues));
		artist.values().removeIf(Objects::isNull);
		return artist.entrySet()
			.stream()
			.map((field) -> "\"" + field.getKey() + "\":" + field.getValue())
			.collect(Collectors.joining(",", "{", "}"));
	}

	private static Map<String, String> orderedPairs(String... pairs) {
		Map<String, String> map = new LinkedHashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			map.put(pairs[i], pairs[i + 1]);
		}
		return map;
	}

	private static Call message(String properties) {
		return Call.post(PASSTHROUGH, "{" + properties + "}");
	}

	@Override
	public String toString() {
		return this.name;
	}

}

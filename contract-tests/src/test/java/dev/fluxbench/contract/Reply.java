package dev.fluxbench.contract;

import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.chain.ChainDto;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * A stack's answer to a {@link Call}.
 *
 * @param from who answered, such as {@code h2/webflux}, for failure messages
 */
record Reply(String from, Call call, int status, HttpHeaders headers, String body) {

	Optional<String> header(String name) {
		return this.headers.firstValue(name);
	}

	/** The Content-Type without parameters, lower case; empty when there is none. */
	String mediaType() {
		return header("Content-Type").map((type) -> type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT)).orElse("");
	}

	JsonNode json() {
		try {
			return Json.MAPPER.readTree(this.body);
		}
		catch (JacksonException ex) {
			throw new AssertionError("Expected JSON but got " + this, ex);
		}
	}

	ArtistDto artist() {
		return Json.MAPPER.readValue(this.body, ArtistDto.class);
	}

	ChainDto chain() {
		return Json.MAPPER.readValue(this.body, ChainDto.class);
	}

	List<ArtistDto> artists() {
		return Json.MAPPER.readValue(this.body, new TypeReference<List<ArtistDto>>() {
		});
	}

	@Override
	public String toString() {
		String contentType = header("Content-Type").orElse("(no content type)");
		return this.from + ": " + this.call + " -> " + this.status + " " + contentType + " " + this.body;
	}

}

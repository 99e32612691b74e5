package dev.fluxbench.contract.artist;

/**
 * An artist as every stack returns it: the request's fields plus the id the database
 * chose.
 */
public record ArtistDto(long id, String name, Gender gender, Long careerStart, String birthDate, String birthCity,
		String country, String keywords) {

}

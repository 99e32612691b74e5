package dev.fluxbench.app.artist;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.ArtistRequest;
import dev.fluxbench.contract.artist.Gender;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table("artist")
record Artist(@Id Long id, String name, Gender gender, Long careerStart, String birthDate, String birthCity,
		String country, String keywords) {

	static Artist from(ArtistRequest request) {
		return new Artist(null, request.name(), request.gender(), request.careerStart(), request.birthDate(),
				request.birthCity(), request.country(), request.keywords());
	}

	ArtistDto toDto() {
		return new ArtistDto(this.id, this.name, this.gender, this.careerStart, this.birthDate, this.birthCity,
				this.country, this.keywords);
	}

}

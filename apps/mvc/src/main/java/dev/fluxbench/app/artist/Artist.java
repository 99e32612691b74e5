package dev.fluxbench.app.artist;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.ArtistRequest;
import dev.fluxbench.contract.artist.Gender;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "artist")
public class Artist {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	private String name;

	@Enumerated(EnumType.STRING)
	private Gender gender;

	private Long careerStart;

	private String birthDate;

	private String birthCity;

	private String country;

	private String keywords;

	protected Artist() {
	}

	static Artist from(ArtistRequest request) {
		Artist artist = new Artist();
		artist.name = request.name();
		artist.gender = request.gender();
		artist.careerStart = request.careerStart();
		artist.birthDate = request.birthDate();
		artist.birthCity = request.birthCity();
		artist.country = request.country();
		artist.keywords = request.keywords();
		return artist;
	}

	public ArtistDto toDto() {
		return new ArtistDto(this.id, this.name, this.gender, this.careerStart, this.birthDate, this.birthCity,
				this.country, this.keywords);
	}

}

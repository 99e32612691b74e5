package dev.fluxbench.app.concert;

import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.MusicRequest;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "music")
class Music {

	@Id
	@GeneratedValue(strategy = GenerationType.IDENTITY)
	private Long id;

	private String name;

	private String lyrics;

	protected Music() {
	}

	static Music from(MusicRequest request) {
		Music music = new Music();
		music.name = request.name();
		music.lyrics = request.lyrics();
		return music;
	}

	Long getId() {
		return this.id;
	}

	MusicDto toDto() {
		return new MusicDto(this.id, this.name, this.lyrics);
	}

}

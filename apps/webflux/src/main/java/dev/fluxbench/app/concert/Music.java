package dev.fluxbench.app.concert;

import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.MusicRequest;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table("music")
record Music(@Id Long id, String name, String lyrics) {

	static Music from(MusicRequest request) {
		return new Music(null, request.name(), request.lyrics());
	}

	MusicDto toDto() {
		return new MusicDto(this.id, this.name, this.lyrics);
	}

}

package dev.fluxbench.app.concert;

import dev.fluxbench.contract.concert.ConcertPaths;
import dev.fluxbench.contract.concert.MusicDto;
import dev.fluxbench.contract.concert.MusicRequest;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@RequestMapping(path = ConcertPaths.MUSICS, produces = MediaType.APPLICATION_JSON_VALUE)
class MusicController {

	private final ConcertService concerts;

	MusicController(ConcertService concerts) {
		this.concerts = concerts;
	}

	@GetMapping("/{id}")
	Mono<MusicDto> get(@PathVariable long id) {
		return this.concerts.music(id);
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<MusicDto>> create(@Valid @RequestBody MusicRequest request, UriComponentsBuilder uri) {
		return this.concerts.create(request)
			.map((created) -> ResponseEntity.created(uri.path(ConcertPaths.MUSICS + "/{id}").build(created.id()))
				.body(created));
	}

}

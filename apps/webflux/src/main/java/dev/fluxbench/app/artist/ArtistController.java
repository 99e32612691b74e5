package dev.fluxbench.app.artist;

import java.util.List;

import dev.fluxbench.contract.artist.ArtistDto;
import dev.fluxbench.contract.artist.ArtistPaths;
import dev.fluxbench.contract.artist.ArtistRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import reactor.core.publisher.Mono;

import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

@RestController
@RequestMapping(path = ArtistPaths.ARTISTS, produces = MediaType.APPLICATION_JSON_VALUE)
class ArtistController {

	private final ArtistRepository artists;

	ArtistController(ArtistRepository artists) {
		this.artists = artists;
	}

	// One List, encoded at once like MVC does: a Flux would be written as one JSON
	// element per buffer, and those small writes cost more CPU than the query.
	@GetMapping
	Mono<List<ArtistDto>> list(@RequestParam(defaultValue = "0") @Min(0) int page, @RequestParam(
			defaultValue = "" + ArtistPaths.DEFAULT_PAGE_SIZE) @Min(1) @Max(ArtistPaths.MAX_PAGE_SIZE) int size) {
		return this.artists.findAllBy(PageRequest.of(page, size, Sort.by("id"))).map(Artist::toDto).collectList();
	}

	@GetMapping("/{id}")
	Mono<ArtistDto> get(@PathVariable long id) {
		return this.artists.findById(id)
			.map(Artist::toDto)
			.switchIfEmpty(Mono.error(() -> new ArtistNotFoundException(id)));
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<ArtistDto>> create(@Valid @RequestBody ArtistRequest request, UriComponentsBuilder uri) {
		return this.artists.save(Artist.from(request))
			.map(Artist::toDto)
			.map((created) -> ResponseEntity.created(uri.path(ArtistPaths.ARTISTS + "/{id}").build(created.id()))
				.body(created));
	}

}

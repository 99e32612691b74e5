package dev.fluxbench.app.concert;

import dev.fluxbench.contract.concert.ConcertPaths;
import dev.fluxbench.contract.concert.ListingDto;
import dev.fluxbench.contract.concert.ListingRequest;
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
@RequestMapping(path = ConcertPaths.LISTINGS, produces = MediaType.APPLICATION_JSON_VALUE)
class ListingController {

	private final ConcertService concerts;

	ListingController(ConcertService concerts) {
		this.concerts = concerts;
	}

	@GetMapping("/{id}")
	Mono<ListingDto> get(@PathVariable long id) {
		return this.concerts.listing(id);
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<ListingDto>> create(@Valid @RequestBody ListingRequest request, UriComponentsBuilder uri) {
		return this.concerts.create(request)
			.flatMap(this.concerts::listing)
			.map((created) -> ResponseEntity.created(uri.path(ConcertPaths.LISTINGS + "/{id}").build(created.id()))
				.body(created));
	}

}

package dev.fluxbench.app.concert;

import dev.fluxbench.contract.concert.ConcertDto;
import dev.fluxbench.contract.concert.ConcertPaths;
import dev.fluxbench.contract.concert.ConcertRequest;
import jakarta.validation.Valid;

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
@RequestMapping(path = ConcertPaths.CONCERTS, produces = MediaType.APPLICATION_JSON_VALUE)
class ConcertController {

	private final ConcertService concerts;

	ConcertController(ConcertService concerts) {
		this.concerts = concerts;
	}

	@GetMapping("/{id}")
	ConcertDto get(@PathVariable long id) {
		return this.concerts.concert(id);
	}

	// Answered as GET reads it, after the commit: the same bytes whichever way it was
	// written.
	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<ConcertDto> create(@Valid @RequestBody ConcertRequest request, UriComponentsBuilder uri) {
		ConcertDto created = this.concerts.concert(this.concerts.create(request));
		return ResponseEntity.created(uri.path(ConcertPaths.CONCERTS + "/{id}").build(created.id())).body(created);
	}

}

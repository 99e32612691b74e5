package dev.fluxbench.app.ingestion;

import java.util.List;

import dev.fluxbench.contract.unit.IngestionDetails;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionRequest;
import dev.fluxbench.contract.unit.UnitPaths;
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

/**
 * Starts ingestions by hand and shows their records. A POST answers once the file is
 * ingested, with 201 whether it succeeded or failed: either way a record was created, and
 * its status says which.
 */
@RestController
@RequestMapping(path = UnitPaths.INGESTIONS, produces = MediaType.APPLICATION_JSON_VALUE)
class IngestionController {

	private final IngestionService ingestions;

	private final IngestionProperties properties;

	IngestionController(IngestionService ingestions, IngestionProperties properties) {
		this.ingestions = ingestions;
		this.properties = properties;
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<IngestionDto>> ingest(@Valid @RequestBody IngestionRequest request, UriComponentsBuilder uri) {
		IngestionRules.requireValid(request, this.properties);
		return this.ingestions.ingest(request.partner(), request.day())
			.map((ingestion) -> ResponseEntity.created(uri.path(UnitPaths.INGESTIONS + "/{id}").build(ingestion.id()))
				.body(ingestion));
	}

	@GetMapping
	Mono<List<IngestionDto>> recent() {
		return this.ingestions.recent();
	}

	@GetMapping("/{id}")
	Mono<IngestionDetails> get(@PathVariable long id) {
		return this.ingestions.details(id);
	}

}

package dev.fluxbench.app.operation;

import java.util.List;

import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationPaths;
import dev.fluxbench.contract.operation.OperationRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.thread.Threading;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Seed 002's operations, reactive whatever stores them ({@link Operations}): webflux,
 * webflux-jdbc and webflux-jdbc-parallel. With virtual threads on,
 * {@link BlockingOperationController} answers instead. Every request needs a bearer token
 * (see the security package).
 */
@RestController
@RequestMapping(path = OperationPaths.OPERATIONS, produces = MediaType.APPLICATION_JSON_VALUE)
@ConditionalOnThreading(Threading.PLATFORM)
class OperationController {

	private final Operations operations;

	OperationController(Operations operations) {
		this.operations = operations;
	}

	// One List, encoded at once, as for artists: a Flux would be written one element per
	// buffer.
	@GetMapping
	Mono<ResponseEntity<List<OperationDto>>> list(@RequestParam(defaultValue = "0") @Min(0) int page, @RequestParam(
			defaultValue = "" + OperationPaths.DEFAULT_PAGE_SIZE) @Min(1) @Max(OperationPaths.MAX_PAGE_SIZE) int size) {
		return this.operations.page(PageRequest.of(page, size, Sort.by("id")))
			.map((found) -> ResponseEntity.ok()
				.header(OperationPaths.TOTAL_COUNT_HEADER, Long.toString(found.getTotalElements()))
				.body(found.getContent()));
	}

	@GetMapping("/{id}")
	Mono<OperationDto> get(@PathVariable long id) {
		return this.operations.find(id).switchIfEmpty(Mono.error(() -> new OperationNotFoundException(id)));
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	Mono<ResponseEntity<OperationDto>> create(@Valid @RequestBody OperationRequest request, UriComponentsBuilder uri) {
		return this.operations.create(request.asStored())
			.map((created) -> ResponseEntity.created(uri.path(OperationPaths.OPERATIONS + "/{id}").build(created.id()))
				.body(created));
	}

	@DeleteMapping("/{id}")
	Mono<ResponseEntity<Void>> delete(@PathVariable long id) {
		return this.operations.delete(id)
			.flatMap((deleted) -> deleted ? Mono.just(ResponseEntity.noContent().<Void>build())
					: Mono.error(new OperationNotFoundException(id)));
	}

}

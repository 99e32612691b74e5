package dev.fluxbench.app.operation;

import java.util.List;

import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationPaths;
import dev.fluxbench.contract.operation.OperationRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnThreading;
import org.springframework.boot.thread.Threading;
import org.springframework.data.domain.Page;
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
 * webflux-vt: seed 002's operations as mvc writes them, plain values over the blocking
 * {@link OperationJpaRepository}, in the WebFlux stack. With
 * {@code spring.threads.virtual.enabled}, Boot hands WebFlux its virtual-thread executor
 * for controller methods whose return type is not reactive, so each of these runs on a
 * virtual thread of its own, never on an event loop; the body is still read and written
 * by Netty without blocking.
 */
@RestController
@RequestMapping(path = OperationPaths.OPERATIONS, produces = MediaType.APPLICATION_JSON_VALUE)
@ConditionalOnThreading(Threading.VIRTUAL)
@ConditionalOnProperty(name = OperationsProperties.REPOSITORY, havingValue = "jpa")
class BlockingOperationController {

	private final OperationJpaRepository operations;

	BlockingOperationController(OperationJpaRepository operations) {
		this.operations = operations;
	}

	@GetMapping
	ResponseEntity<List<OperationDto>> list(@RequestParam(defaultValue = "0") @Min(0) int page, @RequestParam(
			defaultValue = "" + OperationPaths.DEFAULT_PAGE_SIZE) @Min(1) @Max(OperationPaths.MAX_PAGE_SIZE) int size) {
		Page<OperationEntity> found = this.operations.findAll(PageRequest.of(page, size, Sort.by("id")));
		return ResponseEntity.ok()
			.header(OperationPaths.TOTAL_COUNT_HEADER, Long.toString(found.getTotalElements()))
			.body(found.getContent().stream().map(OperationEntity::toDto).toList());
	}

	@GetMapping("/{id}")
	OperationDto get(@PathVariable long id) {
		return this.operations.findById(id)
			.map(OperationEntity::toDto)
			.orElseThrow(() -> new OperationNotFoundException(id));
	}

	@PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<OperationDto> create(@Valid @RequestBody OperationRequest request, UriComponentsBuilder uri) {
		OperationDto created = this.operations.save(OperationEntity.from(request.asStored())).toDto();
		return ResponseEntity.created(uri.path(OperationPaths.OPERATIONS + "/{id}").build(created.id())).body(created);
	}

	@DeleteMapping("/{id}")
	ResponseEntity<Void> delete(@PathVariable long id) {
		OperationEntity operation = this.operations.findById(id).orElseThrow(() -> new OperationNotFoundException(id));
		this.operations.delete(operation);
		return ResponseEntity.noContent().build();
	}

}

package dev.fluxbench.app.operation;

import java.util.List;

import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationRequest;
import reactor.core.publisher.Mono;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageImpl;
import org.springframework.data.domain.Pageable;

/** webflux: operations through R2DBC, never leaving the event loops. */
class R2dbcOperations implements Operations {

	private final OperationRepository operations;

	R2dbcOperations(OperationRepository operations) {
		this.operations = operations;
	}

	@Override
	public Mono<Page<OperationDto>> page(Pageable pageable) {
		// The page and the count on two connections at once, where JPA runs them one
		// after the other. When one fails, the other runs to its end before the error is
		// passed on: zip would cancel it mid-query, and a cancelled query can leave a
		// pooled connection stuck (docs/limits.md).
		Mono<List<OperationDto>> page = this.operations.findAllBy(pageable).map(Operation::toDto).collectList();
		return Mono.zipDelayError(page, this.operations.count())
			.map((found) -> new PageImpl<>(found.getT1(), pageable, found.getT2()));
	}

	@Override
	public Mono<OperationDto> find(long id) {
		return this.operations.findById(id).map(Operation::toDto);
	}

	@Override
	public Mono<OperationDto> create(OperationRequest request) {
		return this.operations.save(Operation.from(request)).map(Operation::toDto);
	}

	@Override
	public Mono<Boolean> delete(long id) {
		return this.operations.deleteReturningCount(id).map((deleted) -> deleted > 0);
	}

}

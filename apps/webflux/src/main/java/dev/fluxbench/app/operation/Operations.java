package dev.fluxbench.app.operation;

import dev.fluxbench.contract.operation.OperationDto;
import dev.fluxbench.contract.operation.OperationRequest;
import reactor.core.publisher.Mono;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/**
 * What {@link OperationController} needs from a store, so that the same reactive
 * controller runs over R2DBC ({@link R2dbcOperations}, webflux) and over mvc's blocking
 * repository ({@link JpaOperations}, webflux-jdbc and webflux-jdbc-parallel), as in the
 * seed's applications that were reactive on the REST layer only.
 */
interface Operations {

	/** One page of operations and how many there are in all. */
	Mono<Page<OperationDto>> page(Pageable pageable);

	/** Empty when there is no such operation. */
	Mono<OperationDto> find(long id);

	Mono<OperationDto> create(OperationRequest request);

	/** Whether there was such an operation to delete. */
	Mono<Boolean> delete(long id);

}
